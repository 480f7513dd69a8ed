// Numbers that govern validation, money, volunteers and sessions.

/** A phone number needs at least this many digits once separators are stripped. */
export const MIN_PHONE_DIGITS = 7;

/** Grid dates (dates of birth): the lowest year accepted; the highest is the current year. */
export const MIN_GRID_DATE_YEAR = 1900;
export const GRID_DATE_FORMAT = 'dd/MM/yyyy';
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';

/** Passwords: the spec sets no bound; 8 characters is the usual floor. */
export const MIN_PASSWORD_LENGTH = 8;

/** One volunteer course official per this many race entries (an event may override it). */
export const DEFAULT_VOLUNTEER_RATIO = 8;

/** VIC counts its volunteers per group (docs/decisions.md 'Entries and volunteers'): one per 6
 *  snowboard entries, one per 11 ski entries and one per 8 alpine entries. */
export const VIC_VOLUNTEER_RATIOS = { snowboard: 6, ski: 11, alpine: 8 } as const;

/** Money: invoices are in AUD and GST-inclusive; GST is 1/11 of the total. */
export const CURRENCY = 'AUD';
export const GST_DIVISOR = 11;

/** Sessions one user may hold at once; a new sign-in past it ends the least recently used. A
 *  school's sign-in shared by a dozen teachers on a phone and a laptop each fits with room to
 *  spare; a script signing in again and again (or a device that never signs out) cannot fill the
 *  sessions table. */
export const MAX_SESSIONS_PER_USER = 30;

export const RESET_TOKEN_LIFE_HOURS = 24;
export const RESET_TOKEN_LIFE_MS = RESET_TOKEN_LIFE_HOURS * 60 * 60 * 1000;

/** Ticketing: the seven fields whose sum must not exceed noAvailableTeamManagerPasses. */
export const TICKET_FIELDS = [
  'managerTicket1',
  'managerTicket2',
  'managerTicket3',
  'managerTicket4',
  'managerTicket5',
  'xcManagerTicketAlpine1',
  'xcManagerTicketXC1',
] as const;
export type TicketField = (typeof TICKET_FIELDS)[number];

/** The users grid marks a row it has just added with an id beginning with this (spec section 3):
 *  the server takes such a row for a new user and gives it a real id. Other new rows (events,
 *  invites, entries) carry client-generated UUIDs. */
export const TEMP_ID_PREFIX = 'tempid';
