import { TICKET_FIELDS, type TicketField } from '../constants/policy';

export type TicketCounts = Partial<Record<TicketField, number | null>> & {
  noAvailableTeamManagerPasses: number | null;
};

function count(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Sum of the seven team manager ticket fields (blank fields count as 0). */
export function ticketTotal(ticketing: TicketCounts): number {
  return TICKET_FIELDS.reduce((sum, field) => sum + count(ticketing[field]), 0);
}

/** The spec's tooMany flag: more tickets asked for than team manager passes available. */
export function tooManyTickets(ticketing: TicketCounts): boolean {
  return ticketTotal(ticketing) > count(ticketing.noAvailableTeamManagerPasses);
}
