// Xero's Accounting API as the accounting provider (docs/accounting.md 'The Xero conversation'):
// chosen when XERO_CLIENT_ID is set. Each organisation (Northern, Southern) is one Xero tenant
// reached through a custom connection: an access token from the identity server's client
// credentials grant (HTTP Basic client id and secret), cached until a minute before it expires,
// sent as a bearer token with the tenant's id on every call.
//
// What can go wrong, and what we do:
// - 401: the token expired early or was revoked: a new token is fetched and the call sent once more.
// - 429: Xero's rate limit: we wait Retry-After (at most a minute) and try again, three times at
//   most; then AccountingUnavailable.
// - 5xx, 4xx, network failure, no answer within 10 s, a redirect, an answer we cannot read (each
//   one is checked against the shape we expect): AccountingUnavailable. Callers keep our own
//   records and push again later.
// - Our own invoice whose lines do not add up to its total is a plain Error: no retry cures it.
//
// Repeats never duplicate anything: an invoice sent without its Xero id is first looked up by its
// reference (our invoice number); a payment is first looked up on its invoice by its reference
// (our payment id); creations carry an Idempotency-Key, so a request retried after a lost answer
// is applied once.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CURRENCY } from '../../../src/domain/constants/policy';
import { EXTERNAL_ID_PATTERN, MAX_URL_LENGTH } from '../../../src/domain/constants/limits';
import { toDollars } from '../../../src/domain/rules/money';
import type { XeroConfig, XeroConnection } from '../../config';
import { australianDate } from '../../../src/domain/rules/australian-date';
import {
  AccountingRateLimited,
  AccountingRefused,
  AccountingUnavailable,
  type AccountingInvoiceInput,
  type AccountingLimits,
  type AccountingPayment,
  type AccountingProvider,
  type Organisation,
} from './index';

/** Every request (headers and body) must be done within this. */
const XERO_TIMEOUT_MS = 10_000;
/** 429 answers waited out per call before giving up. */
const XERO_RATE_LIMIT_RETRIES = 3;
/** A longer Retry-After is not waited for inside a call: the caller pauses the organisation (the
 *  accounting worker) or answers that Xero is unavailable (the sync screen), rather than hold a
 *  request or the other organisation's work for up to a minute. */
const XERO_MAX_RETRY_AFTER_MS = 5_000;
/** A token is renewed this long before Xero says it expires. */
export const XERO_TOKEN_MARGIN_MS = 60_000;
/** GET /Contacts answers 100 contacts per page. */
const XERO_PAGE_SIZE = 100;
/** GST on income (Australia): our amounts are GST-inclusive. */
const XERO_TAX_TYPE = 'OUTPUT';
/** Invoice statuses that make a reference taken (a voided or deleted invoice frees it). */
const LIVE_STATUSES = 'DRAFT,SUBMITTED,AUTHORISED,PAID';
const MAX_CONTACT_PAGES = 500;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** Invoice numbers go in a query's list: nothing that could end an item or the parameter. */
const SAFE_NUMBER = /^[A-Za-z0-9_./:-]{1,64}$/;
/** Xero's Reference holds 255 characters. */
const MAX_XERO_REFERENCE = 255;

export type XeroOptions = {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Default XERO_TIMEOUT_MS. */
  timeoutMs?: number;
};

// ---- Answers, as much of them as we read ---------------------------------------------------

const xeroId = z.string().regex(EXTERNAL_ID_PATTERN);
const validationErrors = z.array(z.object({ Message: z.string().optional() }).loose()).optional();

