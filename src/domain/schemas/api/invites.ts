// Invites (spec section 7).
import { ADMINS } from '../../constants/access';
import { z } from 'zod';
import { MAX_BATCH_ROWS } from '../../constants/limits';
import { deletedIdsSchema } from '../common';
import { inviteSchema, inviteWriteSchema } from '../entities/invite';
import { defineRoute } from '../route';

/** PUT /api/invites: the spec's body is { multi, invitesDeleted, overallDeleted }; invites added
 *  by the dialog travel in invites. overallDeleted is accepted as the spec sends it and ignored. */
export const invitesBodySchema = z.object({
  multi: z.boolean(),
  invites: z.array(inviteWriteSchema).max(MAX_BATCH_ROWS).optional(),
  invitesDeleted: deletedIdsSchema,
  overallDeleted: deletedIdsSchema.optional(),
});
export type InvitesBody = z.output<typeof invitesBodySchema>;

export const invitesApi = {
  list: defineRoute({ method: 'GET', url: '/api/invites/', access: ADMINS, response: z.array(inviteSchema) }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/invites',
    access: ADMINS,
    body: invitesBodySchema,
    response: z.array(inviteSchema),
  }),
};
