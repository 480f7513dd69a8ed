// Staff users (spec section 7).
import { ADMINS } from '../../constants/access';
import { z } from 'zod';
import { MAX_BATCH_ROWS } from '../../constants/limits';
import { deletedIdsSchema } from '../common';
import { adminUserSchema, adminUserWriteSchema } from '../entities/user';
import { defineRoute } from '../route';

export const usersBodySchema = z.object({
  multi: z.boolean(),
  users: z.array(adminUserWriteSchema).max(MAX_BATCH_ROWS),
  usersDeleted: deletedIdsSchema,
});

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
