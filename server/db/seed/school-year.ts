// School years and divisions as the demo and benchmark data use them. A child starts Kindergarten
// in the year they turn 5 by 31 July (NSW), so the year level in a season follows from the date of
// birth. Divisions are age bands: the spec leaves their meaning open; the seed assumes
// 1 = Years 11-12, 2 = 9-10, 3 = 7-8, 4 = 5-6, 5 = 3-4, 6 = K-2, and puts a participant only in
// teams of their own band.
import { YEAR_LEVELS, type YearLevel } from '../../../src/domain/constants';
import type { Rng } from './prng';

const CUTOFF_MONTH = 7; // born after July: starts school a year later

/** 0 for K, 1..12 for Years 1 to 12; below 0 not at school yet, above 12 left school. */
export function schoolYearIndex(dob: string, season: number): number {
  const [year, month] = dob.split('-').map(Number) as [number, number];
  const startYear = year + 5 + (month > CUTOFF_MONTH ? 1 : 0);
  return season - startYear;
}

export function yearLevelFor(dob: string, season: number): YearLevel | null {
  return YEAR_LEVELS[schoolYearIndex(dob, season)] ?? null;
}

function yearLevelIndex(yearLevel: string): number {
  return YEAR_LEVELS.indexOf(yearLevel as YearLevel);
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A date of birth (YYYY-MM-DD) of a child in the given school-year index in that season. */
export function dobForSchoolYear(rng: Rng, index: number, season: number): string {
  const startYear = season - index;
  const month = rng.int(1, 12);
  const year = month > CUTOFF_MONTH ? startYear - 6 : startYear - 5;
  return `${year}-${pad(month)}-${pad(rng.int(1, DAYS_IN_MONTH[month - 1]!))}`;
}

export function divisionOf(yearLevel: string): number {
  const i = yearLevelIndex(yearLevel);
  if (i < 0) throw new Error(`Not a year level: ${yearLevel}`);
  if (i <= 2) return 6;
  return 6 - Math.ceil((i - 2) / 2);
}
