// Teams of a school in an event, with their race entries (spec section 7): the grouped read, and
// the batch save's outline (batch-check.ts checks, batch-write.ts writes; load.ts reads teams). A
// team belongs to one school and one event; a team entry puts one participant (or nobody yet) in
// a team position.
import { eq, inArray } from 'drizzle-orm';
import type { Team, TeamsBody } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { events, participants, schools } from '../../db/schema';
import { notFound } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { checkBatch } from './batch-check';
import { writeBatch } from './batch-write';
import { loadTeams, type Scope } from './load';

/** Names of the entered participants, for readers who hold no mirror of the school. */
async function participantsByIds(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; firstname: string; lastname: string; snowId: string | null }>();
  const rows = await db
    .select({
      id: participants.id,
      firstname: participants.firstname,
      lastname: participants.lastname,
      snowId: participants.snowId,
    })
    .from(participants)
    .where(inArray(participants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** GET /api/teams/grouped/:SchoolId/:EventId: the school's teams by discipline, disciplines in id
 *  order (only those with teams). */
export async function groupedTeams(db: Db, scope: Scope) {
  const [[school], [event]] = await Promise.all([
    db.select({ id: schools.id }).from(schools).where(eq(schools.id, scope.schoolId)),
    db.select({ id: events.id }).from(events).where(eq(events.id, scope.eventId)),
  ]);
  if (!school) throw notFound('School not found');
  if (!event) throw notFound('Event not found');
  const groups = new Map<number, { DisciplineId: number; name: string; teams: Team[] }>();
  const loaded = await loadTeams(db, scope);
  const named = await participantsByIds(
    db,
    loaded.flatMap((t) => (t.TeamEntries ?? []).flatMap((e) => (e.ParticipantId ? [e.ParticipantId] : []))),
  );
  for (const team of loaded) {
    team.TeamEntries = (team.TeamEntries ?? []).map((e) => ({
      ...e,
      Participant: e.ParticipantId ? (named.get(e.ParticipantId) ?? null) : null,
    }));
    const group = groups.get(team.DisciplineId) ?? {
      DisciplineId: team.DisciplineId,
      name: team.Discipline?.name ?? '',
      teams: [],
    };
    group.teams.push(team);
    groups.set(team.DisciplineId, group);
  }
  return [...groups.values()];
}

/** PUT /api/teams, in the write's transaction: all checked, then all written, or nothing.
 *  Answers the saved teams in the order they were sent. */
export async function saveTeams(tx: Tx, session: SessionInfo, scope: Scope, body: TeamsBody): Promise<Team[]> {
  await assertEventWritable(tx, session, scope.eventId);
  const plan = await checkBatch(tx, session, scope, body);
  await writeBatch(tx, scope, plan);
  const saved = new Map(
    (
      await loadTeams(
        tx,
        scope,
        body.teams.map((t) => t.id),
      )
    ).map((t) => [t.id, t]),
  );
  return body.teams.map((t) => saved.get(t.id)!);
}
