// Staff users (spec section 7).
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
  list: defineRoute({ method: 'GET', url: '/api/users', access: ['admin'], response: z.array(adminUserSchema) }),
  save: defineRoute({
    method: 'PUT',
    url: '/api/users',
    access: ['admin'],
    body: usersBodySchema,
    response: z.array(adminUserSchema),
  }),
};
