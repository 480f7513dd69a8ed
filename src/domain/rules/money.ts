import { CURRENCY } from '../constants/policy';

// Money is computed in integer cents and shown or sent as dollars with 2 decimals, so sums never
// pick up binary floating-point drift (0.1 + 0.2).

/** Dollars -> integer cents (rounded half away from zero at the cent). */
export function toCents(dollars: number): number {
  const cents = Math.round(Math.abs(dollars) * 100 + 1e-7);
  return dollars < 0 ? -cents : cents;
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Rounds a dollar amount to whole cents. */
export function roundDollars(dollars: number): number {
  return toDollars(toCents(dollars));
}

const audFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: CURRENCY });

/** '$1,234.50' */
export function formatMoney(dollars: number): string {
  return audFormat.format(roundDollars(dollars));
}
