// One call of Xero's Accounting API for an organisation, with the retries and failures xero.ts
// lists: kept apart from the operations so each of them is only what it sends and what it reads,
// and every call shares one token cache and one record of the limits Xero last reported.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { XeroConfig, XeroConnection } from '../../config';
import { AccountingRateLimited, AccountingUnavailable, type AccountingLimits, type Organisation } from './index';
import { errorDetail, refused } from './xero-answers';
import { XERO_TIMEOUT_MS, discard, readBody, readJson, sendRequest } from './xero-http';
import { XeroTokens } from './xero-token';

/** 429 answers waited out per call before giving up. */
const XERO_RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for inside a call: the caller pauses the organisation (the
 *  accounting worker) or answers that Xero is unavailable (the sync screen), rather than hold a
 *  request or the other organisation's work for up to a minute. */
const XERO_MAX_RETRY_AFTER_MS = 5_000;
/** GET /Contacts and GET /Payments answer 100 items per page. */
export const XERO_PAGE_SIZE = 100;
/** Pages read at most from one list, so a Xero that never says it is done cannot hold us. */
export const XERO_MAX_PAGES = 500;
/** GST on income (Australia): our amounts are GST-inclusive. */
export const XERO_TAX_TYPE = 'OUTPUT';

export type XeroOptions = {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Default XERO_TIMEOUT_MS. */
  timeoutMs?: number;
};

type XeroCall = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  what: string;
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

/** The Idempotency-Key of a creation: the same item sent again (after a lost answer) carries the
 *  same key, so Xero applies it once. */
export function idempotencyKey(kind: string, identity: string): string {
  return `interschools-${kind}-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

/** Retry-After in seconds or as an HTTP date; absent, a second. */
function retryAfterMs(header: string | null, now: Date): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  if (header && !Number.isNaN(Date.parse(header))) return Math.max(0, Date.parse(header) - now.getTime());
  return 1000;
}

/** A limit header's count (X-DayLimit-Remaining, X-MinLimit-Remaining), when given. */
function remaining(response: Response, header: string): number | undefined {
  const value = response.headers.get(header);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

export class XeroClient {
  private readonly send: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly timeoutMs: number;
  private readonly tokens: XeroTokens;
  /** Per organisation: what Xero's last answer said is left of its limits. */
  private readonly limits = new Map<Organisation, AccountingLimits>();

  constructor(
    readonly config: XeroConfig,
    opts: XeroOptions = {},
  ) {
    this.send = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    this.now = opts.now ?? (() => new Date());
    this.timeoutMs = opts.timeoutMs ?? XERO_TIMEOUT_MS;
    this.tokens = new XeroTokens(config.identityUrl, (url, init, what) => this.request(url, init, what), this.now);
  }

  limitsOf(org: Organisation): AccountingLimits {
    return this.limits.get(org) ?? {};
  }

  /** One call of the Accounting API for an organisation, with the retries described above. */
  async call<S extends z.ZodType>(org: Organisation, call: XeroCall, schema: S): Promise<z.output<S>> {
    const connection = this.config.connections[org];
    const url = new URL(`${this.config.apiUrl}${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
    let renewed = false;
    let rateLimited = 0;
    for (;;) {
      const token = await this.tokens.tokenFor(connection);
      const response = await this.request(
        url.toString(),
        {
          method: call.method,
          headers: this.headers(connection, token, call),
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        },
        call.what,
      );
      if (response.status === 401 && !renewed) {
        // Expired before its time, or revoked: once with a new token.
        await discard(response);
        this.tokens.forget(connection, token);
        renewed = true;
        continue;
      }
      this.noteLimits(org, response);
      if (response.status === 429) {
        await this.waitOutRateLimit(response, call, rateLimited);
        rateLimited += 1;
        continue;
      }
      if (!response.ok) throw await this.failure(response, call);
      return readJson(response, schema, call.what);
    }
  }

  private request(url: string, init: RequestInit, what: string): Promise<Response> {
    return sendRequest(this.send, this.timeoutMs, url, init, what);
  }

  private headers(connection: XeroConnection, token: string, call: XeroCall): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'xero-tenant-id': connection.tenantId,
      accept: 'application/json',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    Object.assign(headers, call.headers);
    return headers;
  }

  private noteLimits(org: Organisation, response: Response): void {
    this.limits.set(org, {
      dayRemaining: remaining(response, 'x-daylimit-remaining') ?? this.limits.get(org)?.dayRemaining,
      minuteRemaining: remaining(response, 'x-minlimit-remaining') ?? this.limits.get(org)?.minuteRemaining,
    });
  }

  /** A 429 waited out inside the call, or passed on when waiting here would hold up too much. */
  private async waitOutRateLimit(response: Response, call: XeroCall, rateLimited: number): Promise<void> {
    await discard(response);
    const wait = retryAfterMs(response.headers.get('retry-after'), this.now());
    const limit = response.headers.get('x-rate-limit-problem')?.toLowerCase() ?? 'minute';
    // The daily limit, a long wait, or one wait too many: the caller pauses the organisation.
    if (limit === 'day' || wait > XERO_MAX_RETRY_AFTER_MS || rateLimited >= XERO_RATE_LIMIT_RETRIES) {
      throw new AccountingRateLimited(
        `${call.what}: rate limited by Xero (${limit} limit; retry after ${Math.ceil(wait / 1000)} s)`,
        wait,
        limit,
      );
    }
    await this.sleep(wait);
  }

  /** What a failed answer (neither 401 once nor 429) means to the caller. */
  private async failure(response: Response, call: XeroCall): Promise<AccountingUnavailable> {
    if (response.status === 400) {
      const text = await readBody(response, call.what).catch(() => '');
      return refused(call.what, errorDetail(text));
    }
    await discard(response);
    const accessRefused = response.status === 401 || response.status === 403;
    return new AccountingUnavailable(
      `${call.what}: HTTP ${response.status}${accessRefused ? ' (access refused: check the custom connection and the tenant id)' : ''}`,
    );
  }
}
