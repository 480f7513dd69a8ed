import { CURRENCY, GST_DIVISOR } from '../constants/policy';

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

/** Typed dollars ('1,234.5', '$60', '-20' where a sign is allowed) to a number; null when not
 *  dollars with at most 2 decimals. */
export function parseDollars(text: string, { signed = false } = {}): number | null {
  const plain = text
    .trim()
    .replace(/^(-?)\$/, '$1')
    .replace(/,/g, '');
  const pattern = signed ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  return pattern.test(plain) ? Number(plain) : null;
}

/** The GST in a GST-inclusive amount (1/11), to the cent. */
export const gstOf = (cents: number) => Math.round(cents / GST_DIVISOR);

/** An invoice's GST as the accounting system works it out: per line, each rounded to the cent,
 *  then added ($50 + $30: $4.55 + $2.73 = $7.28, where the total's 1/11 would say $7.27). */
export const gstOfLines = (lines: readonly { amountCents: number }[]) =>
  lines.reduce((sum, line) => sum + gstOf(line.amountCents), 0);
