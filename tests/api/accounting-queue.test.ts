// Xero as a durable background queue (docs/accounting.md 'The queue'), against the stub Xero, which
// counts each tenant's calls as Xero's limits do. What each thing a user does costs in calls; a
// refused item parked with Xero's reason on the accounting screen while the others go on, then sent
// again by the admin; Xero's minute and daily limits honoured (the organisation paused until
// Retry-After, the other going on); an unavailable Xero tried again with a growing wait; the
// invoice's number, date, due date and reference sent; payments made in Xero read back once.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  accountingOrganisations,
  events,
  invoices,
  participants,
  payments,
  schools,
  teamEntries,
  teams,
} from '../../server/db/schema';
import { createXeroAccounting } from '../../server/integrations/accounting/xero';
import { readBackPayments } from '../../server/modules/accounting/read-back';
import { DAY_RESERVE, drainQueue } from '../../server/modules/accounting/worker';
import { backgroundMoneyWork, reconcileInvoices, sweepMoney } from '../../server/modules/money/reconcile';
import { TEAM_LETTERS } from '../../src/domain/constants/choices';
import type { AccountingQueue } from '../../src/domain/schemas';
import { queued } from './support/accounting';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent, type SchoolScenario } from './support/scenario';
import { createClock, startTestApp, type TestApp, type TestClock } from './support/test-app';
import { startXeroStub, type XeroStub } from './support/xero-stub';

let stub: XeroStub;
let t: TestApp;
let clock: TestClock;
let s: SchoolScenario;

beforeEach(async () => {
  stub = await startXeroStub();
  clock = createClock();
  // One clock for Xero and us: a test moves time past a Retry-After.
  stub.now = () => clock.now().getTime();
  const config = loadConfig(stub.env());
  t = await startTestApp({
    env: stub.env(),
    clock,
    accounting: () =>
      createXeroAccounting(config.xero!, {
        sleep: async (ms) => {
          clock.advance(ms);
        },
        now: clock.now,
      }),
  });
  s = await schoolInEvent(t);
  await t.db
    .update(events)
    .set({ invoiceAvailable: '2026-06-14', invoiceDue: '2026-07-31' })
    .where(eq(events.id, s.eventId));
});
afterEach(async () => {
  await t?.close();
  await stub?.close();
});

// Each call's team takes the next letter: a random one collided now and then on the teams'
// unique letter.
let teamsEntered = 0;
async function enter(racers: number, schoolId = s.schoolId, eventId = s.eventId) {
  const teamRank = TEAM_LETTERS[teamsEntered++ % TEAM_LETTERS.length]!;
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId, eventId, disciplineId: 1, division: 1, gender: 'Female', teamRank })
    .returning();
  const people = await t.db
    .insert(participants)
    .values(
      Array.from({ length: racers }, (_, i) => ({
        schoolId,
        firstname: 'Racer',
        lastname: `${randomUUID().slice(0, 6)}${i}`,
        gender: 'Female',
        yearLevel: '8',
      })),
    )
    .returning();
  await t.db.insert(teamEntries).values(
    people.map((p, i) => ({
      teamId: team!.id,
      eventId,
      disciplineId: 1,
      schoolId,
      participantId: p.id,
      position: i + 1,
    })),
  );
}

const drain = () => drainQueue(t.deps, t.app.log);
const sweep = () => sweepMoney(t.deps, t.app.log);
const apiCalls = () => stub.apiRequests().map((r) => `${r.method} ${r.path.replace('/api.xro/2.0', '')}`);

/** Runs `action`, then what the worker does when kicked, and answers the API calls it cost. */
async function costOf(action: () => Promise<unknown>): Promise<string[]> {
  const before = apiCalls().length;
  await action();
  await backgroundMoneyWork();
  await drain();
  return apiCalls().slice(before);
}
const readInvoice = (agent: Agent = s.school) =>
  agent.request({ method: 'GET', url: `/api/invoice/xero/${s.schoolId}/${s.eventId}` });
