import type { TicketField } from './policy';

// What each of the seven team manager ticket fields means to a coordinator. The spec names the
// fields only (managerTicket1 to 5, xcManagerTicketAlpine1, xcManagerTicketXC1): 1 to 5 are read
// as the race days of the event, the two xc fields as the tickets of a cross country team's
// manager for the alpine day and for the cross country day. One place, so the ticketing screen
// and any report speak the same words.
export const TICKET_FIELD_LABELS: Readonly<Record<TicketField, string>> = {
  managerTicket1: 'Team manager tickets, day 1',
  managerTicket2: 'Team manager tickets, day 2',
  managerTicket3: 'Team manager tickets, day 3',
  managerTicket4: 'Team manager tickets, day 4',
  managerTicket5: 'Team manager tickets, day 5',
  xcManagerTicketAlpine1: 'Cross country team manager tickets, alpine day',
  xcManagerTicketXC1: 'Cross country team manager tickets, cross country day',
};

export const TEAM_MANAGER_PASSES_LABEL = 'Team manager passes available';
