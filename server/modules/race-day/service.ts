// Start lists, start marshall sheets, the start order draw and the start hut marks. Answers are the
// domain's derived views (src/domain/rules/start-list.ts, start-marshall.ts) over the rows a
// tablet also holds, so the server and an offline tablet show the same order.
import { and, eq, inArray } from 'drizzle-orm';
import type { START_MARSHALL_TYPES, Run } from '../../../src/domain/constants/race-day';
import type { TeamGender } from '../../../src/domain/constants/choices';
import type { RaceKey } from '../../../src/domain/rules/race-day-rows';

/** A race as the calls name it (the gender one of the team genders). */
type Race = RaceKey & { gender: TeamGender };
import { buildStartlist, raceHasBibs } from '../../../src/domain/rules/start-list';
import { drawStartOrder, newDrawSeed } from '../../../src/domain/rules/start-draw';
import { startMarshallRows } from '../../../src/domain/rules/start-marshall';
import type { Db, Tx } from '../../db/client';
import { events, raceMarks, startDraws, teamEntries, teams } from '../../db/schema';
import { ERROR_CODES } from '../../../src/domain/errors';
import { HttpError, badRequest, forbidden, notFound, unprocessable } from '../../http-errors';
import type { SessionInfo } from '../../plugins/session';
import { loadRaceDayRows } from './rows';
import { loadReadiness } from './readiness';
import { bibListRows, bibReadiness, readinessFacts } from '../../../src/domain/rules/bib-list';

export const RACE_MESSAGES = {
  noEvent: 'Choose an event first.',
  notShown: 'Start lists of this event are not published.',
  bibsGiven: 'Bibs are already given in this race: its start order is the bib order and cannot be redrawn.',
  noTeams: 'No teams are entered in this race.',
  entryNotFound: 'This race entry does not exist or is not in an event shown for start lists.',
} as const;

type RaceEvent = { id: string; secondRunReverseCount: number | null; showForStartlists: boolean };

/** The event a race-day read or write is for: the one asked (else the session's), which a user
 *  other than an admin may read only when it is the session's event or published for start lists. */
export async function raceEvent(db: Db | Tx, session: SessionInfo, requested?: string): Promise<RaceEvent> {
  const eventId = requested ?? session.eventId;
  if (!eventId) throw badRequest(RACE_MESSAGES.noEvent);
  const [event] = await db
    .select({
      id: events.id,
      secondRunReverseCount: events.secondRunReverseCount,
      showForStartlists: events.showForStartlists,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound('Event not found');
  if (session.type !== 'admin' && event.id !== session.eventId && !event.showForStartlists)
    throw forbidden(RACE_MESSAGES.notShown);
  return event;
}

/** A school sees only its own teams' start positions and bibs. */
const schoolOnly = (session: SessionInfo) =>
  session.type === 'school' && session.schoolId ? { SchoolId: session.schoolId } : {};

export async function startlist(db: Db, session: SessionInfo, race: Race) {
  const rows = await loadRaceDayRows(db, race.EventId, {
    DisciplineId: race.DisciplineId,
    divisions: [race.division],
    gender: race.gender,
  });
  const teamsInOrder = buildStartlist(race, rows);
  const own = schoolOnly(session).SchoolId;
  return { ...race, teams: own ? teamsInOrder.filter((t) => t.SchoolId === own) : teamsInOrder };
}

export async function startMarshall(
  db: Db,
  event: RaceEvent,
  race: RaceKey,
  sheet: { type: (typeof START_MARSHALL_TYPES)[number]; run: Run; limit: number; offset: number },
) {
  const rows = await loadRaceDayRows(db, race.EventId, {
    DisciplineId: race.DisciplineId,
    divisions: [race.division],
    gender: race.gender,
  });
  const all = startMarshallRows(buildStartlist(race, rows), sheet.run, event.secondRunReverseCount, rows.marks);
  return {
    type: sheet.type,
    run: sheet.run,
    rows: all.slice(sheet.offset, sheet.offset + sheet.limit),
    total: all.length,
  };
}

/** Draws (or redraws) a race's start order, in the write's transaction. */
export async function drawRace(tx: Tx, race: Race, random: () => number = Math.random) {
  const rows = await loadRaceDayRows(tx, race.EventId, {
    DisciplineId: race.DisciplineId,
    divisions: [race.division],
    gender: race.gender,
  });
  if (rows.teams.length === 0) throw unprocessable(RACE_MESSAGES.noTeams);
  if (raceHasBibs(race, rows)) throw unprocessable(RACE_MESSAGES.bibsGiven);
  const seed = newDrawSeed(random);
  const teamOrder = drawStartOrder(
    rows.teams.map((t) => t.id),
    seed,
  );
  const values = {
    eventId: race.EventId,
    disciplineId: race.DisciplineId,
    division: race.division,
    gender: race.gender,
    seed,
    teamOrder,
  };
  await tx
    .insert(startDraws)
    .values(values)
    .onConflictDoUpdate({
      target: [startDraws.eventId, startDraws.disciplineId, startDraws.division, startDraws.gender],
      set: { seed, teamOrder },
    });
  const drawn = {
    ...rows,
    draws: [
      {
        EventId: race.EventId,
        DisciplineId: race.DisciplineId,
        division: race.division,
        gender: race.gender,
        seed,
        teamOrder,
      },
    ],
  };
  return { ...race, teams: buildStartlist(race, drawn) };
}

export type MarkInput = { teamEntryId: string; run: Run; mark: 'DNS' | 'started' | null };

/** Saves start hut marks. Race day runs after entries close, so an event's lock does not stop it;
 *  an entry must be in an event the user may read (published for start lists, or the session's). */
/** The event of each race entry a race-day write names (an admin's any entry; a race official's
 *  in the events shown for start lists or the session's); 404 naming the first row that is not. */
export async function raceEntryEvents(
  tx: Tx,
  session: SessionInfo,
  rows: readonly { teamEntryId: string }[],
  listName: string,
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((m) => m.teamEntryId))];
  const found = await tx
    .select({ id: teamEntries.id, eventId: teamEntries.eventId, show: events.showForStartlists })
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .innerJoin(events, eq(events.id, teamEntries.eventId))
    .where(inArray(teamEntries.id, ids));
  const eventOf = new Map(
    found
      .filter((f) => session.type === 'admin' || f.show || f.eventId === session.eventId)
      .map((f) => [f.id, f.eventId]),
  );
  rows.forEach((m, i) => {
    if (!eventOf.has(m.teamEntryId)) {
      throw new HttpError(404, ERROR_CODES.NOT_FOUND, RACE_MESSAGES.entryNotFound, [
        { path: `${listName}.${i}.teamEntryId`, message: RACE_MESSAGES.entryNotFound },
      ]);
    }
  });
  return eventOf;
}

