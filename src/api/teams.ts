// GET /api/teams/grouped/{SchoolId}/{EventId}: a school's teams by discipline, read from the
// server by an admin or auditor looking at a school other than the one their device mirrors.
// Needs the network; the answer comes back as a result, never thrown.
import { z } from 'zod';
import { teamGroupSchema } from '../domain/schemas/api/teams';
import { call, failure, type CallResult } from './call';

export type TeamGroup = z.infer<typeof teamGroupSchema>;

export const NOT_YOUR_SCHOOL = "You can only see your own school's teams.";

export async function fetchGroupedTeams(schoolId: string, eventId: string): Promise<CallResult<TeamGroup[]>> {
  const answer = await call('get', `api/teams/grouped/${encodeURIComponent(schoolId)}/${encodeURIComponent(eventId)}`);
  if (answer?.status === 200) {
    const parsed = z.array(teamGroupSchema).safeParse(answer.body?.data);
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, status: 200, message: 'The server sent teams this app cannot read. Reload the app.' };
  }
  if (answer?.status === 403) return { ok: false, status: 403, message: NOT_YOUR_SCHOOL };
  return failure(answer, 'The teams could not be loaded.');
}