const queueOnScreen = async (admin: Agent = s.admin) => {
  const res = await admin.request({ method: 'GET', url: '/api/accounting/queue' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountingQueue;
};

describe('calls to Xero per user action', () => {
  it('sends an invoice once and again only when it changes; reading it and the sweeps cost nothing', async () => {
    await enter(3);
    const issued = await costOf(sweep);
    expect(issued).toEqual([
      'POST /Contacts',
      'POST /Invoices',
      'GET /Invoices/' + (await t.db.select().from(invoices))[0]!.accountingInvoiceId + '/OnlineInvoice',
    ]);
    const counts: Record<string, number> = { issued: issued.length };
    counts.readTenTimes = (
      await costOf(async () => {
        for (let i = 0; i < 10; i++) expect((await readInvoice()).statusCode).toBe(200);
      })
    ).length;
    counts.threeSweeps = (
      await costOf(async () => {
        for (let i = 0; i < 3; i++) await sweep();
      })
    ).length;
    // A write that reconciles the invoice without changing it (a team renamed, a racer's details).
    counts.unchangedWrite = (await costOf(() => reconcileInvoices(t.deps, s, t.app.log))).length;
    await enter(1);
    const added = await costOf(sweep);
    expect(added).toEqual(['POST /Invoices']);
    counts.entryAdded = added.length;
    const invoice = (await readInvoice()).json() as { total: number };
    const paid = await costOf(() =>
      s.admin.request({
        method: 'PUT',
        url: '/api/payment',
        payload: { payments: [{ SchoolId: s.schoolId, EventId: s.eventId, received: '1', amount: invoice.total }] },
      }),
    );
    expect(paid).toEqual(['PUT /Payments']);
    counts.paymentRecorded = paid.length;
    counts.sweepsAfterPayment = (
      await costOf(async () => {
        for (let i = 0; i < 3; i++) await sweep();
      })
    ).length;
    counts.unchangedWriteAfterPayment = (await costOf(() => reconcileInvoices(t.deps, s, t.app.log))).length;
    console.log(
      'Xero API calls per user action',
      JSON.stringify(counts),
      `(and ${stub.tokenRequests().length} token requests in all)`,
    );
    expect(counts).toEqual({
      issued: 3,
      readTenTimes: 0,
      threeSweeps: 0,
      unchangedWrite: 0,
      entryAdded: 1,
      paymentRecorded: 1,
      sweepsAfterPayment: 0,
      unchangedWriteAfterPayment: 0,
    });
  });

  it('sends the invoice with its number, date of issue, due date and the event as reference', async () => {
    await enter(2);
    await costOf(sweep);
    const [ours] = await t.db.select().from(invoices);
    const sent = stub.apiRequests().find((r) => r.method === 'POST' && r.path.endsWith('/Invoices'))!.body as {
      Invoices: Record<string, unknown>[];
    };
    const [event] = await t.db.select().from(events).where(eq(events.id, s.eventId));
    // Issued 15 June 2026 09:00 UTC: 15 June in Sydney.
    expect(sent.Invoices[0]).toMatchObject({
      InvoiceNumber: ours!.number,
      Date: '2026-06-15',
      DueDate: '2026-07-31',
      Reference: event!.name,
    });
    expect(stub.books(stub.tenants.Northern).invoices[0]).toMatchObject({ InvoiceNumber: ours!.number });
  });
});

describe('a refused item', () => {
  it("is parked with Xero's reason on the accounting screen while the others go on, and the admin sends it again", async () => {
    // A contact of that name is already in Xero (docs/accounting.md: link it on the sync screen).
    const [school] = await t.db.select().from(schools).where(eq(schools.id, s.schoolId));
    const existing = stub.addContact(stub.tenants.Northern, school!.name);
    const other = await createSchool(t.db, { name: 'Other College' });
    const vic = await createEvent(t.db, { invoiceType: 'VIC', invoiceAvailable: '2026-06-14' });
    await enter(2);
    await enter(1, other.id);
    await enter(1, other.id, vic.id);
    await sweep();
    await backgroundMoneyWork();
    expect(await drain()).toMatchObject({ sent: 2, parked: 1 });

    const screen = await queueOnScreen();
    expect(screen.waiting).toBe(0);
    expect(screen.parked).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        organisation: 'Northern',
        what: expect.stringMatching(new RegExp(`^Invoice INV-\\d{6} of ${school!.name}$`)),
        reason: `The contact name ${school!.name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
      }),
    ]);
    // The others reached Xero: the other school's invoice in each organisation.
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
    expect(stub.books(stub.tenants.Southern).invoices).toHaveLength(1);
    // Parked, it is not tried again by itself.
    expect(await costOf(drain)).toEqual([]);

    // The admin links the school to the contact already there, and sends it again.
    const joined = await s.admin.request({
      method: 'POST',
      url: '/api/schools/xero-join/nsw',
      payload: { schoolId: s.schoolId, contactId: existing.ContactID },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const retried = await s.admin.request({
      method: 'POST',
      url: `/api/accounting/queue/${screen.parked[0]!.id}/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json() as AccountingQueue).parked).toEqual([]);
    await drain();
    expect(stub.books(stub.tenants.Northern).invoices.map((i) => i.ContactID)).toContain(existing.ContactID);
    expect((await queueOnScreen()).waiting).toBe(0);
    // Sent again twice (a double click): the second finds nothing parked.
    expect(
      (await s.admin.request({ method: 'POST', url: `/api/accounting/queue/${screen.parked[0]!.id}/retry` }))
        .statusCode,
    ).toBe(404);
  });

  it('is shown to admins only', async () => {
    for (const type of ['auditor', 'school'] as const) {
      const agent = await signIn(
        t.app,
        (await createUser(t.db, type, type === 'school' ? { schoolId: s.schoolId } : {})).email,
      );
      expect((await agent.request({ method: 'GET', url: '/api/accounting/queue' })).statusCode).toBe(403);
    }
  });
});

