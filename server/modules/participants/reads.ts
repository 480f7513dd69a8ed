// The reads of participants and their race (team) entries: the school's lists, one participant's
// entries, and the participant shape every answer uses (writes answer a participant as the lists
// show it, so shapeParticipants lives here and the writes in service.ts call it).
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type {
  Participant,
  ParticipantTeamEntry,
  ParticipantsFilter,
  TeamEntriesFilter,
  TeamEntry,
} from '../../../src/domain/schemas';
import type { TeamGender, TeamLetter } from '../../../src/domain/constants';
import type { Db, Tx } from '../../db/client';
import { disciplines, events, participants, schools, teamEntries, teams } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { toParticipant, toTeamEntry, type ParticipantRow } from './shape';

type Q = Db | Tx;

/** Race entries per participant in one event (0 without an event). */
async function entryCounts(db: Q, ids: string[], eventId: string | null): Promise<Map<string, number>> {
  if (!ids.length || !eventId) return new Map();
  const rows = await db
    .select({ id: teamEntries.participantId, n: count() })
    .from(teamEntries)
    .where(and(inArray(teamEntries.participantId, ids), eq(teamEntries.eventId, eventId)))
    .groupBy(teamEntries.participantId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

async function entriesOf(db: Q, ids: string[], eventId: string | null): Promise<Map<string, TeamEntry[]>> {
  const by = new Map<string, TeamEntry[]>();
  if (!ids.length || !eventId) return by;
  const rows = await db
    .select()
    .from(teamEntries)
    .where(and(inArray(teamEntries.participantId, ids), eq(teamEntries.eventId, eventId)))
    .orderBy(asc(teamEntries.disciplineId), asc(teamEntries.position));
  for (const r of rows) by.set(r.participantId!, [...(by.get(r.participantId!) ?? []), toTeamEntry(r)]);
  return by;
}

/** Rows in the participant shape, with entryCount (and TeamEntries when asked) for the event. */
export async function shapeParticipants(
  db: Q,
  rows: ParticipantRow[],
  eventId: string | null,
  withEntries = false,
): Promise<Participant[]> {
  const ids = rows.map((r) => r.id);
  const [counts, entries] = await Promise.all([
    entryCounts(db, ids, eventId),
    withEntries ? entriesOf(db, ids, eventId) : Promise.resolve(null),
  ]);
  return rows.map((r) =>
    toParticipant(r, {
      entryCount: counts.get(r.id) ?? 0,
      ...(entries ? { TeamEntries: entries.get(r.id) ?? [] } : {}),
    }),
  );
}

const ORDERABLE = {
  id: participants.id,
  snowId: participants.snowId,
  firstname: participants.firstname,
  lastname: participants.lastname,
  yearLevel: participants.yearLevel,
  gender: participants.gender,
  dob: participants.dob,
  email: participants.email,
} as const;

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** LoopBack-style order ('lastname ASC', 'dob DESC'); an unknown field is bad input. */
function orderBy(order: string | string[] | undefined): SQL[] {
  const list = asList(order);
  if (!list.length) return [asc(participants.lastname), asc(participants.firstname), asc(participants.id)];
  return list.map((item, i) => {
    const [field = '', dir = 'ASC', ...rest] = item.trim().split(/\s+/);
    const column = ORDERABLE[field as keyof typeof ORDERABLE];
    const d = dir.toUpperCase();
    if (!column || rest.length || (d !== 'ASC' && d !== 'DESC')) {
      const path = `querystring.filter.order${Array.isArray(order) ? `.${i}` : ''}`;
      throw badRequest(`Cannot order by '${item}'`, [{ path, message: `Cannot order by '${item}'` }]);
    }
    return d === 'DESC' ? desc(column) : asc(column);
  });
}

function wantsEntries(include: string | string[] | undefined): boolean {
  const list = asList(include);
  list.forEach((name, i) => {
    if (name !== 'TeamEntries') {
      const path = `querystring.filter.include${Array.isArray(include) ? `.${i}` : ''}`;
      throw badRequest(`Cannot include '${name}'`, [{ path, message: `Cannot include '${name}'` }]);
    }
  });
  return list.length > 0;
}

/** GET /api/v2/participants: the school's participants; archived ones only when the filter asks. */
export async function listParticipants(
  db: Db,
  schoolId: string,
  eventId: string | null,
  filter: ParticipantsFilter | undefined,
) {
  const where = filter?.where ?? {};
  const order = orderBy(filter?.order);
  const withEntries = wantsEntries(filter?.include);
  const rows = await db
    .select()
    .from(participants)
    .where(
      and(
        eq(participants.schoolId, schoolId),
        eq(participants.archived, where.archived ?? 0),
        where.snowId !== undefined ? eq(participants.snowId, where.snowId) : undefined,
      ),
    )
    .orderBy(...order);
  return shapeParticipants(db, rows, eventId, withEntries);
}

/** GET /api/schools/{SchoolId}/events/{EventId}/participants: the school's current participants
 *  and any with entries in the event, each with its entries in that event. */
export async function participantsOfSchoolEvent(db: Db, schoolId: string, eventId: string) {
  const [[school], [event]] = await Promise.all([
    db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)),
    db.select({ id: events.id }).from(events).where(eq(events.id, eventId)),
  ]);
  if (!school) throw notFound('School not found');
  if (!event) throw notFound('Event not found');
  const entered = db
    .select({ id: teamEntries.participantId })
    .from(teamEntries)
    .where(and(eq(teamEntries.schoolId, schoolId), eq(teamEntries.eventId, eventId)));
  const rows = await db
    .select()
    .from(participants)
    .where(
      and(eq(participants.schoolId, schoolId), or(eq(participants.archived, 0), inArray(participants.id, entered))),
    )
    .orderBy(asc(participants.lastname), asc(participants.firstname), asc(participants.id));
  return shapeParticipants(db, rows, eventId, true);
}

