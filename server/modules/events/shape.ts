// Row -> domain shape of an event's discipline: an event's answers list it (GET /api/event/:id and
// its disciplines) and the change feed sends it as a mirror row of its own, with the event it
// belongs to (the mirror's key) and its version.
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