describe("Xero's limits", () => {
  it('pauses an organisation at its minute limit until Retry-After, while the other goes on', async () => {
    stub.limits.minute = 4;
    const vic = await createEvent(t.db, { invoiceType: 'VIC', invoiceAvailable: '2026-06-14' });
    const others = await Promise.all([1, 2, 3].map(() => createSchool(t.db)));
    for (const school of others) await enter(1, school.id);
    await enter(1, others[0]!.id, vic.id);
    await sweep();
    await backgroundMoneyWork();
    const result = await drain();
    // Northern: one invoice (contact, invoice, online url), then the second invoice's contact, then 429.
    expect(stub.callsInLastMinute(stub.tenants.Northern)).toBe(4);
    expect(result).toMatchObject({ sent: 2 });
    expect(stub.books(stub.tenants.Southern).invoices).toHaveLength(1);
    const [paused] = await t.db
      .select()
      .from(accountingOrganisations)
      .where(eq(accountingOrganisations.organisation, 'Northern'));
    expect(paused!.pausedUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await queueOnScreen()).pauses).toEqual([
      expect.objectContaining({
        organisation: 'Northern',
        reason: expect.stringMatching(/^Xero's minute limit is reached/),
      }),
    ]);

    // Before the pause ends: no call at all.
    expect(await costOf(drain)).toEqual([]);
    // Then a minute's worth at a time until everything is there.
    for (let minute = 0; minute < 5 && (await queueOnScreen()).waiting > 0; minute++) {
      const [state] = await t.db
        .select()
        .from(accountingOrganisations)
        .where(eq(accountingOrganisations.organisation, 'Northern'));
      clock.set(new Date(Math.max(clock.now().getTime(), state!.pausedUntil!.getTime()) + 1));
      await drain();
    }
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(3);
    expect((await queueOnScreen()).waiting).toBe(0);
  });

  it("keeps the last calls of the day for the admin's own work, pausing an hour", async () => {
    // One invoice (three calls) leaves exactly the reserve.
    stub.limits.day = DAY_RESERVE + 3;
    const others = await Promise.all([1, 2].map(() => createSchool(t.db)));
    for (const school of others) await enter(1, school.id);
    await sweep();
    await backgroundMoneyWork();
    await drain();
    expect(stub.callsInLastDay(stub.tenants.Northern)).toBe(3);
    const screen = await queueOnScreen();
    expect(screen.pauses).toEqual([
      {
        organisation: 'Northern',
        until: new Date(clock.now().getTime() + 3_600_000).toISOString(),
        reason: expect.stringMatching(/^Xero's daily limit is nearly reached \(250 calls left\)/),
      },
    ]);
    expect(screen.waiting).toBe(1);
    expect(await costOf(drain)).toEqual([]);
  });

  it('stops until Retry-After when Xero says the daily limit is reached', async () => {
    await enter(1);
    await sweep();
    await backgroundMoneyWork();
    stub.rateLimitNext(1, String(9 * 3600), 'day');
    await drain();
    const screen = await queueOnScreen();
    expect(screen.pauses).toEqual([
      {
        organisation: 'Northern',
        until: new Date(clock.now().getTime() + 9 * 3_600_000).toISOString(),
        reason: expect.stringMatching(/^Xero's day limit is reached/),
      },
    ]);
    clock.advance(8 * 3_600_000);
    expect(await costOf(drain)).toEqual([]);
    clock.advance(3_600_000);
    await drain();
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
  });
});

describe('an unavailable Xero', () => {
  it('is tried again after a wait that doubles with each attempt, and nothing is lost', async () => {
    await enter(1);
    await sweep();
    await backgroundMoneyWork();
    const [invoice] = await t.db.select().from(invoices);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      stub.failNext(1);
      await drain();
      const item = (await queued(t.deps, 'invoice', invoice!.id))!;
      expect(item).toMatchObject({ state: 'waiting', attempts: attempt, lastError: expect.stringMatching(/HTTP 500/) });
      waits.push(item.nextTryAt.getTime() - clock.now().getTime());
      expect(await costOf(drain)).toEqual([]);
      clock.set(item.nextTryAt);
    }
    expect(waits).toEqual([60_000, 120_000, 240_000]);
    await drain();
    expect(await queued(t.deps, 'invoice', invoice!.id)).toMatchObject({ state: 'sent', attempts: 0, lastError: null });
    expect(stub.books(stub.tenants.Northern).invoices).toHaveLength(1);
  });
});

describe('payments made in Xero', () => {
  it('are read back once, with only what changed since the last read asked for', async () => {
    await enter(2);
    await costOf(sweep);
    const [invoice] = await t.db.select().from(invoices);
    const total = invoice!.totalCents / 100;
    // The school pays Xero's online invoice by card.
    const inXero = stub.payInXero(stub.tenants.Northern, invoice!.accountingInvoiceId!, total, '2026-06-16');
    expect(await readBackPayments(t.deps, t.app.log)).toBe(1);
    const recorded = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.schoolId, s.schoolId), eq(payments.eventId, s.eventId)));
    expect(recorded).toEqual([
      expect.objectContaining({
        amountCents: invoice!.totalCents,
        method: 'accounting',
        accountingPaymentId: inXero.PaymentID,
        status: 'received',
      }),
    ]);
    expect((await readInvoice()).json()).toMatchObject({ paid: true, outstanding: 0 });

    clock.advance(15 * 60_000);
    expect(await readBackPayments(t.deps, t.app.log)).toBe(0);
    const reads = stub.apiRequests().filter((r) => r.path.endsWith('/Payments') && r.method === 'GET');
    expect(reads).toHaveLength(4);
    expect(reads.every((r) => r.query.where?.includes('ACCRECPAYMENT'))).toBe(true);
    // The first read of each organisation asks for everything; the next only for what changed since.
    expect(reads.map((r) => r.ifModifiedSince !== undefined)).toEqual([false, false, true, true]);
    // Never sent back to Xero, where it came from.
    expect(await costOf(drain)).toEqual([]);
    expect(await t.db.select().from(payments)).toHaveLength(1);
  });
});