const entryWithTeam = {
  entry: teamEntries,
  division: teams.division,
  teamRank: teams.teamRank,
  teamGender: teams.gender,
  disciplineName: disciplines.name,
};

/** GET /api/v2/participants/{id}/team-entries: the participant's entries with their teams, in the
 *  session's event (every event when the session has none). `schoolId` null: any school (staff). */
export async function participantTeamEntries(
  db: Db,
  schoolId: string | null,
  id: string,
  eventId: string | null,
): Promise<ParticipantTeamEntry[]> {
  const [p] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.id, id), schoolId ? eq(participants.schoolId, schoolId) : undefined));
  if (!p) throw notFound();
  const rows = await db
    .select(entryWithTeam)
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .innerJoin(disciplines, eq(disciplines.id, teamEntries.disciplineId))
    .where(and(eq(teamEntries.participantId, id), eventId ? eq(teamEntries.eventId, eventId) : undefined))
    .orderBy(asc(teamEntries.disciplineId), asc(teams.division), asc(teamEntries.position));
  return rows.map((r) => ({
    ...toTeamEntry(r.entry),
    EventId: r.entry.eventId,
    DisciplineId: r.entry.disciplineId,
    disciplineName: r.disciplineName,
    division: r.division,
    teamRank: r.teamRank as TeamLetter,
    teamGender: r.teamGender as TeamGender,
  }));
}

/** GET /api/v2/team-entries: the school's entries, in the filter's event or the session's. */
export async function listTeamEntries(
  db: Db,
  schoolId: string,
  eventId: string | null,
  filter: TeamEntriesFilter | undefined,
) {
  const where = filter?.where ?? {};
  const ev = where.EventId ?? eventId;
  const rows = await db
    .select()
    .from(teamEntries)
    .where(
      and(
        eq(teamEntries.schoolId, schoolId),
        ev ? eq(teamEntries.eventId, ev) : undefined,
        where.TeamId ? eq(teamEntries.teamId, where.TeamId) : undefined,
        where.ParticipantId ? eq(teamEntries.participantId, where.ParticipantId) : undefined,
      ),
    )
    .orderBy(asc(teamEntries.teamId), asc(teamEntries.position));
  return rows.map(toTeamEntry);
}
