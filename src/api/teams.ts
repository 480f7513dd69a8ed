// GET /api/teams/grouped/{SchoolId}/{EventId}: a school's teams by discipline, read from the
// server by an admin or auditor looking at a school other than the one their device mirrors.
// Needs the network; the answer comes back as a result, never thrown.
import type { z } from 'zod';
import { teamsApi, type teamGroupSchema } from '../domain/schemas/api/teams';
import { failure, type CallResult } from './call';
import { callRoute } from './route-call';

export type TeamGroup = z.infer<typeof teamGroupSchema>;

const NOT_YOUR_SCHOOL = "You can only see your own school's teams.";

export async function fetchGroupedTeams(schoolId: string, eventId: string): Promise<CallResult<TeamGroup[]>> {
  const answer = await callRoute(teamsApi.grouped, { params: { SchoolId: schoolId, EventId: eventId } });
  if (answer?.data) return { ok: true, data: answer.data };
  if (answer?.unreadable)
    return { ok: false, status: 200, message: 'The server sent teams this app cannot read. Reload the app.' };
  if (answer?.status === 403) return { ok: false, status: 403, message: NOT_YOUR_SCHOOL };
  return failure(answer, 'The teams could not be loaded.');
}