describe('a refund', () => {
  it('is recorded by the admin on the payments grid and goes to Xero as a credit note refunded from the bank account', async () => {
    await enter(2);
    await costOf(sweep);
    const invoice = (await readInvoice()).json() as { total: number; number: string };
    const put = (payment: Record<string, unknown>) =>
      s.admin.request({
        method: 'PUT',
        url: '/api/payment',
        payload: { payments: [{ SchoolId: s.schoolId, EventId: s.eventId, ...payment }] },
      });
    expect((await put({ received: '1', amount: invoice.total })).statusCode).toBe(200);
    await drain();

    // $30 paid back: the amount left after the refund, marked as a refund.
    const refunded = await costOf(() =>
      put({ received: '0', amount: invoice.total - 30, method: 'refund', reference: 'EFT 12' }),
    );
    expect(refunded).toEqual(['PUT /CreditNotes', 'PUT /Payments']);
    const [row] = await t.db.select().from(payments).where(eq(payments.method, 'refund'));
    expect(row).toMatchObject({ amountCents: -3000, reference: 'EFT 12' });
    const books = stub.books(stub.tenants.Northern);
    const [contact] = books.contacts;
    expect(books.creditNotes).toEqual([
      expect.objectContaining({
        ContactID: contact!.ContactID,
        Reference: row!.id,
        Total: 30,
        Status: 'PAID',
        Date: '2026-06-15',
        LineItems: [
          expect.objectContaining({
            Description: `Refund of invoice ${invoice.number}`,
            Quantity: 1,
            UnitAmount: 30,
            TaxType: 'OUTPUT',
          }),
        ],
      }),
    ]);
    expect(books.payments.filter((p) => p.CreditNoteID)).toEqual([
      expect.objectContaining({ Amount: 30, AccountCode: stub.bankAccount, Reference: row!.id }),
    ]);
    expect(row!.accountingPaymentId).toBe(books.payments.find((p) => p.CreditNoteID)!.PaymentID);
    // The school owes the $30 again, and reading payments back takes nothing of the refund for a payment.
    expect((await readInvoice()).json()).toMatchObject({ outstanding: 30, paid: false });
    expect(await readBackPayments(t.deps, t.app.log)).toBe(0);
  });

  it('only lowers what was paid, and a lowered amount without it is a correction Xero never hears of', async () => {
    await enter(1);
    await costOf(sweep);
    const put = (payment: Record<string, unknown>) =>
      s.admin.request({
        method: 'PUT',
        url: '/api/payment',
        payload: { payments: [{ SchoolId: s.schoolId, EventId: s.eventId, ...payment }] },
      });
    expect((await put({ received: '0', amount: 20 })).statusCode).toBe(200);
    const raising = await put({ received: '0', amount: 25, method: 'refund' });
    expect(raising.statusCode).toBe(422);
    expect(raising.json().fields).toEqual([
      {
        path: 'payments.0.method',
        message: 'A refund lowers what the school has paid: type the amount left after the refund.',
      },
    ]);
    await drain();
    const correction = await costOf(() => put({ received: '0', amount: 10 }));
    expect(correction).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.method, 'adjustment'))).toEqual([
      expect.objectContaining({ amountCents: -1000 }),
    ]);
  });
});
