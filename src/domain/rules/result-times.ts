// Times, judged scores and statuses as people and timing systems write them, and back. A time is
// kept in whole hundredths of a second, so sums and ties are exact (1:23.45 + 1:24.10 never
// drifts the way 83.45 + 84.1 does in floating point).
import { MAX_JUDGED_SCORE, RESULT_STATUS_WORDS, type DisciplineMeasure, type ResultStatus } from '../constants/results';

export const RESULT_VALUE_MESSAGES = {
  notATime: (typed: string) => `'${typed}' is not a time. Write it as 1:23.45, or in seconds.`,
  tooPrecise: (typed: string) => `'${typed}' has more than hundredths of a second. Write it to hundredths, as 1:23.45.`,
  zeroTime: (typed: string) => `'${typed}' is not a time. Leave it blank, or write DNS, DNF or DSQ.`,
  notAScore: (typed: string) => `'${typed}' is not a score. Write a number from 0 to ${MAX_JUDGED_SCORE}, as 72.5.`,
  scoreTooPrecise: (typed: string) => `'${typed}' has more than 2 decimals. Write it to hundredths, as 72.25.`,
  scoreTooHigh: (typed: string) => `'${typed}' is more than ${MAX_JUDGED_SCORE}, the highest score.`,
  notAStatus: (typed: string) => `'${typed}' is not a status. Write DNS, DNF or DSQ, or leave it blank.`,
} as const;

export type ReadValue<T> = { ok: true; value: T } | { ok: false; message: string };

const HUNDREDTHS_PER_SECOND = 100;
const HUNDREDTHS_PER_MINUTE = 60 * HUNDREDTHS_PER_SECOND;
const HUNDREDTHS_PER_HOUR = 60 * HUNDREDTHS_PER_MINUTE;

// Digit limits keep every time far inside a safe integer; no race lasts 99 hours.
const HOURS_MINUTES_SECONDS = /^(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.(\d+))?$/;
const MINUTES_SECONDS = /^(\d{1,3}):([0-5]\d)(?:\.(\d+))?$/;
const SECONDS = /^(\d{1,6})(?:\.(\d+))?$/;

/** Hundredths from the digits after the point: '4' is 40, '45' is 45; null for more digits. */
function fractionHundredths(digits: string | undefined): number | null {
  if (digits === undefined) return 0;
  return digits.length > 2 ? null : Number(digits.padEnd(2, '0'));
}

function clockParts(text: string): { hours: string; minutes: string; seconds: string; fraction?: string } | null {
  const long = HOURS_MINUTES_SECONDS.exec(text);
  if (long) return { hours: long[1]!, minutes: long[2]!, seconds: long[3]!, fraction: long[4] };
  const short = MINUTES_SECONDS.exec(text);
  if (short) return { hours: '0', minutes: short[1]!, seconds: short[2]!, fraction: short[3] };
  const plain = SECONDS.exec(text);
  if (plain) return { hours: '0', minutes: '0', seconds: plain[1]!, fraction: plain[2] };
  return null;
}

/** A time written h:mm:ss.hh, m:ss.hh or in seconds ('1:02:03.45', '1:23.45', '83.45', '83'), in
 *  hundredths of a second. */
export function parseTime(text: string): ReadValue<number> {
  const typed = text.trim();
  const parts = clockParts(typed);
  if (!parts) return { ok: false, message: RESULT_VALUE_MESSAGES.notATime(typed) };
  const fraction = fractionHundredths(parts.fraction);
  if (fraction === null) return { ok: false, message: RESULT_VALUE_MESSAGES.tooPrecise(typed) };
  const hundredths =
    Number(parts.hours) * HUNDREDTHS_PER_HOUR +
    Number(parts.minutes) * HUNDREDTHS_PER_MINUTE +
    Number(parts.seconds) * HUNDREDTHS_PER_SECOND +
    fraction;
  // Some systems write 0:00.00 for a racer without a time: that is a missing run, not a win.
  if (hundredths === 0) return { ok: false, message: RESULT_VALUE_MESSAGES.zeroTime(typed) };
  return { ok: true, value: hundredths };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A time as m:ss.hh, or h:mm:ss.hh from an hour on. */
export function formatTime(hundredths: number): string {
  const hours = Math.floor(hundredths / HUNDREDTHS_PER_HOUR);
  const minutes = Math.floor((hundredths % HUNDREDTHS_PER_HOUR) / HUNDREDTHS_PER_MINUTE);
  const seconds = Math.floor((hundredths % HUNDREDTHS_PER_MINUTE) / HUNDREDTHS_PER_SECOND);
  const clock = `${twoDigits(seconds)}.${twoDigits(hundredths % HUNDREDTHS_PER_SECOND)}`;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${clock}` : `${minutes}:${clock}`;
}

const SCORE = /^(\d{1,3})(?:\.(\d+))?$/;

/** A judged score from 0 to 100 with at most 2 decimals ('72', '72.5', '72.25'). */
export function parseScore(text: string): ReadValue<number> {
  const typed = text.trim();
  const match = SCORE.exec(typed);
  if (!match) return { ok: false, message: RESULT_VALUE_MESSAGES.notAScore(typed) };
  if ((match[2] ?? '').length > 2) return { ok: false, message: RESULT_VALUE_MESSAGES.scoreTooPrecise(typed) };
  const score = Number(typed);
  if (score > MAX_JUDGED_SCORE) return { ok: false, message: RESULT_VALUE_MESSAGES.scoreTooHigh(typed) };
  return { ok: true, value: score };
}

/** A score with its 2 decimals, as judges' sheets show it. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** A status in any case ('dnf', 'DNF', ' Dnf '; DQ for DSQ); null for anything else. */
export function parseStatus(text: string): ResultStatus | null {
  return RESULT_STATUS_WORDS[text.trim().toLowerCase()] ?? null;
}

/** A value of a discipline's measure as it is printed: a time, or a score. */
export function formatResult(value: number, measure: Pick<DisciplineMeasure, 'kind'>): string {
  return measure.kind === 'time' ? formatTime(value) : formatScore(value);
}
