import { MIN_GRID_DATE_YEAR } from '../constants/policy';

// Dates of birth (docs/decisions.md 'Identity and data'): a year from 1900 to the current year,
// on every path that writes one, not only in the grid.

const LATEST_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The year where it is latest on Earth (UTC+14): a child born on New Year's Day in Australia can
 *  be entered that morning, whatever the server's own time zone. */
export function currentYearAnywhere(now: Date = new Date()): number {
  return new Date(now.getTime() + LATEST_OFFSET_MS).getUTCFullYear();
}

/** YYYY-MM-DD whose year is from 1900 to the current year. */
export function isBirthDateInRange(iso: string, now: Date = new Date()): boolean {
  const year = Number(iso.slice(0, 4));
  return Number.isInteger(year) && year >= MIN_GRID_DATE_YEAR && year <= currentYearAnywhere(now);
}
