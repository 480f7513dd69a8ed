// Ticketing: team manager tickets of a school for an event (spec section 3).
import { z } from 'zod';
import { idSchema, versioned } from '../common';

const ticketCount = z.number().int().nonnegative();

const ticketFields = {
  managerTicket1: ticketCount,
  managerTicket2: ticketCount,
  managerTicket3: ticketCount,
  managerTicket4: ticketCount,
  managerTicket5: ticketCount,
  xcManagerTicketAlpine1: ticketCount,
  xcManagerTicketXC1: ticketCount,
};

export const ticketingSchema = z.object({
  ...ticketFields,
  noAvailableTeamManagerPasses: ticketCount,
  SchoolId: idSchema.optional(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type Ticketing = z.infer<typeof ticketingSchema>;

/** POST /api/ticketings { ticketing }: the school sets its seven ticket fields; the passes
 *  available are the server's to decide, so the server checks tooMany against its own number. */
export const ticketingWriteSchema = z.object({
  ...ticketFields,
  noAvailableTeamManagerPasses: ticketCount.optional(),
  ...versioned,
});
export type TicketingWrite = z.infer<typeof ticketingWriteSchema>;
