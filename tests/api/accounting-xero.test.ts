// The Xero adapter against a stub Xero (tests/api/support/xero-stub.ts) speaking the identity
// server's client credentials grant and the Accounting API: through pushInvoice, pushPayment and
// the accounting sync routes. The token request, the tenant of each organisation, the bodies sent
// (amounts in dollars of 2 decimals), the online invoice url kept, repeats never duplicating,
// 429 + Retry-After waited out, an expired token renewed once, and a Xero that fails or answers
// nonsense making the sync routes answer 503 and storing nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { accountingQueue, invoices, payments, schoolAccountingContacts } from '../../server/db/schema';
import { drainQueue } from '../../server/modules/accounting/worker';
import { australianDate } from '../../src/domain/rules/australian-date';
import { AccountingUnavailable } from '../../server/integrations/accounting';
import { createXeroAccounting, XERO_TOKEN_MARGIN_MS } from '../../server/integrations/accounting/xero';
import { selectIntegrations } from '../../server/integrations/select';
import { pushInvoice, pushPayment, queued, settleAccounting } from './support/accounting';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import type { AccountingSync } from '../../src/domain/schemas';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { createClock, startTestApp, type TestApp, type TestClock } from './support/test-app';
import { startXeroStub, type XeroStub, type XeroStubRequest } from './support/xero-stub';

type Line = { description: string; quantity: number; unitAmountCents: number; amountCents: number };
const line = (description: string, quantity: number, unitAmountCents: number): Line => ({
  description,
  quantity,
  unitAmountCents,
  amountCents: quantity * unitAmountCents,
});
const total = (lines: Line[]) => lines.reduce((s, l) => s + l.amountCents, 0);

function recordingLog() {
  const entries: { level: string; obj: unknown; msg: unknown }[] = [];
  const log: Record<string, unknown> = { level: 'info', silent: () => undefined };
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) {
    log[level] = (obj: unknown, msg?: unknown) => entries.push({ level, obj, msg });
  }
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, at: (level: string) => entries.filter((e) => e.level === level) };
}

async function createInvoice(db: Db, schoolId: string, eventId: string, lines: Line[]) {
  const [row] = await db
    .insert(invoices)
    .values({
      schoolId,
      eventId,
      number: `INV-${randomUUID().slice(0, 8)}`,
      totalCents: total(lines),
      lines,
      entryCount: 1,
      url: '#/invoice',
    })
    .returning();
  return row!;
}

