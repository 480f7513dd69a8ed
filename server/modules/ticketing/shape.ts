// Row -> domain shape of a school's tickets for an event: the module's answers and the change feed
// send this one shape. Before the first save there is no row, and the answer is all zero.
import { TICKET_FIELDS, type TicketField } from '../../../src/domain/constants';
import type { Ticketing } from '../../../src/domain/schemas';
import type { ticketing } from '../../db/schema';

export type TicketingRow = typeof ticketing.$inferSelect;
export type TicketingScope = { schoolId: string; eventId: string };
type Tickets = Record<TicketField, number>;

export const pickTickets = (source: Partial<Tickets> | undefined): Tickets =>
  Object.fromEntries(TICKET_FIELDS.map((f) => [f, source?.[f] ?? 0])) as Tickets;

export function toTicketing(scope: TicketingScope, row: TicketingRow | undefined): Ticketing {
  return {
    ...pickTickets(row),
    noAvailableTeamManagerPasses: row?.noAvailableTeamManagerPasses ?? 0,
    SchoolId: scope.schoolId,
    EventId: scope.eventId,
    version: row?.version ?? 0,
  };
}
