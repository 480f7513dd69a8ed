// The race-entry reports (docs/reports.md 'Entries'): totals, per school, every race entry, the
// entered participants, the participants without snow ids, primary schools against the previous
// event, first-time entrants, and past events' totals. A fixed number of queries each, set-based.
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as rows from '../../../src/domain/schemas/api/report-rows';
import { disciplines, events, participants, schools, states, teamEntries, teams } from '../../db/schema';
import { notFound } from '../../http-errors';
import {
  EVENT_NOT_FOUND,
  raceEntriesOf,
  visibleSchool,
  type Reader,
  type ReportEvent,
  type SchoolFilter,
} from './common';

type Row<S extends z.ZodType> = z.infer<S>;

/** total-entries: one row, the race entries of the event (of schools shown). */
export async function totalEntries(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.countRowSchema>[]> {
  const [row] = await db
    .select({ n: count() })
    .from(teamEntries)
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .where(and(raceEntriesOf(event.id), visibleSchool(filter)));
  return [{ count: Number(row?.n ?? 0) }];
}

/** total-entries-per-school: each school with race entries in the event, most entries first. */
export async function totalEntriesPerSchool(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.entriesPerSchoolRowSchema>[]> {
  const n = count();
  const found = await db
    .select({ SchoolId: schools.id, schoolName: schools.name, StateId: schools.stateId, n })
    .from(teamEntries)
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .where(and(raceEntriesOf(event.id), visibleSchool(filter)))
    .groupBy(schools.id)
    .orderBy(desc(n), asc(schools.name), asc(schools.id));
  return found.map((r) => ({ SchoolId: r.SchoolId, schoolName: r.schoolName, StateId: r.StateId, count: Number(r.n) }));
}

/** race-entries: every race entry of the event with its team and participant. */
export async function raceEntries(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.raceEntryRowSchema>[]> {
  return db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      DisciplineId: teams.disciplineId,
      disciplineName: disciplines.name,
      division: teams.division,
      teamGender: teams.gender,
      teamRank: teams.teamRank,
      position: teamEntries.position,
      firstname: participants.firstname,
      lastname: participants.lastname,
      snowId: participants.snowId,
      yearLevel: participants.yearLevel,
      bib: teamEntries.bib,
    })
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .innerJoin(participants, eq(participants.id, teamEntries.participantId))
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .innerJoin(disciplines, eq(disciplines.id, teams.disciplineId))
    .where(and(raceEntriesOf(event.id), visibleSchool(filter)))
    .orderBy(
      asc(schools.name),
      asc(schools.id),
      asc(teams.disciplineId),
      asc(teams.division),
      asc(teams.gender),
      asc(teams.teamRank),
      asc(teamEntries.position),
    );
}

/** The participants entered in the event with their number of race entries there. */
async function enteredParticipants(db: Reader, event: ReportEvent, filter: SchoolFilter, onlyWithoutSnowId: boolean) {
  const entryCount = count(teamEntries.id);
  const noSnowId = or(sql`${participants.snowId} is null`, sql`btrim(${participants.snowId}) = ''`);
  const found = await db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      ParticipantId: participants.id,
      firstname: participants.firstname,
      lastname: participants.lastname,
      snowId: participants.snowId,
      yearLevel: participants.yearLevel,
      gender: participants.gender,
      entryCount,
    })
    .from(teamEntries)
    .innerJoin(participants, eq(participants.id, teamEntries.participantId))
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .where(and(raceEntriesOf(event.id), visibleSchool(filter), onlyWithoutSnowId ? noSnowId : undefined))
    .groupBy(schools.id, participants.id)
    .orderBy(
      asc(schools.name),
      asc(schools.id),
      asc(participants.lastname),
      asc(participants.firstname),
      asc(participants.id),
    );
  return found.map((r) => ({
    ...r,
    snowId: r.snowId && r.snowId.trim() ? r.snowId : null,
    entryCount: Number(r.entryCount),
  }));
}

/** participants: every participant with at least one race entry in the event. */
export function participantsReport(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.participantRowSchema>[]> {
  return enteredParticipants(db, event, filter, false);
}

/** missing-snow-ids: the entered participants without a snow id. */
export function missingSnowIds(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.participantRowSchema>[]> {
  return enteredParticipants(db, event, filter, true);
}

/** The previous event of an event: the latest one of an earlier year with the same invoice type
 *  (the same championship a season before); null when there is none. */
async function previousEvent(db: Reader, event: ReportEvent): Promise<string | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.invoiceType, event.invoiceType), lt(events.year, event.year)))
    .orderBy(desc(events.year), asc(events.name), asc(events.id))
    .limit(1);
  return row?.id ?? null;
}

