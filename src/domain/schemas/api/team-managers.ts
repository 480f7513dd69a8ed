// Team managers (spec section 7).
import { SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { deletedIdsSchema, filterTermsSchema, idSchema, jsonQuery, schoolListOf } from '../common';
import { teamManagerSchema, teamManagerWriteSchema } from '../entities/team-manager';
import { defineRoute } from '../route';

const teamManagersFilterSchema = z.object({
  where: z.object({ SchoolId: idSchema, EventId: idSchema }).partial().optional(),
  order: filterTermsSchema,
  include: filterTermsSchema,
});
export type TeamManagersFilter = z.infer<typeof teamManagersFilterSchema>;
const teamManagersQuerySchema = z.object({ filter: jsonQuery(teamManagersFilterSchema).optional() });

export const teamManagersBodySchema = z.object({
  multi: z.boolean(),
  teamManagers: schoolListOf(teamManagerWriteSchema, 'team managers'),
  teamManagersDeleted: deletedIdsSchema,
});
export type TeamManagersBody = z.output<typeof teamManagersBodySchema>;

export const teamManagersApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v2/team-managers',
    access: SCHOOL_READERS,
    querystring: teamManagersQuerySchema,
    response: z.array(teamManagerSchema),
  }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/teamManagers',
    access: SCHOOL_EDITORS,
    body: teamManagersBodySchema,
    response: z.array(teamManagerSchema),
  }),
};
