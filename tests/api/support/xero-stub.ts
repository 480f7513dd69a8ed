// A stand-in for Xero (docs/accounting.md 'The Xero conversation'): a real node:http server on a
// free port of 127.0.0.1 speaking the identity server's client credentials grant and the part of
// the Accounting API we use, with each tenant's contacts, invoices and payments in memory.
// - POST /connect/token: HTTP Basic client id and secret, form body grant_type=client_credentials.
// - /api.xro/2.0/...: a bearer token it issued (and has not expired or revoked) and an
//   xero-tenant-id that token's connection may reach.
// Like Xero it counts each tenant's API calls against its limits (60 in any minute, 5,000 in any
// day, on its own clock a test can move): past one it answers 429 with Retry-After and
// X-Rate-Limit-Problem, and every answer says what is left (X-MinLimit-Remaining,
// X-DayLimit-Remaining). A test can also make it answer 429 for the next N calls, expire every token
// issued so far (the next call gets 401), refuse tokens altogether, fail with 500, answer what
// cannot be read, or never answer; it records every request it was sent.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type XeroStubRequest = {
  method: string;
  /** The path without the query, e.g. '/connect/token' or '/api.xro/2.0/Contacts'. */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  tenant: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  ifModifiedSince: string | undefined;
  /** JSON bodies parsed; the token request's form as an object; else the text. */
  body: unknown;
};

type StubContact = { ContactID: string; Name: string; EmailAddress: string; ContactStatus: 'ACTIVE' | 'ARCHIVED' };
type StubLine = {
  Description: string;
  Quantity: number;
  UnitAmount: number;
  AccountCode: string;
  TaxType: string;
  LineAmount: number;
};
type StubPayment = {
  PaymentID: string;
  InvoiceID: string;
  AccountCode: string;
  Amount: number;
  Date: string;
  Reference: string;
  UpdatedAt: number;
  /** Set for a refund: a payment out against a credit note (ARCREDITPAYMENT), not an invoice. */
  CreditNoteID?: string;
};
type StubCreditNote = {
  CreditNoteID: string;
  ContactID: string;
  Reference: string;
  Date: string;
  Total: number;
  LineItems: StubLine[];
  Status: string;
};
type StubInvoice = {
  InvoiceID: string;
  InvoiceNumber: string;
  Type: string;
  ContactID: string;
  Reference: string;
  Date: string;
  LineAmountTypes: string;
  LineItems: StubLine[];
  DueDate: string;
  Status: string;
  CurrencyCode: string;
  Total: number;
  AmountPaid: number;
  OnlineInvoiceUrl: string;
};
type StubBooks = {
  contacts: StubContact[];
  invoices: StubInvoice[];
  payments: StubPayment[];
  creditNotes: StubCreditNote[];
};

type Client = { id: string; secret: string; tenants: string[] };
type Stored = { status: number; body: unknown };