const tokenAnswer = z.object({ access_token: z.string().min(1).max(8192), expires_in: z.number().positive() });
const contactsAnswer = z.object({
  Contacts: z.array(
    z.object({
      ContactID: xeroId,
      Name: z.string(),
      EmailAddress: z.string().nullish(),
      ContactStatus: z.string().nullish(),
    }),
  ),
  pagination: z.object({ pageCount: z.number().int().nonnegative() }).optional(),
});
const createdContactAnswer = z.object({
  Contacts: z
    .array(
      z.object({
        ContactID: xeroId,
        Name: z.string(),
        EmailAddress: z.string().nullish(),
        HasValidationErrors: z.boolean().optional(),
        ValidationErrors: validationErrors,
      }),
    )
    .length(1),
});
const invoicesAnswer = z.object({
  Invoices: z.array(
    z.object({
      InvoiceID: xeroId,
      InvoiceNumber: z.string().nullish(),
      Reference: z.string().nullish(),
      Status: z.string().nullish(),
      HasValidationErrors: z.boolean().optional(),
      ValidationErrors: validationErrors,
      Payments: z.array(z.object({ PaymentID: xeroId, Reference: z.string().nullish() })).nullish(),
    }),
  ),
});
const onlineInvoiceAnswer = z.object({
  OnlineInvoices: z.array(z.object({ OnlineInvoiceUrl: z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH) })).min(1),
});
const paymentsAnswer = z.object({
  Payments: z
    .array(
      z.object({ PaymentID: xeroId, HasValidationErrors: z.boolean().optional(), ValidationErrors: validationErrors }),
    )
    .length(1),
});
const creditNotesAnswer = z.object({
  CreditNotes: z.array(
    z.object({
      CreditNoteID: xeroId,
      Reference: z.string().nullish(),
      HasValidationErrors: z.boolean().optional(),
      ValidationErrors: validationErrors,
      Payments: z.array(z.object({ PaymentID: xeroId, Reference: z.string().nullish() })).nullish(),
    }),
  ),
});
/** Xero's JSON dates: '/Date(1781827200000+0000)/'. */
const xeroDate = z
  .string()
  .regex(/^\/Date\((-?\d+)([+-]\d{4})?\)\/$/)
  .transform((d) => new Date(Number(/-?\d+/.exec(d)![0])));
const paymentListAnswer = z.object({
  Payments: z.array(
    z
      .object({
        PaymentID: xeroId,
        Date: xeroDate,
        Amount: z.number(),
        Reference: z.string().nullish(),
        Status: z.string().nullish(),
        PaymentType: z.string().nullish(),
        Invoice: z.object({ InvoiceID: xeroId }).loose().nullish(),
      })
      .loose(),
  ),
});
/** Xero's error body (400): the first validation message says what it refused. */
const errorAnswer = z
  .object({
    Message: z.string().optional(),
    Detail: z.string().optional(),
    Elements: z.array(z.object({ ValidationErrors: validationErrors }).loose()).optional(),
  })
  .loose();

// ---- Helpers -------------------------------------------------------------------------------

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function firstValidationMessage(errors: z.infer<typeof validationErrors>): string | undefined {
  return errors?.find((e) => e.Message)?.Message;
}

function refused(what: string, message: string | undefined): AccountingRefused {
  const reason = message?.slice(0, 300) ?? 'Xero refused it without saying why';
  return new AccountingRefused(`${what}: refused by Xero (${reason})`, reason);
}

