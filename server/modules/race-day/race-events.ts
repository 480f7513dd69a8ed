// An event as race officials' tablets hold it (the race-day feed's raceEvents row): its name, the
// Second run's reverse setting, the disciplines it runs, its own timing-file columns, its race
// days, the day's running order, its level (where its races' qualifiers go) and its results rules. One
// loader for the feed and for the answer of a write that changes the row, so both send one shape.
import { asc, eq, inArray } from 'drizzle-orm';
import type { EventLevel } from '../../../src/domain/constants/choices';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import { disciplines, eventDisciplines, events } from '../../db/schema';

/** The race-day rows of these events, by id (events that do not exist are left out). */
export async function loadRaceEvents(db: Db | Tx, ids: readonly string[]): Promise<Map<string, RaceEventRow>> {
  if (!ids.length) return new Map();
  const [rows, runs] = await Promise.all([
    db
      .select()
      .from(events)
      .where(inArray(events.id, [...ids])),
    db
      .select({ d: eventDisciplines, name: disciplines.name })
      .from(eventDisciplines)
      .innerJoin(disciplines, eq(disciplines.id, eventDisciplines.disciplineId))
      .where(inArray(eventDisciplines.eventId, [...ids]))
      .orderBy(asc(eventDisciplines.disciplineId)),
  ]);
  return new Map(
    rows.map((e) => [
      e.id,
      {
        id: e.id,
        name: e.name,
        year: e.year,
        secondRunReverseCount: e.secondRunReverseCount,
        version: e.version,
        disciplines: runs
          .filter(({ d }) => d.eventId === e.id)
          .map(({ d, name }) => ({
            DisciplineId: d.disciplineId,
            name,
            divisionFrom: d.divisionFrom,
            divisionTo: d.divisionTo,
            male: d.male,
            female: d.female,
            active: d.active,
          })),
        timingColumns: e.timingColumns ?? {},
        firstRaceDay: e.firstRaceDay,
        lastRaceDay: e.lastRaceDay,
        runningOrder: e.runningOrder ?? [],
        // Stored values of the choice list; the column is plain text.
        level: e.level as EventLevel,
        resultsRules: e.resultsRules ?? {},
      },
    ]),
  );
}

type EventRow = typeof events.$inferSelect;

/** Saves a setting the event keeps for race day (its timing columns, running order, results rules)
 *  under the event row's lock, the last save winning, and answers the event's race-day row, or none
 *  when its start lists are not shown (race officials' tablets hold only those). */
export async function saveEventSetting(
  tx: Tx,
  eventId: string,
  change: (stored: EventRow) => Partial<typeof events.$inferInsert>,
): Promise<RaceEventRow[]> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw notFound('Event not found');
  await tx.update(events).set(change(event)).where(eq(events.id, eventId));
  if (!event.showForStartlists) return [];
  return [...(await loadRaceEvents(tx, [eventId])).values()];
}