async function createPayment(
  db: Db,
  schoolId: string,
  eventId: string,
  amountCents: number,
  over: Partial<typeof payments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(payments)
    .values({
      schoolId,
      eventId,
      amountCents,
      status: 'received',
      receivedAt: new Date('2026-06-20T01:00:00Z'),
      ...over,
    })
    .returning();
  return row!;
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const calls = (requests: XeroStubRequest[]) => requests.map((r) => `${r.method} ${r.path.replace('/api.xro/2.0', '')}`);

let stub: XeroStub;
let t: TestApp;
let clock: TestClock;
let sleeps: number[];
let admin: Agent;

/** The server on the stub, with the adapter's waits recorded instead of slept. */
async function start(env: Record<string, string> = {}) {
  sleeps = [];
  clock = createClock();
  const config = loadConfig(stub.env(env));
  t = await startTestApp({
    env: stub.env(env),
    clock,
    accounting: () =>
      createXeroAccounting(config.xero!, {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        now: clock.now,
      }),
  });
  admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
}

beforeEach(async () => {
  stub = await startXeroStub();
});
afterEach(async () => {
  await t?.close();
  await stub.close();
});

const setup = async (invoiceType: 'NSW' | 'VIC' = 'NSW') => {
  const school = await createSchool(t.db, {
    name: `Xero School ${randomUUID().slice(0, 6)}`,
    principalEmail: 'principal@xero-school.test',
  });
  const event = await createEvent(t.db, { invoiceType, invoiceDue: '2026-08-01' });
  return { school, event };
};
const invoiceRow = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('configuration', () => {
  beforeEach(() => start());

  it('chooses Xero when XERO_CLIENT_ID is set, else the ledger', () => {
    expect(selectIntegrations(loadConfig(stub.env()), t.db).accounting.name).toBe('xero');
    expect(selectIntegrations(loadConfig({}), t.db).accounting.name).toBe('ledger');
  });

  it('has the real addresses and account 200 by default, and each organisation its tenant', () => {
    const { xero } = loadConfig({
      XERO_CLIENT_ID: 'ID',
      XERO_CLIENT_SECRET: 'SECRET',
      XERO_TENANT_NORTHERN: 'n-1',
      XERO_TENANT_SOUTHERN: 's-1',
      XERO_PAYMENT_ACCOUNT: '090',
    });
    expect(xero).toEqual({
      identityUrl: 'https://identity.xero.com/connect/token',
      apiUrl: 'https://api.xero.com/api.xro/2.0',
      connections: {
        Northern: { clientId: 'ID', clientSecret: 'SECRET', tenantId: 'n-1' },
        Southern: { clientId: 'ID', clientSecret: 'SECRET', tenantId: 's-1' },
      },
      salesAccount: '200',
      paymentAccount: '090',
    });
    expect(loadConfig({}).xero).toBeNull();
  });

  it('refuses an incomplete or unsafe configuration, naming the variables', () => {
    expect(() => loadConfig({ XERO_CLIENT_ID: 'ID' })).toThrow(
      /XERO_CLIENT_SECRET[\s\S]*XERO_TENANT_NORTHERN[\s\S]*XERO_TENANT_SOUTHERN[\s\S]*XERO_PAYMENT_ACCOUNT/,
    );
    expect(() => loadConfig({ XERO_CLIENT_SECRET: 'SECRET' })).toThrow(
      /XERO_CLIENT_SECRET: is used only with XERO_CLIENT_ID/,
    );
    expect(() => loadConfig(stub.env({ XERO_API_URL: 'http://xero.example.com/api.xro/2.0' }))).toThrow(
      /XERO_API_URL: must be an https/,
    );
    expect(() => loadConfig(stub.env({ XERO_IDENTITY_URL: 'http://identity.example.com/connect/token' }))).toThrow(
      /XERO_IDENTITY_URL/,
    );
    expect(() => loadConfig(stub.env({ XERO_CLIENT_ID_SOUTHERN: 'SOUTH' }))).toThrow(/XERO_CLIENT_SECRET_SOUTHERN/);
    expect(() => loadConfig(stub.env({ XERO_TENANT_NORTHERN: 'bad tenant"' }))).toThrow(/XERO_TENANT_NORTHERN/);
  });
});

describe('pushing an invoice', () => {
  beforeEach(() => start());

  it('asks for a token, creates and links the contact, sends the invoice and keeps its online url', async () => {
    const { school, event } = await setup();
    const lines = [line('Registration fee', 1, 5000), line('Team entry fee', 3, 3333), line('Late fee', 1, 10)];
    const inv = await createInvoice(t.db, school.id, event.id, lines);
    await pushInvoice(t.deps, inv.id, recordingLog().log);

    const [tokenRequest, ...rest] = stub.requests;
    expect(tokenRequest).toMatchObject({
      method: 'POST',
      path: '/connect/token',
      authorization: basic(stub.clientId, stub.clientSecret),
      contentType: 'application/x-www-form-urlencoded',
      body: { grant_type: 'client_credentials' },
    });
    // The first try looks nothing up: nothing was sent before.
    expect(calls(rest)).toEqual([
      'POST /Contacts',
      'POST /Invoices',
      expect.stringMatching(/^GET \/Invoices\/[0-9a-f-]+\/OnlineInvoice$/),
    ]);
    for (const r of rest)
      expect(r).toMatchObject({ authorization: `Bearer ${stub.issued[0]}`, tenant: stub.tenants.Northern });

    const [contact] = stub.books(stub.tenants.Northern).contacts;
    expect(rest[0]!.body).toEqual({ Contacts: [{ Name: school.name, EmailAddress: 'principal@xero-school.test' }] });
    expect(rest[0]!.idempotencyKey).toBeTruthy();
    expect(rest[1]!.body).toEqual({
      Invoices: [
        {
          Type: 'ACCREC',
          Contact: { ContactID: contact!.ContactID },
          InvoiceNumber: inv.number,
          Reference: event.name,
          // The day it was issued, in Australian eastern time.
          Date: australianDate(inv.createdAt),
          LineAmountTypes: 'Inclusive',
          LineItems: [
            { Description: 'Registration fee', Quantity: 1, UnitAmount: 50, AccountCode: '200', TaxType: 'OUTPUT' },
            { Description: 'Team entry fee', Quantity: 3, UnitAmount: 33.33, AccountCode: '200', TaxType: 'OUTPUT' },
            { Description: 'Late fee', Quantity: 1, UnitAmount: 0.1, AccountCode: '200', TaxType: 'OUTPUT' },
          ],
          DueDate: '2026-08-01',
          Status: 'AUTHORISED',
          CurrencyCode: 'AUD',
        },
      ],
    });

    const [booked] = stub.books(stub.tenants.Northern).invoices;
    expect(booked!.Total).toBe(150.09);
    expect(await invoiceRow(inv.id)).toMatchObject({
      accountingInvoiceId: booked!.InvoiceID,
      url: booked!.OnlineInvoiceUrl,
    });
    expect(booked!.OnlineInvoiceUrl).toMatch(/^https:\/\/in\.xero\.com\//);
    expect(await t.db.select().from(schoolAccountingContacts)).toEqual([
      expect.objectContaining({ schoolId: school.id, organisation: 'Northern', contactId: contact!.ContactID }),
    ]);
  });

  it("sends an update with the invoice's id, on the cached token, without a new contact", async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    const before = stub.requests.length;
    const more = [line('Registration fee', 1, 5000), line('Team entry fee', 2, 3000)];
    await t.db
      .update(invoices)
      .set({ lines: more, totalCents: total(more) })
      .where(eq(invoices.id, inv.id));
    await pushInvoice(t.deps, inv.id, recordingLog().log);

    const later = stub.requests.slice(before);
    // Its online url is known already: one call.
    expect(calls(later)).toEqual(['POST /Invoices']);
    const [booked] = stub.books(stub.tenants.Northern).invoices;
    expect((later[0]!.body as { Invoices: { InvoiceID: string }[] }).Invoices[0]!.InvoiceID).toBe(booked!.InvoiceID);
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
    expect(booked!.Total).toBe(110);
    expect(stub.books(stub.tenants.Northern).contacts).toHaveLength(1);
    expect(stub.issued).toHaveLength(1);
  });

  it('finds an invoice whose id we lost by its number, and updates it rather than sending another', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    const id = (await invoiceRow(inv.id)).accountingInvoiceId;
    await t.db.update(invoices).set({ accountingInvoiceId: null }).where(eq(invoices.id, inv.id));
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
    expect((await invoiceRow(inv.id)).accountingInvoiceId).toBe(id);
  });

  it("sends a VIC event's invoice to the Southern tenant", async () => {
    const { school, event } = await setup('VIC');
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 4000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    const api = stub.apiRequests();
    expect(api.length).toBeGreaterThan(0);
    for (const r of api) expect(r.tenant).toBe(stub.tenants.Southern);
    expect(stub.books(stub.tenants.Southern).invoices).toHaveLength(1);
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(0);
    expect((await t.db.select().from(schoolAccountingContacts))[0]!.organisation).toBe('Southern');
  });

  it('parks what Xero refused (a contact name already taken) with its reason, and stores nothing', async () => {
    const { school, event } = await setup();
    stub.addContact(stub.tenants.Northern, school.name);
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    const { log, at } = recordingLog();
    await pushInvoice(t.deps, inv.id, log);
    expect(at('warn')).toHaveLength(1);
    expect(String((at('warn')[0]!.obj as { reason: string }).reason)).toMatch(/already assigned to another contact/);
    expect(await queued(t.deps, 'invoice', inv.id)).toMatchObject({
      state: 'parked',
      lastError: expect.stringMatching(/already assigned to another contact/),
    });
    expect(await invoiceRow(inv.id)).toMatchObject({ accountingInvoiceId: null, url: '#/invoice' });
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(0);
  });
});

