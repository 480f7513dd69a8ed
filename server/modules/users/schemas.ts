// The PUT /api/users body as the server reads it: the contract's, with no user named twice. A row
// whose id begins 'tempid' (spec section 3, CONST-30) is a new user and the server gives it a real
// id; any other id must be a UUID naming a staff user that exists.
import type { z } from 'zod';
import { TEMP_ID_PREFIX } from '../../../src/domain/constants/policy';
import { usersBodySchema } from '../../../src/domain/schemas';

export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

const SAME_USER_TWICE = 'The same user appears twice in this save.';

export const saveUsersBody = usersBodySchema.superRefine((body, ctx) => {
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

export type SaveUsersBody = z.output<typeof saveUsersBody>;
export type UserRowWrite = SaveUsersBody['users'][number];