async function readBody(response: Response, what: string): Promise<string> {
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

async function readJson<S extends z.ZodType>(response: Response, schema: S, what: string): Promise<z.output<S>> {
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

const timedOut = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

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

/** Our lines must make our total exactly: Xero computes the total from the lines. */
function checkLines(invoice: AccountingInvoiceInput): void {
  if (invoice.lines.length === 0) throw new Error(`invoice ${invoice.number}: no lines to send`);
  let sum = 0;
  for (const line of invoice.lines) {
    if (line.quantity * line.unitAmountCents !== line.amountCents) {
      throw new Error(`invoice ${invoice.number}: line '${line.description}' is not quantity x unit amount`);
    }
    sum += line.amountCents;
  }
  if (sum !== invoice.totalCents)
    throw new Error(`invoice ${invoice.number}: the lines add up to ${sum} cents, the total is ${invoice.totalCents}`);
  if (!SAFE_NUMBER.test(invoice.number))
    throw new Error(`invoice ${invoice.number}: the number cannot be used as a Xero invoice number`);
}

// ---- The adapter ---------------------------------------------------------------------------

type Token = { value: string; expiresAt: number };
type TokenEntry = { promise: Promise<Token>; token?: Token };
type Call = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  what: string;
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

export function createXeroAccounting(config: XeroConfig, opts: XeroOptions = {}): AccountingProvider {
  const send = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? XERO_TIMEOUT_MS;
  /** Per client id: one connection may serve both organisations. */
  const tokens = new Map<string, TokenEntry>();
  /** Per organisation: what Xero's last answer said is left of its limits. */
  const limits = new Map<Organisation, AccountingLimits>();

  async function request(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      // No redirects: the credentials and the token go to the configured service only.
      return await send(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (err) {
      throw new AccountingUnavailable(`${what}: ${timedOut(err) ? 'timed out' : 'unreachable'}`, { cause: err });
    }
  }

  async function fetchToken(connection: XeroConnection): Promise<Token> {
    const what = 'Xero token';
    const basic = Buffer.from(`${connection.clientId}:${connection.clientSecret}`).toString('base64');
    const response = await request(
      config.identityUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      what,
    );
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const refusedCredentials = response.status === 400 || response.status === 401;
      throw new AccountingUnavailable(
        `${what}: HTTP ${response.status}${refusedCredentials ? ' (the client credentials were refused)' : ''}`,
      );
    }
    const answer = await readJson(response, tokenAnswer, what);
    return { value: answer.access_token, expiresAt: now().getTime() + answer.expires_in * 1000 };
  }

  /** The connection's token: the cached one while it has more than a minute left, else a new one
   *  (concurrent callers share one request). */
  async function tokenFor(connection: XeroConnection): Promise<string> {
    const cached = tokens.get(connection.clientId);
    if (cached && (!cached.token || now().getTime() < cached.token.expiresAt - XERO_TOKEN_MARGIN_MS))
      return (await cached.promise).value;
    const entry: TokenEntry = { promise: fetchToken(connection) };
    tokens.set(connection.clientId, entry);
    try {
      entry.token = await entry.promise;
      return entry.token.value;
    } catch (err) {
      if (tokens.get(connection.clientId) === entry) tokens.delete(connection.clientId);
      throw err;
    }
  }

  function forgetToken(connection: XeroConnection, value: string) {
    const cached = tokens.get(connection.clientId);
    if (cached?.token?.value === value) tokens.delete(connection.clientId);
  }

  /** One call of the Accounting API for an organisation, with the retries described above. */
  async function api<S extends z.ZodType>(org: Organisation, call: Call, schema: S): Promise<z.output<S>> {
    const connection = config.connections[org];
    const url = new URL(`${config.apiUrl}${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
    let renewed = false;
    let rateLimited = 0;
    for (;;) {
      const token = await tokenFor(connection);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        'xero-tenant-id': connection.tenantId,
        accept: 'application/json',
      };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      Object.assign(headers, call.headers);
      const response = await request(
        url.toString(),
        {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        },
        call.what,
      );
      if (response.status === 401 && !renewed) {
        // Expired before its time, or revoked: once with a new token.
        await response.body?.cancel().catch(() => undefined);
        forgetToken(connection, token);
        renewed = true;
        continue;
      }
      limits.set(org, {
        dayRemaining: remaining(response, 'x-daylimit-remaining') ?? limits.get(org)?.dayRemaining,
        minuteRemaining: remaining(response, 'x-minlimit-remaining') ?? limits.get(org)?.minuteRemaining,
      });
      if (response.status === 429) {
        await response.body?.cancel().catch(() => undefined);
        const wait = retryAfterMs(response.headers.get('retry-after'), now());
        const limit = response.headers.get('x-rate-limit-problem')?.toLowerCase() ?? 'minute';
        // The daily limit, a long wait, or one wait too many: the caller pauses the organisation.
        if (limit === 'day' || wait > XERO_MAX_RETRY_AFTER_MS || rateLimited >= XERO_RATE_LIMIT_RETRIES) {
          throw new AccountingRateLimited(
            `${call.what}: rate limited by Xero (${limit} limit; retry after ${Math.ceil(wait / 1000)} s)`,
            wait,
            limit,
          );
        }
        rateLimited += 1;
        await sleep(wait);
        continue;
      }
      if (!response.ok) {
        let detail: string | undefined;
        if (response.status === 400) {
          const text = await readBody(response, call.what).catch(() => '');
          const parsed = errorAnswer.safeParse(
            (() => {
              try {
                return JSON.parse(text) as unknown;
              } catch {
                return null;
              }
            })(),
          );
          if (parsed.success)
            detail =
              parsed.data.Elements?.map((e) => firstValidationMessage(e.ValidationErrors)).find(Boolean) ??
              parsed.data.Message ??
              parsed.data.Detail;
          throw refused(call.what, detail);
        }
        await response.body?.cancel().catch(() => undefined);
        throw new AccountingUnavailable(
          `${call.what}: HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (access refused: check the custom connection and the tenant id)' : ''}`,
        );
      }
      return readJson(response, schema, call.what);
    }
  }

  async function findInvoiceByNumber(org: Organisation, number: string): Promise<string | null> {
    const answer = await api(
      org,
      {
        method: 'GET',
        path: '/Invoices',
        what: 'Xero invoice lookup',
        query: { InvoiceNumbers: number, Statuses: LIVE_STATUSES },
      },
      invoicesAnswer,
    );
    return answer.Invoices.find((i) => i.InvoiceNumber === number)?.InvoiceID ?? null;
  }

  return {
    name: 'xero',

    async listContacts(org) {
      const contacts: { contactId: string; name: string; email: string }[] = [];
      for (let page = 1; ; page += 1) {
        if (page > MAX_CONTACT_PAGES) throw new AccountingUnavailable('Xero contacts: too many pages');
        const answer = await api(
          org,
          {
            method: 'GET',
            path: '/Contacts',
            what: 'Xero contacts',
            query: { page: String(page), summaryOnly: 'true' },
          },
          contactsAnswer,
        );
        for (const c of answer.Contacts) {
          if (c.ContactStatus && c.ContactStatus !== 'ACTIVE') continue;
          contacts.push({ contactId: c.ContactID, name: c.Name, email: c.EmailAddress ?? '' });
        }
        const lastPage = answer.pagination
          ? page >= answer.pagination.pageCount
          : answer.Contacts.length < XERO_PAGE_SIZE;
        if (lastPage || answer.Contacts.length === 0) break;
      }
      return contacts;
    },

    async createContact(org, contact) {
      const what = 'Xero contact creation';
      const answer = await api(
        org,
        {
          method: 'POST',
          path: '/Contacts',
          what,
          body: { Contacts: [{ Name: contact.name, ...(contact.email ? { EmailAddress: contact.email } : {}) }] },
          idempotencyKey: `interschools-contact-${hash(`${org}\n${contact.name}\n${contact.email}`)}`,
        },
        createdContactAnswer,
      );
      const created = answer.Contacts[0]!;
      if (created.HasValidationErrors) throw refused(what, firstValidationMessage(created.ValidationErrors));
      return { contactId: created.ContactID, name: created.Name, email: created.EmailAddress ?? '' };
    },

    async upsertInvoice(org, invoice) {
      checkLines(invoice);
      const what = 'Xero invoice';
      // Sent before but its id not kept (an answer lost on the way): the same invoice again.
      const invoiceId = invoice.invoiceId ?? (invoice.lookUp ? await findInvoiceByNumber(org, invoice.number) : null);
      const body = {
        Invoices: [
          {
            ...(invoiceId ? { InvoiceID: invoiceId } : {}),
            Type: 'ACCREC',
            Contact: { ContactID: invoice.contactId },
            InvoiceNumber: invoice.number,
            Reference: invoice.reference.slice(0, MAX_XERO_REFERENCE),
            Date: invoice.date,
            LineAmountTypes: 'Inclusive',
            LineItems: invoice.lines.map((line) => ({
              Description: line.description,
              Quantity: line.quantity,
              UnitAmount: toDollars(line.unitAmountCents),
              AccountCode: config.salesAccount,
              TaxType: XERO_TAX_TYPE,
            })),
            // Without a due date of the event: due on receipt.
            DueDate: invoice.dueDate ?? invoice.date,
            Status: 'AUTHORISED',
            CurrencyCode: CURRENCY,
          },
        ],
      };
      const answer = await api(
        org,
        {
          method: 'POST',
          path: '/Invoices',
          what,
          body,
          idempotencyKey: `interschools-invoice-${hash(JSON.stringify([org, body]))}`,
        },
        invoicesAnswer,
      );
      const saved = answer.Invoices[0];
      if (!saved || answer.Invoices.length !== 1)
        throw new AccountingUnavailable(`${what}: unreadable answer (expected one invoice)`);
      if (saved.HasValidationErrors) throw refused(what, firstValidationMessage(saved.ValidationErrors));
      if (!invoice.wantUrl) return { invoiceId: saved.InvoiceID, url: '' };
      const online = await api(
        org,
        {
          method: 'GET',
          path: `/Invoices/${encodeURIComponent(saved.InvoiceID)}/OnlineInvoice`,
          what: 'Xero online invoice',
        },
        onlineInvoiceAnswer,
      );
      return { invoiceId: saved.InvoiceID, url: online.OnlineInvoices[0]!.OnlineInvoiceUrl };
    },

    async recordPayment(org, payment) {
      const what = 'Xero payment';
      // Recorded before (an answer lost on the way): the payment already there.
      if (payment.lookUp) {
        const existing = await api(
          org,
          {
            method: 'GET',
            path: `/Invoices/${encodeURIComponent(payment.invoiceId)}`,
            what: 'Xero invoice payments',
          },
          invoicesAnswer,
        );
        const known = existing.Invoices[0]?.Payments?.find((p) => p.Reference === payment.reference);
        if (known) return { paymentId: known.PaymentID };
      }
      const answer = await api(
        org,
        {
          method: 'PUT',
          path: '/Payments',
          what,
          body: {
            Payments: [
              {
                Invoice: { InvoiceID: payment.invoiceId },
                Account: { Code: config.paymentAccount },
                Amount: toDollars(payment.amountCents),
                Date: payment.date,
                Reference: payment.reference,
              },
            ],
          },
          idempotencyKey: `interschools-payment-${hash(`${org}\n${payment.invoiceId}\n${payment.reference}`)}`,
        },
        paymentsAnswer,
      );
      const saved = answer.Payments[0]!;
      if (saved.HasValidationErrors) throw refused(what, firstValidationMessage(saved.ValidationErrors));
      return { paymentId: saved.PaymentID };
    },

    // A refund is a credit note for the amount (GST-inclusive, as the invoice was), then a payment
    // out of the bank account against that credit note: the cash refund of Xero's books.
    async recordRefund(org, refund) {
      const what = 'Xero refund';
      let creditNote: z.infer<typeof creditNotesAnswer>['CreditNotes'][number] | undefined;
      if (refund.lookUp) {
        const found = await api(
          org,
          {
            method: 'GET',
            path: '/CreditNotes',
            what: 'Xero credit note lookup',
            query: { where: `Type=="ACCRECCREDIT" AND Reference=="${refund.reference}"` },
          },
          creditNotesAnswer,
        );
        creditNote = found.CreditNotes.find((c) => c.Reference === refund.reference);
        const paid = creditNote?.Payments?.find((p) => p.Reference === refund.reference);
        if (paid) return { paymentId: paid.PaymentID };
      }
      if (!creditNote) {
        const answer = await api(
          org,
          {
            method: 'PUT',
            path: '/CreditNotes',
            what,
            body: {
              CreditNotes: [
                {
                  Type: 'ACCRECCREDIT',
                  Contact: { ContactID: refund.contactId },
                  Date: refund.date,
                  Reference: refund.reference,
                  LineAmountTypes: 'Inclusive',
                  Status: 'AUTHORISED',
                  CurrencyCode: CURRENCY,
                  LineItems: [
                    {
                      Description: `Refund of invoice ${refund.invoiceNumber}`,
                      Quantity: 1,
                      UnitAmount: toDollars(refund.amountCents),
                      AccountCode: config.salesAccount,
                      TaxType: XERO_TAX_TYPE,
                    },
                  ],
                },
              ],
            },
            idempotencyKey: `interschools-credit-${hash(`${org}\n${refund.reference}`)}`,
          },
          creditNotesAnswer,
        );
        creditNote = answer.CreditNotes[0];
        if (!creditNote || answer.CreditNotes.length !== 1)
          throw new AccountingUnavailable(`${what}: unreadable answer (expected one credit note)`);
        if (creditNote.HasValidationErrors) throw refused(what, firstValidationMessage(creditNote.ValidationErrors));
      }
      const answer = await api(
        org,
        {
          method: 'PUT',
          path: '/Payments',
          what,
          body: {
            Payments: [
              {
                CreditNote: { CreditNoteID: creditNote.CreditNoteID },
                Account: { Code: config.paymentAccount },
                Amount: toDollars(refund.amountCents),
                Date: refund.date,
                Reference: refund.reference,
              },
            ],
          },
          idempotencyKey: `interschools-refund-${hash(`${org}\n${refund.reference}`)}`,
        },
        paymentsAnswer,
      );
      const saved = answer.Payments[0]!;
      if (saved.HasValidationErrors) throw refused(what, firstValidationMessage(saved.ValidationErrors));
      return { paymentId: saved.PaymentID };
    },

    async paymentsSince(org, since) {
      const found: AccountingPayment[] = [];
      for (let page = 1; ; page += 1) {
        if (page > MAX_CONTACT_PAGES) throw new AccountingUnavailable('Xero payments: too many pages');
        const answer = await api(
          org,
          {
            method: 'GET',
            path: '/Payments',
            what: 'Xero payments',
            query: { where: 'PaymentType=="ACCRECPAYMENT" AND Status=="AUTHORISED"', page: String(page) },
            // Only what changed since the last read: one call a read when nothing did.
            headers: since ? { 'if-modified-since': since.toUTCString() } : {},
          },
          paymentListAnswer,
        );
        for (const p of answer.Payments) {
          if (!p.Invoice || (p.Status && p.Status !== 'AUTHORISED')) continue;
          found.push({
            paymentId: p.PaymentID,
            invoiceId: p.Invoice.InvoiceID,
            amountCents: Math.round(p.Amount * 100),
            date: australianDate(p.Date),
            reference: p.Reference ?? '',
          });
        }
        if (answer.Payments.length < XERO_PAGE_SIZE) break;
      }
      return found;
    },

    limits(org) {
      return limits.get(org) ?? {};
    },
  };
}
