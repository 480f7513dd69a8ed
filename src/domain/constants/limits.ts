// Upper bounds of what a request may carry: string lengths by meaning, list sizes, JSON nesting
// and body sizes. The schemas (client and server) and the server's body parser read them from
// here, so the grid refuses the same over-long name the server would.
import { EXTENDED_POSITIONS_PER_TEAM } from './disciplines';

// ---- Strings, by what they hold ------------------------------------------------------------

/** A person's given name or surname (participants, coordinators, managers, volunteers, users). */
export const MAX_PERSON_NAME_LENGTH = 100;
/** A name of a thing: school, event, discipline, state, a placing's team or school, a title. */
export const MAX_TITLE_LENGTH = 200;
/** An email address: the 254-character limit of a forward path (RFC 5321 with RFC 3696 errata). */
export const MAX_EMAIL_LENGTH = 254;
/** @alias Sign-in names are email addresses. */
export const MAX_USERNAME_LENGTH = MAX_EMAIL_LENGTH;
/** A phone, mobile or fax number as typed, with spaces, brackets and an extension. */
export const MAX_PHONE_LENGTH = 40;
/** A street address line. */
export const MAX_ADDRESS_LINE_LENGTH = 200;
/** A town or suburb. */
export const MAX_TOWN_LENGTH = 100;
/** A postcode (4 digits in Australia; room for others). */
export const MAX_POSTCODE_LENGTH = 10;
/** A short choice stored as text (a region, a gender or year level in a report row, a state
 *  abbreviation, a trophy's state). */
export const MAX_CHOICE_LENGTH = 50;
/** Codes and references of other systems: BPAY reference, invoice number, accounting ids. */
export const MAX_REFERENCE_LENGTH = 64;
/** Passwords: the existing floor (MIN_PASSWORD_LENGTH) stays; a ceiling keeps hashing bounded. */
export const MAX_PASSWORD_LENGTH = 256;
/** Reset tokens (ours are 43 characters of base64url). */
export const MAX_TOKEN_LENGTH = 256;
/** One URL (a published results file, an invoice, a checkout page). */
export const MAX_URL_LENGTH = 2048;
/** Several URLs in one field (a trophy's images joined by '|'). */
export const MAX_URL_LIST_LENGTH = 8 * MAX_URL_LENGTH;
/** Free text (an invoice line's description, a message). */
export const MAX_TEXT_LENGTH = 2000;
/** A mirror row's key in the change feed (ids joined by ':'), and the feed's scope key. */
export const MAX_KEY_LENGTH = 256;

/** Ids other systems give us (an accounting contact id): word characters, dots, colons, dashes. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Snow ids (the athlete registry's numbers) are digits only; the registry's are 6 digits. */
export const MAX_SNOW_ID_LENGTH = 12;
export const SNOW_ID_PATTERN = /^\d{1,12}$/;

// ---- Query strings -------------------------------------------------------------------------

/** The JSON-encoded `filter` query of the v2 calls, refused before JSON.parse when longer. */
export const MAX_FILTER_LENGTH = 2048;
/** One `order` or `include` term of a filter, and how many of them. */
export const MAX_FILTER_TERM_LENGTH = 100;
export const MAX_FILTER_TERMS = 20;
/** A comma-separated list of numbers in a query (timing export divisions). */
export const MAX_NUMBER_LIST_LENGTH = 64;
/** Rows a paged list or a feed page may ask for. */
export const MAX_PAGE_ROWS = 5000;

// ---- Lists in request bodies ---------------------------------------------------------------

/** Rows of one batch save (a grid's rows, the ids it deleted, a spreadsheet import): a large
 *  school's whole participant list with room to spare. */
export const MAX_BATCH_ROWS = 2000;
/** Rows one participants save may carry. A save holds the embedded database for its whole
 *  transaction (3.5-4 ms a row measured: 2,000 rows held every other school 5-10 s); at 100 rows
 *  (about 0.4 s) no one waits a second behind it, even on a busy machine. The app sends a larger
 *  save as ordered parts of this size, each exactly once. */
export const MAX_WRITE_BATCH_ROWS = 100;
/** Rows of one school list save (teams, team managers, volunteers and their places, waivers): a
 *  2,000-row save held the embedded database 1.5-1.9 s; 500 rows about 0.45 s. Far more than a
 *  school changes at once; the waivers screen sends a larger save as ordered parts. */
export const MAX_SCHOOL_LIST_ROWS = 500;
/** Events in one save of the events grid, and past events ticked on a report. */
export const MAX_EVENTS_PER_SAVE = 100;
/** Picks from a small fixed set in one row: an event's states or disciplines, bib divisions. */
export const MAX_CHOICES = 20;
/** Entries of one team: one per position. */
export const MAX_TEAM_ENTRIES = EXTENDED_POSITIONS_PER_TEAM;
/** Preferences of one volunteer slot (the first is the one that counts). */
export const MAX_VOLUNTEER_PREFERENCES = 10;
/** Placings published with one result. */
/** Placings of one published result; also the rows of a race's results file (a championship's
 *  race has a few hundred racers at most, and its individual results must fit one result). */
export const MAX_PLACINGS = 500;

// ---- Request bodies (the server's body parser) ---------------------------------------------

/** Deepest JSON nesting of a request body: ours nest 5 deep at most. */
export const MAX_JSON_DEPTH = 32;
/** Body size of every route unless it declares more. */
export const MAX_BODY_BYTES = 128 * 1024;
/** Body size of the batch saves (a whole grid in one call). */
export const MAX_BATCH_BODY_BYTES = 2 * 1024 * 1024;

/** Spreadsheet import (docs/decisions.md 'Entries and volunteers'): at most 5 MB and 5,000 rows. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;
/** Spreadsheet import: the columns a row may fill, and the characters of one cell. A row's
 *  problems repeat what was typed in a cell, so one cell with its problem's words must stay well
 *  within MAX_TEXT_LENGTH. */
export const MAX_IMPORT_COLUMNS = 100;
export const MAX_IMPORT_CELL_LENGTH = 1000;

/** Races of one event: at most every discipline's divisions and genders (11 x 6 x 3 is 198). */
export const MAX_RACES_OF_EVENT = 200;
