// Pure logic of the ticketing form: the mirror row as typed values, whole-number checks, the
// spec's tooMany flag (the seven ticket fields may not add up to more than the passes available)
// and the row and body Save writes.
import { TICKET_FIELDS, type TicketField } from '../../domain/constants/policy';
import { ticketTotal, tooManyTickets } from '../../domain/rules/ticketing';
import type { TicketingRow } from '../../db/database';
import type { eventsApi } from '../../domain/schemas/api/events';
import type { RouteBody } from '../../domain/schemas/route';

export type TicketingKey = TicketField | 'noAvailableTeamManagerPasses';
const FORM_KEYS: readonly TicketingKey[] = [...TICKET_FIELDS, 'noAvailableTeamManagerPasses'];

/** The form's values as typed. */
export type TicketingValues = Record<TicketingKey, string>;

const NOT_A_COUNT = 'Enter a whole number, 0 or more.';

/** The stored row (all zero before the first save) as form values. */
export function toValues(row: TicketingRow | null): TicketingValues {
  return Object.fromEntries(FORM_KEYS.map((key) => [key, String(row?.[key] ?? 0)])) as TicketingValues;
}

/** A typed count: a whole number 0 or more ('' counts as 0), else null. */
function parseCount(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

export function fieldErrors(values: TicketingValues): Partial<Record<TicketingKey, string>> {
  const errors: Partial<Record<TicketingKey, string>> = {};
  for (const key of FORM_KEYS) if (parseCount(values[key]) === null) errors[key] = NOT_A_COUNT;
  return errors;
}

function counts(values: TicketingValues): Record<TicketingKey, number> {
  return Object.fromEntries(FORM_KEYS.map((key) => [key, parseCount(values[key]) ?? 0])) as Record<
    TicketingKey,
    number
  >;
}

export interface TicketingCheck {
  total: number;
  passes: number;
  tooMany: boolean;
}

export function checkTickets(values: TicketingValues): TicketingCheck {
  const numbers = counts(values);
  return {
    total: ticketTotal(numbers),
    passes: numbers.noAvailableTeamManagerPasses,
    tooMany: tooManyTickets(numbers),
  };
}

export function isChanged(values: TicketingValues, saved: TicketingValues): boolean {
  return FORM_KEYS.some((key) => (parseCount(values[key]) ?? values[key]) !== (parseCount(saved[key]) ?? saved[key]));
}

/** The row kept in the mirror and the body of POST /api/ticketings. Only an admin sends the passes
 *  (the server keeps its own number for a school). */
export interface TicketingSave {
  row: TicketingRow;
  body: RouteBody<typeof eventsApi.saveTicketing>;
}

export function ticketingSave(
  values: TicketingValues,
  saved: TicketingRow | null,
  scope: { SchoolId: string; EventId: string },
  isAdmin: boolean,
): TicketingSave {
  const numbers = counts(values);
  const tickets = Object.fromEntries(TICKET_FIELDS.map((key) => [key, numbers[key]])) as Record<TicketField, number>;
  const passes = isAdmin ? numbers.noAvailableTeamManagerPasses : (saved?.noAvailableTeamManagerPasses ?? 0);
  const row: TicketingRow = { ...saved, ...tickets, noAvailableTeamManagerPasses: passes, ...scope };
  const ticketing = {
    ...tickets,
    ...(isAdmin ? { noAvailableTeamManagerPasses: passes } : {}),
    ...(saved?.version !== undefined ? { version: saved.version } : {}),
  };
  return { row, body: { ticketing } };
}
