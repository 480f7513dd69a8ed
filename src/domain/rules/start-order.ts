import type { Run } from '../constants/race-day';

/** Start marshall run order: the First run keeps start-list order; the Second reverses it. An
 *  event may reverse only the first `reverseFirst` racers (FIS rule 621.11 allows e.g. 15 or 30),
 *  the rest keeping their order; none set (null, 0) or a number covering everyone reverses all. */
export function runOrder<T>(entriesInStartOrder: readonly T[], run: Run, reverseFirst?: number | null): T[] {
  if (run !== 'Second') return [...entriesInStartOrder];
  const all = entriesInStartOrder.length;
  const reversed = reverseFirst && reverseFirst > 0 ? Math.min(Math.floor(reverseFirst), all) : all;
  return [...entriesInStartOrder.slice(0, reversed).reverse(), ...entriesInStartOrder.slice(reversed)];
}

/** Splits rows into pages of `size` (the sheets and bib list show 50 rows by default). */
export function pageRows<T>(rows: readonly T[], size: number): T[][] {
  if (size <= 0) return [rows.slice()];
  const pages: T[][] = [];
  for (let i = 0; i < rows.length; i += size) pages.push(rows.slice(i, i + size));
  return pages;
}
