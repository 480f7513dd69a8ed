// Row -> domain shape of a waiver: the module's answers and the change feed send this one shape.
import type { Waiver } from '../../../src/domain/schemas';
import type { waivers } from '../../db/schema';

export type WaiverRow = typeof waivers.$inferSelect;

export function toWaiver(row: WaiverRow): Waiver {
  return {
    id: row.id,
    type: row.type === 'volunteer' ? 'volunteer' : 'participant',
    name: row.name,
    givenName: row.givenName,
    surname: row.surname,
    completed: row.completed === 1,
    createdBy: row.createdBy,
    snowId: row.snowId,
    SchoolId: row.schoolId,
    EventId: row.eventId,
    version: row.version,
  };
}