describe('with a custom connection per organisation', () => {
  beforeEach(async () => {
    stub.addClient('SOUTHCLIENT', 'south-secret-0123', [stub.tenants.Southern]);
    // The shared connection no longer reaches the Southern tenant.
    await start({ XERO_CLIENT_ID_SOUTHERN: 'SOUTHCLIENT', XERO_CLIENT_SECRET_SOUTHERN: 'south-secret-0123' });
  });

  it('asks each connection for its own token', async () => {
    const nsw = await setup('NSW');
    const vic = await setup('VIC');
    await pushInvoice(
      t.deps,
      (await createInvoice(t.db, nsw.school.id, nsw.event.id, [line('Registration', 1, 5000)])).id,
      recordingLog().log,
    );
    await pushInvoice(
      t.deps,
      (await createInvoice(t.db, vic.school.id, vic.event.id, [line('Registration', 1, 4000)])).id,
      recordingLog().log,
    );
    expect(stub.tokenRequests().map((r) => r.authorization)).toEqual([
      basic(stub.clientId, stub.clientSecret),
      basic('SOUTHCLIENT', 'south-secret-0123'),
    ]);
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
    expect(stub.books(stub.tenants.Southern).invoices).toHaveLength(1);
    const southern = stub.apiRequests().filter((r) => r.tenant === stub.tenants.Southern);
    for (const r of southern) expect(r.authorization).toBe(`Bearer ${stub.issued[1]}`);
  });
});