export async function saveMarks(tx: Tx, session: SessionInfo, marks: readonly MarkInput[]) {
  const eventOf = await raceEntryEvents(tx, session, marks, 'marks');
  for (const m of marks) {
    const where = and(eq(raceMarks.teamEntryId, m.teamEntryId), eq(raceMarks.run, m.run));
    if (m.mark === null) {
      await tx.delete(raceMarks).where(where);
      continue;
    }
    await tx
      .insert(raceMarks)
      .values({ eventId: eventOf.get(m.teamEntryId)!, teamEntryId: m.teamEntryId, run: m.run, mark: m.mark })
      .onConflictDoUpdate({ target: [raceMarks.teamEntryId, raceMarks.run], set: { mark: m.mark } });
  }
  return { saved: marks.length };
}

export type BibListQuery = {
  DisciplineId?: number;
  division?: number;
  gender?: string;
  SchoolId?: string;
  limit: number;
  offset: number;
};

/** The bib list (racers by bib) of the event or of the races asked, paged, with each school's
 *  readiness for bib collection; a school sees only its own. */
export async function bibList(db: Db, session: SessionInfo, event: RaceEvent, query: BibListQuery) {
  const SchoolId = schoolOnly(session).SchoolId ?? query.SchoolId;
  const { DisciplineId, division, gender } = query;
  const rows = await loadRaceDayRows(db, event.id, {
    DisciplineId,
    divisions: division === undefined ? undefined : [division],
    gender,
    SchoolId,
  });
  const all = bibListRows(rows, { EventId: event.id, DisciplineId, division, gender, SchoolId });
  const counts = await loadReadiness(
    db,
    rows.schools.map((s) => ({ SchoolId: s.id, EventId: event.id })),
  );
  const facts = new Map([...counts.values()].map((c) => [c.SchoolId, readinessFacts(c)]));
  const schools = rows.schools.filter((s) => facts.has(s.id)).sort((a, b) => a.name.localeCompare(b.name));
  return {
    rows: all.slice(query.offset, query.offset + query.limit),
    total: all.length,
    schools: bibReadiness(schools, facts),
  };
}
