// Row -> domain shape of an invite with its discipline's name: the module's answers and the change
// feed send this one shape.
import type { InviteLevel } from '../../../src/domain/constants';
import type { Invite } from '../../../src/domain/schemas';
import type { invites } from '../../db/schema';

export type InviteRow = typeof invites.$inferSelect;

export function toInvite(row: InviteRow, disciplineName: string): Invite {
  return {
    id: row.id,
    EventId: row.eventId,
    DisciplineId: row.disciplineId,
    division: row.division,
    gender: row.gender as Invite['gender'],
    stateNational: row.stateNational as InviteLevel,
    name: disciplineName,
    version: row.version,
  };
}