describe('pushing a payment', () => {
  beforeEach(() => start());

  it('records it against the invoice into the bank account, once; the invoice is PAID when covered', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [
      line('Registration fee', 1, 5000),
      line('Team entry fee', 2, 2525),
    ]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    const invoiceId = (await invoiceRow(inv.id)).accountingInvoiceId!;

    const first = await createPayment(t.db, school.id, event.id, 5050);
    const before = stub.requests.length;
    await pushPayment(t.deps, first.id, recordingLog().log);
    const sent = stub.requests.slice(before);
    expect(calls(sent)).toEqual(['PUT /Payments']);
    expect(sent[0]!.body).toEqual({
      Payments: [
        {
          Invoice: { InvoiceID: invoiceId },
          Account: { Code: '090' },
          Amount: 50.5,
          Date: '2026-06-20',
          Reference: first.id,
        },
      ],
    });
    expect(sent[0]!.idempotencyKey).toBeTruthy();
    const books = stub.books(stub.tenants.Northern);
    expect(books.payments).toHaveLength(1);
    expect((await t.db.select().from(payments).where(eq(payments.id, first.id)))[0]!.accountingPaymentId).toBe(
      books.payments[0]!.PaymentID,
    );
    expect(books.invoices[0]!.Status).toBe('AUTHORISED');

    const second = await createPayment(t.db, school.id, event.id, 5000);
    await pushPayment(t.deps, second.id, recordingLog().log);
    expect(books.invoices[0]!.Status).toBe('PAID');

    // Our id of the first one lost (an answer lost on the way, so tried again): found on the
    // invoice by its reference, not paid twice.
    await t.db.update(payments).set({ accountingPaymentId: null }).where(eq(payments.id, first.id));
    await t.db.update(accountingQueue).set({ attempts: 1 }).where(eq(accountingQueue.subjectId, first.id));
    const again = stub.requests.length;
    await drainQueue(t.deps, recordingLog().log);
    await t.db
      .update(accountingQueue)
      .set({ state: 'waiting', nextTryAt: clock.now() })
      .where(eq(accountingQueue.subjectId, first.id));
    await drainQueue(t.deps, recordingLog().log);
    expect(calls(stub.requests.slice(again))).toEqual([`GET /Invoices/${invoiceId}`]);
    expect(books.payments).toHaveLength(2);
    expect((await t.db.select().from(payments).where(eq(payments.id, first.id)))[0]!.accountingPaymentId).toBe(
      books.payments[0]!.PaymentID,
    );
  });

  it('never sends a TEST payment (made at the test checkout: no money received), now or later', async () => {
    const { school, event } = await setup('VIC');
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    const testPayment = await createPayment(t.db, school.id, event.id, 5000, {
      method: 'online',
      reference: 'BG-test',
      test: true,
    });
    const before = stub.requests.length;
    await pushPayment(t.deps, testPayment.id, recordingLog().log);
    await settleAccounting(t);
    expect(calls(stub.requests.slice(before)).filter((c) => c !== 'GET /Payments')).toEqual([]);
    expect(stub.books(stub.tenants.Southern).payments).toEqual([]);
    expect(
      (await t.db.select().from(payments).where(eq(payments.id, testPayment.id)))[0]!.accountingPaymentId,
    ).toBeNull();

    // A real payment beside it still goes.
    const real = await createPayment(t.db, school.id, event.id, 5000);
    await settleAccounting(t);
    expect(stub.books(stub.tenants.Southern).payments.map((p) => p.Reference)).toEqual([real.id]);
  });
});

