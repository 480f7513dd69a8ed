// Staff users (spec section 7).
import { ADMINS } from '../../constants/access';
import { z } from 'zod';
import { MAX_BATCH_ROWS } from '../../constants/limits';
import { deletedIdsSchema } from '../common';
import { adminUserSchema, adminUserWriteSchema } from '../entities/user';
import { defineRoute } from '../route';

const SAME_USER_TWICE = 'The same user appears twice in this save.';

/** The users grid's save: changed and new rows (a new one's id begins 'tempid', spec section 3,
 *  CONST-30) and removed ids, no user named twice. */
export const usersBodySchema = z
  .object({
    multi: z.boolean(),
    users: z.array(adminUserWriteSchema).max(MAX_BATCH_ROWS),
    usersDeleted: deletedIdsSchema,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.users.forEach((row, i) => {
      if (seen.has(row.id)) ctx.addIssue({ code: 'custom', path: ['users', i, 'id'], message: SAME_USER_TWICE });
      seen.add(row.id);
    });
    body.usersDeleted.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['usersDeleted', i], message: SAME_USER_TWICE });
      seen.add(id);
    });
  });
export type SaveUsersBody = z.output<typeof usersBodySchema>;

export const usersApi = {
  list: defineRoute({ method: 'GET', url: '/api/users', access: ADMINS, response: z.array(adminUserSchema) }),
  save: defineRoute({
    method: 'PUT',
    url: '/api/users',
    access: ADMINS,
    body: usersBodySchema,
    response: z.array(adminUserSchema),
  }),
};
