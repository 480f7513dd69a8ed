import type { Run } from '../constants/race-day';

/** Start marshall run order: the First run keeps start-list order, the Second reverses it. */
export function runOrder<T>(entriesInStartOrder: readonly T[], run: Run): T[] {
  return run === 'Second' ? [...entriesInStartOrder].reverse() : [...entriesInStartOrder];
}

/** Splits rows into pages of `size` (the sheets and bib list show 50 rows by default). */
export function pageRows<T>(rows: readonly T[], size: number): T[][] {
  if (size <= 0) return [rows.slice()];
  const pages: T[][] = [];
  for (let i = 0; i < rows.length; i += size) pages.push(rows.slice(i, i + size));
  return pages;
}