export type XeroStub = {
  url: string;
  identityUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  tenants: { Northern: string; Southern: string };
  salesAccount: string;
  bankAccount: string;
  /** expires_in of the tokens it issues (seconds). */
  expiresIn: number;
  requests: XeroStubRequest[];
  /** Access tokens issued, in order. */
  issued: string[];
  books(tenant: string): StubBooks;
  addContact(tenant: string, name: string, email?: string, status?: StubContact['ContactStatus']): StubContact;
  /** Another custom connection (client id and secret) reaching only these tenants. */
  addClient(id: string, secret: string, tenants: string[]): void;
  /** The next n API calls answer 429 with this Retry-After, over this limit. */
  rateLimitNext(n: number, retryAfter?: string | null, limit?: 'minute' | 'day'): void;
  /** Every token issued so far stops working: the next call with one gets 401. */
  expireTokens(): void;
  /** While set, every API call gets 401 (a connection whose access was withdrawn). */
  refuseTokens: boolean;
  /** The next n API calls (or token requests) answer 500. */
  failNext(n: number, target?: 'api' | 'token'): void;
  /** The next n API calls answer 200 with a body that is not what Xero sends. */
  malformedNext(n: number): void;
  /** The next n API calls are never answered. */
  hangNext(n: number): void;
  /** A payment made in Xero itself (a school paying the online invoice by card). */
  payInXero(tenant: string, invoiceId: string, amount: number, date: string): StubPayment;
  /** Xero's limits per tenant (default 60 a minute, 5,000 a day) and the stub's clock. */
  limits: { minute: number; day: number };
  now: () => number;
  /** API calls the tenant made in the minute, and the day, before now. */
  callsInLastMinute(tenant: string): number;
  callsInLastDay(tenant: string): number;
  /** The API requests only (no token requests). */
  apiRequests(): XeroStubRequest[];
  tokenRequests(): XeroStubRequest[];
  /** The environment that points the server at this stub. */
  env(over?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
};

const API_PREFIX = '/api.xro/2.0';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

const envelope = () => ({
  Id: randomUUID(),
  Status: 'OK',
  ProviderName: 'Interschools',
  DateTimeUTC: `/Date(${Date.now()})/`,
});
const cents = (dollars: number) => Math.round(dollars * 100);
const twoDecimals = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function startXeroStub(): Promise<XeroStub> {
  const tenants = { Northern: randomUUID(), Southern: randomUUID() };
  const clients: Client[] = [
    {
      id: 'STUBCLIENT0123456789ABCDEF',
      secret: 'stub-secret-0123456789',
      tenants: [tenants.Northern, tenants.Southern],
    },
  ];
  const tokens = new Map<string, { client: Client; valid: boolean }>();
  const booksByTenant = new Map<string, StubBooks>();
  const idempotent = new Map<string, Stored>();
  let rateLimited = 0;
  let retryAfter: string | null = '1';
  let rateLimitProblem = 'minute';
  let failingApi = 0;
  let failingToken = 0;
  let malformed = 0;
  let hanging = 0;
  let invoiceNumber = 0;
  /** Each tenant's API calls, by the time they were made (stub.now()). */
  const callTimes = new Map<string, number[]>();
  const MINUTE = 60_000;
  const DAY = 86_400_000;
  const callsWithin = (tenant: string, ms: number) =>
    (callTimes.get(tenant) ?? []).filter((t) => t > stub.now() - ms).length;
  /** Counts the call as Xero does, or answers which limit it is over and for how long. */
  const countCall = (tenant: string): { limit: 'minute' | 'day'; retryAfterS: number } | null => {
    const times = (callTimes.get(tenant) ?? []).filter((t) => t > stub.now() - DAY);
    callTimes.set(tenant, times);
    for (const [limit, ms, allowed] of [
      ['day', DAY, stub.limits.day],
      ['minute', MINUTE, stub.limits.minute],
    ] as const) {
      const within = times.filter((t) => t > stub.now() - ms);
      if (within.length >= allowed)
        return {
          limit,
          retryAfterS: Math.max(1, Math.ceil((within[within.length - allowed]! + ms - stub.now()) / 1000)),
        };
    }
    times.push(stub.now());
    return null;
  };
  const limitHeaders = (tenant: string) => ({
    'x-minlimit-remaining': String(Math.max(0, stub.limits.minute - callsWithin(tenant, MINUTE))),
    'x-daylimit-remaining': String(Math.max(0, stub.limits.day - callsWithin(tenant, DAY))),
  });
  const xeroDate = (ms: number) => `/Date(${ms}+0000)/`;
  const paymentView = (b: StubBooks, p: StubPayment) => {
    const invoice = b.invoices.find((i) => i.InvoiceID === p.InvoiceID);
    return {
      PaymentID: p.PaymentID,
      Date: xeroDate(Date.parse(p.Date)),
      Amount: p.Amount,
      Reference: p.Reference,
      Status: 'AUTHORISED',
      PaymentType: p.CreditNoteID ? 'ARCREDITPAYMENT' : 'ACCRECPAYMENT',
      ...(p.CreditNoteID ? { CreditNote: { CreditNoteID: p.CreditNoteID } } : {}),
      UpdatedDateUTC: xeroDate(p.UpdatedAt),
      HasAccount: true,
      Account: { Code: p.AccountCode },
      Invoice: { InvoiceID: p.InvoiceID, InvoiceNumber: invoice?.InvoiceNumber ?? '', Type: 'ACCREC' },
    };
  };

  const books = (tenant: string): StubBooks => {
    let b = booksByTenant.get(tenant);
    if (!b) booksByTenant.set(tenant, (b = { contacts: [], invoices: [], payments: [], creditNotes: [] }));
    return b;
  };

  const invoiceView = (b: StubBooks, i: StubInvoice) => {
    const contact = b.contacts.find((c) => c.ContactID === i.ContactID);
    return {
      Type: i.Type,
      InvoiceID: i.InvoiceID,
      InvoiceNumber: i.InvoiceNumber,
      Reference: i.Reference,
      Date: xeroDate(Date.parse(i.Date)),
      DateString: `${i.Date}T00:00:00`,
      Contact: { ContactID: i.ContactID, Name: contact?.Name ?? '' },
      LineAmountTypes: i.LineAmountTypes,
      LineItems: i.LineItems,
      DueDate: `/Date(${Date.parse(i.DueDate)}+0000)/`,
      DueDateString: `${i.DueDate}T00:00:00`,
      Status: i.Status,
      CurrencyCode: i.CurrencyCode,
      Total: i.Total,
      AmountPaid: i.AmountPaid,
      AmountDue: (cents(i.Total) - cents(i.AmountPaid)) / 100,
      HasValidationErrors: false,
      Payments: b.payments
        .filter((p) => p.InvoiceID === i.InvoiceID && !p.CreditNoteID)
        .map((p) => ({
          PaymentID: p.PaymentID,
          Date: `/Date(${Date.parse(p.Date)}+0000)/`,
          Amount: p.Amount,
          Reference: p.Reference,
          HasAccount: true,
        })),
    };
  };

  const token = (req: IncomingMessage, text: string, res: ServerResponse) => {
    if (failingToken > 0) {
      failingToken -= 1;
      return json(res, 500, { error: 'server_error' });
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return json(res, 400, { error: 'invalid_request' });
    const form = new URLSearchParams(text);
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, ...rest] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    const client = clients.find((c) => c.id === id && c.secret === rest.join(':'));
    if (!client) return json(res, 400, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
    const access = randomBytes(24).toString('base64url');
    tokens.set(access, { client, valid: true });
    stub.issued.push(access);
    return json(res, 200, {
      access_token: access,
      expires_in: stub.expiresIn,
      token_type: 'Bearer',
      scope: 'accounting.transactions accounting.contacts',
    });
  };

  /** Answers once per Idempotency-Key and tenant: a repeat gets the first answer. */
  const once = (req: IncomingMessage, tenant: string, res: ServerResponse, answer: () => Stored) => {
    const key = req.headers['idempotency-key'];
    const k = typeof key === 'string' ? `${tenant}\n${req.method}\n${key}` : null;
    const stored = (k && idempotent.get(k)) || answer();
    if (k && stored.status < 500) idempotent.set(k, stored);
    json(res, stored.status, stored.body);
  };

  const refusal = (message: string, element: Record<string, unknown> = {}): Stored => ({
    status: 400,
    body: {
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: [{ ...element, HasValidationErrors: true, ValidationErrors: [{ Message: message }] }],
    },
  });

  const api = (
    req: IncomingMessage,
    path: string,
    query: URLSearchParams,
    body: unknown,
    tenant: string,
    res: ServerResponse,
  ) => {
    const b = books(tenant);
    const method = req.method ?? '';

    if (method === 'GET' && path === '/Contacts') {
      const all = b.contacts.filter((c) => query.get('includeArchived') === 'true' || c.ContactStatus === 'ACTIVE');
      const page = query.get('page');
      const pageCount = Math.ceil(all.length / 100);
      const shown = page ? all.slice((Number(page) - 1) * 100, Number(page) * 100) : all;
      return json(res, 200, {
        ...envelope(),
        ...(page ? { pagination: { page: Number(page), pageSize: 100, pageCount, itemCount: all.length } } : {}),
        Contacts: shown.map((c) => ({
          ...c,
          UpdatedDateUTC: `/Date(${Date.now()}+0000)/`,
          HasValidationErrors: false,
        })),
      });
    }

    if (method === 'POST' && path === '/Contacts') {
      return once(req, tenant, res, () => {
        const asked = (body as { Contacts?: { Name?: unknown; EmailAddress?: unknown }[] } | null)?.Contacts;
        if (!Array.isArray(asked) || asked.length === 0) return refusal('No contacts were given');
        const made: StubContact[] = [];
        for (const c of asked) {
          if (typeof c.Name !== 'string' || !c.Name.trim()) return refusal('The contact name must be given');
          if (
            b.contacts.some(
              (x) => x.ContactStatus === 'ACTIVE' && x.Name.toLowerCase() === (c.Name as string).toLowerCase(),
            )
          ) {
            return refusal(
              `The contact name ${c.Name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
              { Name: c.Name },
            );
          }
          const contact: StubContact = {
            ContactID: randomUUID(),
            Name: c.Name,
            EmailAddress: typeof c.EmailAddress === 'string' ? c.EmailAddress : '',
            ContactStatus: 'ACTIVE',
          };
          b.contacts.push(contact);
          made.push(contact);
        }
        return {
          status: 200,
          body: { ...envelope(), Contacts: made.map((c) => ({ ...c, HasValidationErrors: false })) },
        };
      });
    }

    if (method === 'GET' && path === '/Invoices') {
      const where = query.get('where') ?? '';
      const reference = /Reference=="([^"]*)"/.exec(where)?.[1];
      const type = /Type=="([^"]*)"/.exec(where)?.[1];
      const statuses = query.get('Statuses')?.split(',');
      const numbers = query.get('InvoiceNumbers')?.split(',');
      const found = b.invoices.filter(
        (i) =>
          (reference === undefined || i.Reference === reference) &&
          (type === undefined || i.Type === type) &&
          (!statuses || statuses.includes(i.Status)) &&
          (!numbers || numbers.includes(i.InvoiceNumber)),
      );
      return json(res, 200, { ...envelope(), Invoices: found.map((i) => invoiceView(b, i)) });
    }

    if (method === 'POST' && path === '/Invoices') {
      return once(req, tenant, res, () => {
        const asked = (body as { Invoices?: Record<string, unknown>[] } | null)?.Invoices;
        if (!Array.isArray(asked) || asked.length !== 1) return refusal('One invoice expected');
        const inv = asked[0]!;
        const contactId = (inv.Contact as { ContactID?: string } | undefined)?.ContactID;
        if (inv.Type !== 'ACCREC') return refusal('Type must be ACCREC');
        if (!b.contacts.some((c) => c.ContactID === contactId)) return refusal('The contact does not exist');
        if (inv.LineAmountTypes !== 'Inclusive') return refusal('LineAmountTypes must be Inclusive');
        if (inv.CurrencyCode !== 'AUD') return refusal('The currency must be AUD');
        if (inv.Status !== 'AUTHORISED') return refusal('Status must be AUTHORISED');
        if (typeof inv.DueDate !== 'string' || !ISO_DATE.test(inv.DueDate))
          return refusal('Due Date is required for an approved invoice');
        if (typeof inv.Date !== 'string' || !ISO_DATE.test(inv.Date))
          return refusal('Date is required for an approved invoice');
        const givenNumber = typeof inv.InvoiceNumber === 'string' ? inv.InvoiceNumber : undefined;
        if (
          givenNumber &&
          b.invoices.some(
            (i) => i.InvoiceNumber === givenNumber && i.InvoiceID !== inv.InvoiceID && i.Status !== 'VOIDED',
          )
        ) {
          return refusal('Invoice # must be unique.');
        }
        const items = inv.LineItems as Record<string, unknown>[] | undefined;
        if (!Array.isArray(items) || items.length === 0) return refusal('Invoice must have at least one line item');
        const lines: StubLine[] = [];
        for (const l of items) {
          if (typeof l.Description !== 'string' || !Number.isInteger(l.Quantity) || !twoDecimals(l.UnitAmount))
            return refusal('Line items need Description, Quantity and a UnitAmount of 2 decimals');
          if (l.AccountCode !== stub.salesAccount)
            return refusal(`Account code '${String(l.AccountCode)}' is not a valid code for this document.`);
          if (l.TaxType !== 'OUTPUT') return refusal('The TaxType code is not valid');
          lines.push({
            Description: l.Description,
            Quantity: l.Quantity as number,
            UnitAmount: l.UnitAmount,
            AccountCode: l.AccountCode,
            TaxType: l.TaxType,
            LineAmount: (cents(l.UnitAmount) * (l.Quantity as number)) / 100,
          });
        }
        const total = lines.reduce((sum, l) => sum + cents(l.LineAmount), 0) / 100;
        const fields = {
          Type: 'ACCREC',
          ContactID: contactId!,
          Reference: String(inv.Reference ?? ''),
          Date: inv.Date,
          LineAmountTypes: 'Inclusive',
          LineItems: lines,
          DueDate: inv.DueDate,
          Status: 'AUTHORISED',
          CurrencyCode: 'AUD',
          Total: total,
          ...(givenNumber ? { InvoiceNumber: givenNumber } : {}),
        };
        let invoice: StubInvoice | undefined;
        if (inv.InvoiceID !== undefined) {
          invoice = b.invoices.find((i) => i.InvoiceID === inv.InvoiceID);
          if (!invoice)
            return {
              status: 404,
              body: { Title: 'NotFound', Status: 404, Detail: 'The resource you are looking for cannot be found' },
            };
          if (invoice.AmountPaid > 0)
            return refusal('This document cannot be edited as it has a payment or credit note allocated to it.');
          Object.assign(invoice, fields);
        } else {
          invoiceNumber += 1;
          invoice = {
            InvoiceID: randomUUID(),
            InvoiceNumber: `INV-${String(invoiceNumber).padStart(4, '0')}`,
            ...fields,
            AmountPaid: 0,
            OnlineInvoiceUrl: `https://in.xero.com/${randomBytes(20).toString('base64url')}`,
          };
          b.invoices.push(invoice);
        }
        return { status: 200, body: { ...envelope(), Invoices: [invoiceView(b, invoice)] } };
      });
    }

    const one = /^\/Invoices\/([^/]+)(\/OnlineInvoice)?$/.exec(path);
    if (method === 'GET' && one) {
      const invoice = b.invoices.find((i) => i.InvoiceID === decodeURIComponent(one[1]!));
      if (!invoice)
        return json(res, 404, {
          Title: 'NotFound',
          Status: 404,
          Detail: 'The resource you are looking for cannot be found',
        });
      if (one[2])
        return json(res, 200, { ...envelope(), OnlineInvoices: [{ OnlineInvoiceUrl: invoice.OnlineInvoiceUrl }] });
      return json(res, 200, { ...envelope(), Invoices: [invoiceView(b, invoice)] });
    }

    const creditNoteView = (c: StubCreditNote) => ({
      Type: 'ACCRECCREDIT',
      CreditNoteID: c.CreditNoteID,
      Reference: c.Reference,
      Contact: { ContactID: c.ContactID },
      Date: xeroDate(Date.parse(c.Date)),
      LineAmountTypes: 'Inclusive',
      LineItems: c.LineItems,
      Total: c.Total,
      Status: c.Status,
      CurrencyCode: 'AUD',
      HasValidationErrors: false,
      Payments: b.payments
        .filter((p) => p.CreditNoteID === c.CreditNoteID)
        .map((p) => ({ PaymentID: p.PaymentID, Amount: p.Amount, Reference: p.Reference })),
    });

    if (method === 'GET' && path === '/CreditNotes') {
      const reference = /Reference=="([^"]*)"/.exec(query.get('where') ?? '')?.[1];
      return json(res, 200, {
        ...envelope(),
        CreditNotes: b.creditNotes
          .filter((c) => reference === undefined || c.Reference === reference)
          .map(creditNoteView),
      });
    }

    if (method === 'PUT' && path === '/CreditNotes') {
      return once(req, tenant, res, () => {
        const asked = (body as { CreditNotes?: Record<string, unknown>[] } | null)?.CreditNotes;
        if (!Array.isArray(asked) || asked.length !== 1) return refusal('One credit note expected');
        const c = asked[0]!;
        const contactId = (c.Contact as { ContactID?: string } | undefined)?.ContactID;
        if (c.Type !== 'ACCRECCREDIT') return refusal('Type must be ACCRECCREDIT');
        if (!b.contacts.some((x) => x.ContactID === contactId)) return refusal('The contact does not exist');
        if (c.LineAmountTypes !== 'Inclusive' || c.Status !== 'AUTHORISED')
          return refusal('LineAmountTypes must be Inclusive and Status AUTHORISED');
        if (typeof c.Date !== 'string' || !ISO_DATE.test(c.Date)) return refusal('Date is required');
        const items = c.LineItems as Record<string, unknown>[] | undefined;
        if (
          !Array.isArray(items) ||
          items.length === 0 ||
          items.some((l) => !twoDecimals(l.UnitAmount) || l.TaxType !== 'OUTPUT' || l.AccountCode !== stub.salesAccount)
        ) {
          return refusal('Line items need a UnitAmount of 2 decimals, TaxType OUTPUT and the sales account');
        }
        const lines = items.map((l) => ({
          Description: String(l.Description),
          Quantity: l.Quantity as number,
          UnitAmount: l.UnitAmount as number,
          AccountCode: String(l.AccountCode),
          TaxType: 'OUTPUT',
          LineAmount: (cents(l.UnitAmount as number) * (l.Quantity as number)) / 100,
        }));
        const note: StubCreditNote = {
          CreditNoteID: randomUUID(),
          ContactID: contactId!,
          Reference: String(c.Reference ?? ''),
          Date: c.Date,
          LineItems: lines,
          Status: 'AUTHORISED',
          Total: lines.reduce((sum, l) => sum + cents(l.LineAmount), 0) / 100,
        };
        b.creditNotes.push(note);
        return { status: 200, body: { ...envelope(), CreditNotes: [creditNoteView(note)] } };
      });
    }

    if (
      method === 'PUT' &&
      path === '/Payments' &&
      (body as { Payments?: { CreditNote?: unknown }[] } | null)?.Payments?.[0]?.CreditNote
    ) {
      return once(req, tenant, res, () => {
        const p = (body as { Payments: Record<string, unknown>[] }).Payments[0]!;
        const note = b.creditNotes.find(
          (c) => c.CreditNoteID === (p.CreditNote as { CreditNoteID?: string }).CreditNoteID,
        );
        if (!note) return refusal('Credit note could not be found');
        const code = (p.Account as { Code?: string } | undefined)?.Code;
        if (code !== stub.bankAccount)
          return refusal(`Account code '${String(code)}' is not a valid code for this document.`);
        const refunded = b.payments
          .filter((x) => x.CreditNoteID === note.CreditNoteID)
          .reduce((sum, x) => sum + cents(x.Amount), 0);
        if (!twoDecimals(p.Amount) || p.Amount <= 0 || cents(p.Amount) > cents(note.Total) - refunded)
          return refusal('Payment amount exceeds the amount outstanding on this document');
        if (typeof p.Date !== 'string' || !ISO_DATE.test(p.Date)) return refusal('Payment date is required');
        const payment: StubPayment = {
          PaymentID: randomUUID(),
          InvoiceID: '',
          CreditNoteID: note.CreditNoteID,
          AccountCode: code,
          Amount: p.Amount,
          Date: p.Date,
          Reference: String(p.Reference ?? ''),
          UpdatedAt: stub.now(),
        };
        b.payments.push(payment);
        if (cents(p.Amount) === cents(note.Total) - refunded) note.Status = 'PAID';
        return {
          status: 200,
          body: {
            ...envelope(),
            Payments: [
              {
                PaymentID: payment.PaymentID,
                Amount: payment.Amount,
                Reference: payment.Reference,
                Status: 'AUTHORISED',
                HasValidationErrors: false,
              },
            ],
          },
        };
      });
    }

    if (method === 'PUT' && path === '/Payments') {
      return once(req, tenant, res, () => {
        const asked = (body as { Payments?: Record<string, unknown>[] } | null)?.Payments;
        if (!Array.isArray(asked) || asked.length !== 1) return refusal('One payment expected');
        const p = asked[0]!;
        const invoice = b.invoices.find(
          (i) => i.InvoiceID === (p.Invoice as { InvoiceID?: string } | undefined)?.InvoiceID,
        );
        if (!invoice) return refusal('Invoice could not be found');
        const code = (p.Account as { Code?: string } | undefined)?.Code;
        if (code !== stub.bankAccount)
          return refusal(`Account code '${String(code)}' is not a valid code for this document.`);
        if (!twoDecimals(p.Amount) || p.Amount <= 0)
          return refusal('Payment amount must be a positive amount of 2 decimals');
        if (cents(p.Amount) > cents(invoice.Total) - cents(invoice.AmountPaid))
          return refusal('Payment amount exceeds the amount outstanding on this document');
        if (typeof p.Date !== 'string' || !ISO_DATE.test(p.Date)) return refusal('Payment date is required');
        const payment: StubPayment = {
          PaymentID: randomUUID(),
          InvoiceID: invoice.InvoiceID,
          AccountCode: code,
          Amount: p.Amount,
          Date: p.Date,
          Reference: String(p.Reference ?? ''),
          UpdatedAt: stub.now(),
        };
        b.payments.push(payment);
        invoice.AmountPaid = (cents(invoice.AmountPaid) + cents(p.Amount)) / 100;
        if (cents(invoice.AmountPaid) >= cents(invoice.Total)) invoice.Status = 'PAID';
        return {
          status: 200,
          body: {
            ...envelope(),
            Payments: [
              {
                PaymentID: payment.PaymentID,
                Amount: payment.Amount,
                Reference: payment.Reference,
                Status: 'AUTHORISED',
                Invoice: invoiceView(b, invoice),
                HasValidationErrors: false,
              },
            ],
          },
        };
      });
    }

    if (method === 'GET' && path === '/Payments') {
      // If-Modified-Since: only payments changed after it (Xero compares UpdatedDateUTC).
      const since = req.headers['if-modified-since'] ? Date.parse(req.headers['if-modified-since']) : null;
      const where = query.get('where') ?? '';
      const type = /PaymentType=="([^"]*)"/.exec(where)?.[1];
      const found = b.payments.filter(
        (p) =>
          (since === null || p.UpdatedAt > since) &&
          (type === undefined || type === (p.CreditNoteID ? 'ARCREDITPAYMENT' : 'ACCRECPAYMENT')),
      );
      const page = Number(query.get('page') ?? '1');
      return json(res, 200, {
        ...envelope(),
        Payments: found.slice((page - 1) * 100, page * 100).map((p) => paymentView(b, p)),
      });
    }

    return json(res, 404, {
      Title: 'NotFound',
      Status: 404,
      Detail: 'The resource you are looking for cannot be found',
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const text = await readBody(req);
      const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      let body: unknown = text;
      if (isForm) body = Object.fromEntries(new URLSearchParams(text));
      else if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const header = (name: string) =>
        typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
      stub.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: header('authorization'),
        tenant: header('xero-tenant-id'),
        idempotencyKey: header('idempotency-key'),
        contentType: header('content-type'),
        ifModifiedSince: header('if-modified-since'),
        body,
      });
      if (req.method === 'POST' && url.pathname === '/connect/token') return token(req, text, res);
      if (!url.pathname.startsWith(`${API_PREFIX}/`)) return json(res, 404, { Title: 'NotFound', Status: 404 });
      if (hanging > 0) {
        hanging -= 1;
        return; // never answered; closed with the server
      }
      const bearer = /^Bearer (.+)$/.exec(header('authorization') ?? '')?.[1];
      const issued = bearer ? tokens.get(bearer) : undefined;
      if (!issued?.valid || stub.refuseTokens) {
        return json(
          res,
          401,
          {
            Type: null,
            Title: 'Unauthorized',
            Status: 401,
            Detail: 'TokenExpired: token expired',
            Instance: randomUUID(),
            Extensions: {},
          },
          { 'www-authenticate': 'Bearer error="invalid_token"' },
        );
      }
      const tenant = header('xero-tenant-id');
      if (!tenant || !issued.client.tenants.includes(tenant)) {
        return json(res, 403, {
          Type: null,
          Title: 'Forbidden',
          Status: 403,
          Detail: 'AuthenticationUnsuccessful',
          Instance: randomUUID(),
          Extensions: {},
        });
      }
      if (rateLimited > 0) {
        rateLimited -= 1;
        return json(
          res,
          429,
          { Title: 'Too Many Requests', Status: 429 },
          { ...(retryAfter === null ? {} : { 'retry-after': retryAfter }), 'x-rate-limit-problem': rateLimitProblem },
        );
      }
      const over = countCall(tenant);
      if (over) {
        return json(
          res,
          429,
          { Title: 'Too Many Requests', Status: 429 },
          { 'retry-after': String(over.retryAfterS), 'x-rate-limit-problem': over.limit, ...limitHeaders(tenant) },
        );
      }
      for (const [name, value] of Object.entries(limitHeaders(tenant))) res.setHeader(name, value);
      if (failingApi > 0) {
        failingApi -= 1;
        return json(res, 500, {
          ErrorNumber: 500,
          Type: 'UnknownErrorException',
          Message: 'An error occurred in Xero.',
        });
      }
      if (malformed > 0) {
        malformed -= 1;
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"Contacts": [{"ContactID": 12}], "Invoices": "no"');
      }
      api(req, url.pathname.slice(API_PREFIX.length), url.searchParams, body, tenant, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const stub: XeroStub = {
    url: base,
    identityUrl: `${base}/connect/token`,
    apiUrl: `${base}${API_PREFIX}`,
    clientId: clients[0]!.id,
    clientSecret: clients[0]!.secret,
    tenants,
    salesAccount: '200',
    bankAccount: '090',
    expiresIn: 1800,
    requests: [],
    issued: [],
    refuseTokens: false,
    books,
    addContact(tenant, name, email = '', status = 'ACTIVE') {
      const contact: StubContact = { ContactID: randomUUID(), Name: name, EmailAddress: email, ContactStatus: status };
      books(tenant).contacts.push(contact);
      return contact;
    },
    addClient(id, secret, reach) {
      clients.push({ id, secret, tenants: reach });
    },
    rateLimitNext(n, after = '1', limit = 'minute') {
      rateLimited = n;
      retryAfter = after;
      rateLimitProblem = limit;
    },
    expireTokens() {
      for (const t of tokens.values()) t.valid = false;
    },
    failNext(n, target = 'api') {
      if (target === 'api') failingApi = n;
      else failingToken = n;
    },
    malformedNext(n) {
      malformed = n;
    },
    hangNext(n) {
      hanging = n;
    },
    limits: { minute: 60, day: 5000 },
    now: () => Date.now(),
    callsInLastMinute: (tenant) => callsWithin(tenant, MINUTE),
    callsInLastDay: (tenant) => callsWithin(tenant, DAY),
    payInXero(tenant, invoiceId, amount, date) {
      const b = books(tenant);
      const invoice = b.invoices.find((i) => i.InvoiceID === invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId} in the stub`);
      const payment: StubPayment = {
        PaymentID: randomUUID(),
        InvoiceID: invoiceId,
        AccountCode: stub.bankAccount,
        Amount: amount,
        Date: date,
        Reference: 'Online payment',
        UpdatedAt: stub.now(),
      };
      b.payments.push(payment);
      invoice.AmountPaid = (cents(invoice.AmountPaid) + cents(amount)) / 100;
      if (cents(invoice.AmountPaid) >= cents(invoice.Total)) invoice.Status = 'PAID';
      return payment;
    },
    apiRequests: () => stub.requests.filter((r) => r.path.startsWith(API_PREFIX)),
    tokenRequests: () => stub.requests.filter((r) => r.path === '/connect/token'),
    env: (over = {}) => ({
      XERO_CLIENT_ID: stub.clientId,
      XERO_CLIENT_SECRET: stub.clientSecret,
      XERO_TENANT_NORTHERN: tenants.Northern,
      XERO_TENANT_SOUTHERN: tenants.Southern,
      XERO_PAYMENT_ACCOUNT: stub.bankAccount,
      XERO_IDENTITY_URL: stub.identityUrl,
      XERO_API_URL: stub.apiUrl,
      ...over,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stub;
}
