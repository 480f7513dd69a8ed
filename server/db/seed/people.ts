// Fictional people for seeded rows: names, phone numbers from the ranges ACMA sets aside for
// fiction (0491 570 xxx mobiles, (0x) 5550 xxxx landlines), and the sports a pupil does.
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names';
import type { Rng } from './prng';

export type Person = { firstname: string; lastname: string; gender: 'Male' | 'Female' };

export function randomPerson(rng: Rng, gender?: 'Male' | 'Female'): Person {
  const g = gender ?? (rng.chance(0.5) ? 'Male' : 'Female');
  return { firstname: rng.pick(g === 'Male' ? MALE_NAMES : FEMALE_NAMES), lastname: rng.pick(SURNAMES), gender: g };
}

export const fictionalMobile = (rng: Rng): string => `0491 570 ${String(rng.int(6, 159)).padStart(3, '0')}`;

export const fictionalLandline = (rng: Rng, areaCode: string): string =>
  `(${areaCode}) 5550 ${String(rng.int(0, 9999)).padStart(4, '0')}`;

export const emailPart = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

const SKI = [1, 2, 3, 9, 10];
const PRIMARY_SKI = [7];
const SNOWBOARD = [4, 5, 11];
const CROSS_COUNTRY = [6, 8];

/** The disciplines a pupil takes part in (ski, snowboard, cross country, or ski and snowboard);
 *  discipline 7 (primary teams) only for pupils up to Year 6. */
export function sportDisciplines(rng: Rng, schoolYearIndex: number): ReadonlySet<number> {
  const ski = schoolYearIndex <= 6 ? [...SKI, ...PRIMARY_SKI] : SKI;
  const r = rng.next();
  if (r < 0.55) return new Set(ski);
  if (r < 0.8) return new Set(SNOWBOARD);
  if (r < 0.88) return new Set(CROSS_COUNTRY);
  return new Set([...ski, ...SNOWBOARD]);
}
