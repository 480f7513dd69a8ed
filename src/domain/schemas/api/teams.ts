// Teams and their entries (spec section 7).
import { SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../../constants/limits';
import { boundedText, deletedIdsSchema, disciplineIdSchema, schoolEventParamsSchema, schoolListOf } from '../common';
import { teamSchema, teamWriteSchema } from '../entities/team';
import { defineRoute } from '../route';

/** A school's teams for an event, grouped by discipline (the read-only listing). */
export const teamGroupSchema = z.object({
  DisciplineId: disciplineIdSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  teams: z.array(teamSchema),
});

/** PUT /api/teams: new and edited teams (with their entries) and the ids of deleted teams. */
export const teamsBodySchema = z.object({
  multi: z.boolean(),
  teams: schoolListOf(teamWriteSchema, 'teams'),
  teamsDeleted: deletedIdsSchema,
});
export type TeamsBody = z.output<typeof teamsBodySchema>;

export const teamsApi = {
  grouped: defineRoute({
    method: 'GET',
    url: '/api/teams/grouped/:SchoolId/:EventId',
    access: SCHOOL_READERS,
    params: schoolEventParamsSchema,
    response: z.array(teamGroupSchema),
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/teams',
    access: SCHOOL_READERS,
    response: z.array(teamSchema),
  }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/teams',
    access: SCHOOL_EDITORS,
    body: teamsBodySchema,
    response: z.array(teamSchema),
  }),
};
