// What each school has done towards collecting its bibs at an event: the counts of the race-day
// mirror's readiness rows and of GET /api/bibList (the rule over them is readinessFacts in
// src/domain/rules/bib-list.ts): racers and volunteers whose matched waiver is completed, slots
// with a volunteer against those required, the invoice paid. One query per table for any number
// of schools and events.
import { and, count, countDistinct, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoiceStatusCents } from '../../../src/domain/rules/invoice-status';
import { matchWaivers, waiverCounts } from '../../../src/domain/rules/waiver-matching';
import { requiredVolunteerTotal } from '../../../src/domain/rules/required-volunteers';
import type { RaceReadinessRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { Db, Tx } from '../../db/client';
import {
  events,
  invoices,
  participants,
  payments,
  teamEntries,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../db/schema';

export type SchoolEvent = { SchoolId: string; EventId: string };

const pairKey = (schoolId: string, eventId: string) => `${schoolId}:${eventId}`;

type Within = (t: { schoolId: AnyPgColumn; eventId: AnyPgColumn }) => ReturnType<typeof and>;

/** Everything the counts are made of, one query per table for all the pairs asked. */
async function readinessSources(db: Db | Tx, within: Within, eventIds: string[]) {
  const [entries, byDiscipline, racers, waiverRows, volunteerRows, slotCounts, eventRows, issued, received] =
    await Promise.all([
      db
        .select({
          schoolId: teamEntries.schoolId,
          eventId: teamEntries.eventId,
          racers: countDistinct(teamEntries.participantId),
          raceEntries: count(teamEntries.participantId),
        })
        .from(teamEntries)
        .where(and(within(teamEntries), isNotNull(teamEntries.participantId)))
        .groupBy(teamEntries.schoolId, teamEntries.eventId),
      db
        .select({
          schoolId: teamEntries.schoolId,
          eventId: teamEntries.eventId,
          DisciplineId: teamEntries.disciplineId,
          n: count(),
        })
        .from(teamEntries)
        .where(and(within(teamEntries), isNotNull(teamEntries.participantId)))
        .groupBy(teamEntries.schoolId, teamEntries.eventId, teamEntries.disciplineId),
      db
        .selectDistinct({
          schoolId: teamEntries.schoolId,
          eventId: teamEntries.eventId,
          id: participants.id,
          firstname: participants.firstname,
          lastname: participants.lastname,
          snowId: participants.snowId,
        })
        .from(teamEntries)
        .innerJoin(participants, eq(participants.id, teamEntries.participantId))
        .where(within(teamEntries)),
      db.select().from(waivers).where(within(waivers)),
      db
        .select({
          schoolId: volunteers.schoolId,
          eventId: volunteers.eventId,
          id: volunteers.id,
          firstname: volunteers.firstname,
          lastname: volunteers.lastname,
        })
        .from(volunteers)
        .where(within(volunteers)),
      db
        .select({ schoolId: volunteerSlots.schoolId, eventId: volunteerSlots.eventId, n: count() })
        .from(volunteerSlots)
        .where(and(within(volunteerSlots), isNotNull(volunteerSlots.volunteerId)))
        .groupBy(volunteerSlots.schoolId, volunteerSlots.eventId),
      db
        .select({ id: events.id, volunteerRatio: events.volunteerRatio, invoiceType: events.invoiceType })
        .from(events)
        .where(inArray(events.id, eventIds)),
      db.select().from(invoices).where(within(invoices)),
      db.select().from(payments).where(within(payments)),
    ]);
  return { entries, byDiscipline, racers, waiverRows, volunteerRows, slotCounts, eventRows, issued, received };
}

type Sources = Awaited<ReturnType<typeof readinessSources>>;

/** One school's counts at one event, from its entry totals `e` and the sources' rows of its pair. */
function readinessRow(
  e: Sources['entries'][number],
  sources: Sources,
  assignedVolunteers: number,
  event: { invoiceType: string; volunteerRatio?: number | null },
): RaceReadinessRow {
  const of = <R extends { schoolId: string; eventId: string }>(rows: R[]) =>
    rows.filter((r) => r.schoolId === e.schoolId && r.eventId === e.eventId);
  // Waivers count for the people they match (by name or snow id), as the waivers screen shows them.
  const matched = waiverCounts(
    matchWaivers({
      participants: of(sources.racers),
      volunteers: of(sources.volunteerRows),
      waivers: of(sources.waiverRows).map((w) => ({
        id: w.id,
        type: w.type === 'volunteer' ? ('volunteer' as const) : ('participant' as const),
        name: w.name,
        givenName: w.givenName,
        surname: w.surname,
        snowId: w.snowId,
        completed: w.completed === 1,
      })),
    }),
  );
  return {
    SchoolId: e.schoolId,
    EventId: e.eventId,
    racers: Number(e.racers),
    raceEntries: Number(e.raceEntries),
    completedParticipantWaivers: matched.participants.completed,
    volunteers: matched.volunteers.total,
    completedVolunteerWaivers: matched.volunteers.completed,
    assignedVolunteers,
    requiredVolunteers: requiredVolunteerTotal(
      of(sources.byDiscipline).flatMap((d) =>
        Array.from({ length: Number(d.n) }, () => ({ DisciplineId: d.DisciplineId })),
      ),
      event,
    ),
    invoicePaid: invoiceStatusCents({ invoices: of(sources.issued), payments: of(sources.received) }).paid,
  };
}

/** The readiness counts of each (school, event) asked that has race entries; a school with no
 *  entry in the event has no row (nothing to collect). */
export async function loadReadiness(
  db: Db | Tx,
  pairs: readonly SchoolEvent[],
): Promise<Map<string, RaceReadinessRow>> {
  if (!pairs.length) return new Map();
  const schoolIds = [...new Set(pairs.map((p) => p.SchoolId))];
  const eventIds = [...new Set(pairs.map((p) => p.EventId))];
  const within: Within = (t) => and(inArray(t.schoolId, schoolIds), inArray(t.eventId, eventIds));
  const sources = await readinessSources(db, within, eventIds);

  const assignedOf = new Map(sources.slotCounts.map((r) => [pairKey(r.schoolId, r.eventId), Number(r.n)]));
  const eventOf = new Map(sources.eventRows.map((r) => [r.id, r]));
  const wanted = new Set(pairs.map((p) => pairKey(p.SchoolId, p.EventId)));

  const result = new Map<string, RaceReadinessRow>();
  for (const e of sources.entries) {
    const key = pairKey(e.schoolId, e.eventId);
    if (!wanted.has(key)) continue;
    const event = eventOf.get(e.eventId) ?? { invoiceType: 'NSW' };
    result.set(key, readinessRow(e, sources, assignedOf.get(key) ?? 0, event));
  }
  return result;
}
