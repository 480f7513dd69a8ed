// Retry timing for 429, 5xx and network errors: exponential backoff (base 1 s, cap 5 min) with
// full jitter, never sooner than the server's Retry-After. A Retry-After date is measured against
// the answer's own Date header (the server's clock), so a wrong device clock changes nothing.

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 5 * 60_000;

/** Full jitter: a random delay in [0, min(cap, base * 2^(attempt-1))]. `attempt` counts from 1. */
function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After in milliseconds (seconds or HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(headers: Headers | null | undefined, now: () => number): number | null {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const serverNow = Date.parse(headers?.get('date') ?? '');
  const reference = Number.isNaN(serverNow) ? now() : serverNow;
  return Math.max(0, at - reference);
}

/** The wait before the next try: the jittered backoff, but at least Retry-After. */
export function retryDelay(attempt: number, random: () => number, retryAfterMs: number | null): number {
  const jittered = backoffDelay(attempt, random);
  return retryAfterMs === null ? jittered : Math.max(retryAfterMs, jittered);
}
