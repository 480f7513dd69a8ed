import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { GRID_DATE_FORMAT, ISO_DATE_FORMAT, MIN_GRID_DATE_YEAR } from '../constants/policy';
import { MESSAGES } from '../messages';

// Grid dates are typed as dd/mm/yyyy (one-digit day or month accepted) and sent as YYYY-MM-DD.
// The upper year bound is the current year, passed in, so a child born this year can be entered
// (docs/decisions.md: the spec's 2020 bound is stale).
const GRID_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;
// date-fns needs a reference date only to fill missing parts; the pattern leaves none missing.
const REFERENCE_DATE = new Date(2000, 0, 1);

export type GridDateResult = { ok: true; iso: string; display: string } | { ok: false; message: string };

export function parseGridDate(text: string, currentYear: number): GridDateResult {
  const invalid = { ok: false, message: MESSAGES.invalidDate } as const;
  const match = GRID_DATE_PATTERN.exec(text.trim());
  if (!match) return invalid;
  const year = Number(match[3]);
  if (year < MIN_GRID_DATE_YEAR || year > currentYear) return invalid;
  // date-fns rejects days the month does not have (31/02, 29/02 outside leap years).
  const date = parse(`${match[1]}/${match[2]}/${match[3]}`, 'd/M/yyyy', REFERENCE_DATE);
  if (!isValid(date)) return invalid;
  return { ok: true, iso: format(date, ISO_DATE_FORMAT), display: format(date, GRID_DATE_FORMAT) };
}

/** The grid validator: the spec's message, or null when valid. An empty cell is allowed. */
export function validateGridDate(text: string | null | undefined, currentYear: number): string | null {
  if (text == null || text.trim() === '') return null;
  const result = parseGridDate(text, currentYear);
  return result.ok ? null : result.message;
}

/** dd/mm/yyyy -> YYYY-MM-DD; null when the text is not a valid grid date. */
export function displayDateToIso(text: string, currentYear: number): string | null {
  const result = parseGridDate(text, currentYear);
  return result.ok ? result.iso : null;
}

/** YYYY-MM-DD (a trailing time is ignored) -> dd/mm/yyyy; '' for a missing or unreadable date. */
export function isoDateToDisplay(iso: string | null | undefined): string {
  const match = ISO_DATE_PATTERN.exec(iso ?? '');
  if (!match) return '';
  const date = parse(`${match[1]}-${match[2]}-${match[3]}`, ISO_DATE_FORMAT, REFERENCE_DATE);
  return isValid(date) ? format(date, GRID_DATE_FORMAT) : '';
}

/** The calendar date of that moment on this device's clock, YYYY-MM-DD: 29 Nov at 00:30 in Sydney
 *  is 2025-11-29, where toISOString would still say the 28th (UTC). For names and labels a user
 *  reads beside a date the app shows in local time (an export's file name). */
export function localIsoDate(date: Date): string {
  return format(date, ISO_DATE_FORMAT);
}