describe("Xero's limits and failures", () => {
  beforeEach(() => start());

  it('waits out a short Retry-After and tries again', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    stub.rateLimitNext(2, '4');
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    expect(sleeps).toEqual([4000, 4000]);
    expect(calls(stub.apiRequests()).slice(0, 3)).toEqual(['POST /Contacts', 'POST /Contacts', 'POST /Contacts']);
    expect((await invoiceRow(inv.id)).accountingInvoiceId).toBe(
      stub.books(stub.tenants.Northern).invoices[0]!.InvoiceID,
    );
    expect(stub.books(stub.tenants.Northern).contacts).toHaveLength(1);
  });

  it('gives up after three waits, and does not wait past five seconds: the sync route answers 503', async () => {
    stub.rateLimitNext(4, '1');
    const res = await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(SERVER_MESSAGES.accountingUnavailable);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(stub.apiRequests()).toHaveLength(4);

    sleeps.length = 0;
    stub.rateLimitNext(1, '6');
    expect((await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' })).statusCode).toBe(503);
    expect(sleeps).toEqual([]);
  });

  it('renews an expired token once and sends the call again', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    stub.expireTokens();
    const before = stub.requests.length;
    await t.db
      .update(invoices)
      .set({ lines: [line('Registration fee', 1, 6000)], totalCents: 6000 })
      .where(eq(invoices.id, inv.id));
    await pushInvoice(t.deps, inv.id, recordingLog().log);

    const later = stub.requests.slice(before);
    expect(calls(later)).toEqual(['POST /Invoices', 'POST /connect/token', 'POST /Invoices']);
    expect(later[0]!.authorization).toBe(`Bearer ${stub.issued[0]}`);
    expect(later[2]!.authorization).toBe(`Bearer ${stub.issued[1]}`);
    expect(stub.books(stub.tenants.Northern).invoices[0]!.Total).toBe(60);
  });

  it('renews only once: a connection whose access was withdrawn is unavailable', async () => {
    stub.refuseTokens = true;
    const res = await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/vic' });
    expect(res.statusCode).toBe(503);
    expect(stub.tokenRequests()).toHaveLength(2);
    expect(stub.apiRequests()).toHaveLength(2);
  });

  it('keeps a token until a minute before it expires', async () => {
    stub.expiresIn = 1800;
    const list = () => admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' });
    expect((await list()).statusCode).toBe(200);
    clock.advance(1800_000 - XERO_TOKEN_MARGIN_MS - 1000);
    expect((await list()).statusCode).toBe(200);
    expect(stub.tokenRequests()).toHaveLength(1);
    clock.advance(2000);
    expect((await list()).statusCode).toBe(200);
    expect(stub.tokenRequests()).toHaveLength(2);
  });

  it('answers 503 when Xero fails (500), and stores nothing', async () => {
    const { school, event } = await setup();
    const contact = stub.addContact(stub.tenants.Northern, 'Some Contact');
    stub.failNext(Number.POSITIVE_INFINITY);
    const listed = await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' });
    expect(listed.statusCode).toBe(503);
    expect(listed.json()).toMatchObject({
      message: SERVER_MESSAGES.accountingUnavailable,
      code: 'ACCOUNTING_UNAVAILABLE',
    });
    const joined = await admin.request({
      method: 'POST',
      url: '/api/schools/xero-join/nsw',
      payload: { schoolId: school.id, contactId: contact.ContactID },
    });
    expect(joined.statusCode).toBe(503);

    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    const { log, at } = recordingLog();
    await pushInvoice(t.deps, inv.id, log);
    expect(at('warn')).toHaveLength(1);
    expect(await invoiceRow(inv.id)).toMatchObject({ accountingInvoiceId: null, url: '#/invoice' });
    expect(await t.db.select().from(schoolAccountingContacts)).toHaveLength(0);
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(0);
  });

  it('answers 503 for an answer it cannot read, and when credentials are refused', async () => {
    stub.malformedNext(1);
    expect((await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' })).statusCode).toBe(503);

    const refused = createXeroAccounting(loadConfig(stub.env({ XERO_CLIENT_SECRET: 'not-the-secret' })).xero!);
    await expect(refused.listContacts('Northern')).rejects.toThrow(/client credentials were refused/);
    stub.failNext(1, 'token');
    await expect(createXeroAccounting(loadConfig(stub.env()).xero!).listContacts('Northern')).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
  });

  it('gives up on an answer that does not come within the timeout', async () => {
    const xero = createXeroAccounting(loadConfig(stub.env()).xero!, { timeoutMs: 300 });
    stub.hangNext(1);
    await expect(xero.listContacts('Southern')).rejects.toThrow(/timed out/);
    await expect(xero.listContacts('Southern')).resolves.toEqual([]);
  });
});

describe('the accounting sync on Xero', () => {
  beforeEach(() => start());

  it('reads every page of contacts, lists the unlinked ones and joins one (both leave the lists)', async () => {
    const { school } = await setup();
    const names = Array.from({ length: 130 }, (_, i) => `Contact ${String(i).padStart(3, '0')}`);
    const contacts = names.map((n) => stub.addContact(stub.tenants.Northern, n));
    stub.addContact(stub.tenants.Northern, 'Archived Contact', '', 'ARCHIVED');
    const southern = stub.addContact(stub.tenants.Southern, 'Southern Contact');

    const first = await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as AccountingSync;
    expect(body.xeroMissing).toHaveLength(130);
    expect(body.xeroMissing[0]).toEqual({ contactId: contacts[0]!.ContactID, name: 'Contact 000' });
    expect(stub.apiRequests().map((r) => r.query.page)).toEqual(['1', '2']);
    expect(body.entrySystemSchools).toContainEqual({ id: school.id, name: school.name, StateId: 3, contactId: null });

    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/schools/xero-join/nsw',
          payload: { schoolId: school.id, contactId: southern.ContactID },
        })
      ).statusCode,
    ).toBe(422);
    const joined = await admin.request({
      method: 'POST',
      url: '/api/schools/xero-join/nsw',
      payload: { schoolId: school.id, contactId: contacts[42]!.ContactID },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const after = (
      await admin.request({ method: 'GET', url: '/api/schools/sync-with-xero/nsw' })
    ).json() as AccountingSync;
    expect(after.xeroMissing).toHaveLength(129);
    expect(after.xeroMissing.map((c) => c.contactId)).not.toContain(contacts[42]!.ContactID);
    expect(after.entrySystemSchools.find((s) => s.id === school.id)?.contactId).toBe(contacts[42]!.ContactID);

    // The invoice then goes to that contact: none is created.
    const event = await createEvent(t.db, { invoiceType: 'NSW' });
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration fee', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    expect(stub.books(stub.tenants.Northern).invoices[0]!.ContactID).toBe(contacts[42]!.ContactID);
    expect(stub.apiRequests().filter((r) => r.method === 'POST' && r.path.endsWith('/Contacts'))).toHaveLength(0);
  });
});