/** primary-entries-event-compare: primary schools with race entries in the event or the previous
 *  one, with both counts. */
export async function primaryEntriesEventCompare(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.entriesCompareRowSchema>[]> {
  const previousId = await previousEvent(db, event);
  const eventIds = previousId ? [event.id, previousId] : [event.id];
  const current = sql<number>`count(*) filter (where ${teamEntries.eventId} = ${event.id})`.mapWith(Number);
  const previous =
    sql<number>`count(*) filter (where ${teamEntries.eventId} = ${previousId ?? event.id} and ${teamEntries.eventId} <> ${event.id})`.mapWith(
      Number,
    );
  const found = await db
    .select({ SchoolId: schools.id, schoolName: schools.name, currentEntries: current, previousEntries: previous })
    .from(teamEntries)
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .where(
      and(
        inArray(teamEntries.eventId, eventIds),
        isNotNull(teamEntries.participantId),
        visibleSchool(filter),
        eq(schools.schoolCategory, 'Primary'),
      ),
    )
    .groupBy(schools.id)
    .orderBy(asc(schools.name), asc(schools.id));
  return found;
}

/** new-state-entries: schools entering the event that had no race entry in any event of an
 *  earlier year (their first season), with their race entries. */
export async function newStateEntries(
  db: Reader,
  event: ReportEvent,
  filter: SchoolFilter,
): Promise<Row<typeof rows.stateEntriesRowSchema>[]> {
  const earlier = db
    .select({ one: sql`1` })
    .from(teamEntries)
    .innerJoin(events, eq(events.id, teamEntries.eventId))
    .where(
      and(
        sql`${teamEntries.schoolId} = ${schools.id}`,
        isNotNull(teamEntries.participantId),
        lt(events.year, event.year),
      ),
    );
  const found = await db
    .select({
      SchoolId: schools.id,
      schoolName: schools.name,
      StateId: schools.stateId,
      stateName: states.name,
      n: count(),
    })
    .from(teamEntries)
    .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
    .leftJoin(states, eq(states.id, schools.stateId))
    .where(and(raceEntriesOf(event.id), visibleSchool(filter), sql`not exists (${earlier})`))
    .groupBy(schools.id, states.name)
    .orderBy(asc(states.name), asc(schools.name), asc(schools.id));
  return found.map((r) => ({
    SchoolId: r.SchoolId,
    schoolName: r.schoolName,
    StateId: r.StateId,
    stateName: r.stateName ?? '',
    count: Number(r.n),
  }));
}

/** school-past-total-entries: each school with race entries in any of the events asked, with its
 *  race entries per event (0 where it had none). 404 when an event does not exist. */
export async function pastTotalEntries(
  db: Reader,
  eventIds: readonly string[],
  filter: SchoolFilter,
): Promise<Row<typeof rows.pastTotalsRowSchema>[]> {
  const ids = [...new Set(eventIds)];
  const [known, counts] = await Promise.all([
    db.select({ id: events.id }).from(events).where(inArray(events.id, ids)),
    db
      .select({ SchoolId: schools.id, schoolName: schools.name, EventId: teamEntries.eventId, n: count() })
      .from(teamEntries)
      .innerJoin(schools, eq(schools.id, teamEntries.schoolId))
      .where(and(inArray(teamEntries.eventId, ids), isNotNull(teamEntries.participantId), visibleSchool(filter)))
      .groupBy(schools.id, teamEntries.eventId)
      .orderBy(asc(schools.name), asc(schools.id)),
  ]);
  if (known.length !== ids.length) throw notFound(EVENT_NOT_FOUND);
  const bySchool = new Map<string, Row<typeof rows.pastTotalsRowSchema>>();
  for (const r of counts) {
    let row = bySchool.get(r.SchoolId);
    if (!row) {
      row = {
        SchoolId: r.SchoolId,
        schoolName: r.schoolName,
        pastTotals: Object.fromEntries(ids.map((id) => [id, 0])),
      };
      bySchool.set(r.SchoolId, row);
    }
    row.pastTotals[r.EventId] = Number(r.n);
  }
  return [...bySchool.values()];
}

/** Schools taking part in an event: with at least one race entry there. */
export function takingPart(eventId: string) {
  return sql`exists (select 1 from ${teamEntries} where ${teamEntries.schoolId} = ${schools.id} and ${teamEntries.eventId} = ${eventId} and ${teamEntries.participantId} is not null)`;
}
