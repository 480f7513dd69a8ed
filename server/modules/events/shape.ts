// Row -> domain shape of an event's parts: its discipline (an event's answers list it, GET
// /api/event/:id and its disciplines, and the change feed sends it as a mirror row of its own, with
// the event it belongs to and its version), and its entries close as the domain's rules read it.
import type { EventDiscipline } from '../../../src/domain/schemas';
import type { eventDisciplines } from '../../db/schema';

export type EventDisciplineRow = typeof eventDisciplines.$inferSelect;

export function toEventDiscipline(row: EventDisciplineRow, name: string): EventDiscipline {
  return {
    DisciplineId: row.disciplineId,
    name,
    divisionFrom: row.divisionFrom,
    divisionTo: row.divisionTo,
    male: row.male,
    female: row.female,
    active: row.active,
  };
}

export function toEventDisciplineRow(
  row: EventDisciplineRow,
  name: string,
): EventDiscipline & { EventId: string; version: number } {
  return { EventId: row.eventId, ...toEventDiscipline(row, name), version: row.version };
}

/** The stored close (a Date) as the instant the domain's rules read (rules/event-calendar.ts). */
export const entriesCloseOf = (row: { entriesCloseAt: Date | null }): string | null =>
  row.entriesCloseAt?.toISOString() ?? null;
