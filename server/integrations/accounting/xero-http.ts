// Xero over HTTP, one request at a time (docs/accounting.md 'The Xero conversation'): whatever
// goes wrong on the wire (unreachable, too slow, a redirect, an answer too large, broken off or not
// of the shape we read) is AccountingUnavailable, so callers keep our records and push again later.
import type { z } from 'zod';
import { AccountingUnavailable } from './index';

/** Every request (headers and body) must be done within this. */
export const XERO_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

const timedOut = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** Sends one request within the time allowed. */
export async function sendRequest(
  send: typeof fetch,
  timeoutMs: number,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    // No redirects: the credentials and the token go to the configured service only.
    return await send(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new AccountingUnavailable(`${what}: ${timedOut(err) ? 'timed out' : 'unreachable'}`, { cause: err });
  }
}

/** An answer not read: its body let go, so the connection is freed. */
export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

export async function readBody(response: Response, what: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw new AccountingUnavailable(`${what}: the answer is too large`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    if (response.body) {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > MAX_ANSWER_BYTES) throw new AccountingUnavailable(`${what}: the answer is too large`);
        chunks.push(chunk);
      }
    }
  } catch (err) {
    if (err instanceof AccountingUnavailable) throw err;
    throw new AccountingUnavailable(`${what}: ${timedOut(err) ? 'timed out' : 'the answer broke off'}`, { cause: err });
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson<S extends z.ZodType>(response: Response, schema: S, what: string): Promise<z.output<S>> {
  const text = await readBody(response, what);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new AccountingUnavailable(`${what}: the answer is not JSON`, { cause: err });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new AccountingUnavailable(`${what}: unreadable answer (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}
