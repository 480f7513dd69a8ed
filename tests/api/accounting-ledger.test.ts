// The built-in accounting provider (the ledger_* tables) and the pushes of our invoices and
// payments into it: contacts per organisation, an invoice known by its organisation and number
// (updated, never duplicated), a payment known by its reference (recorded once), PAID once paid;
// a school's contact created and linked once per organisation; the pushes never throw.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import {
  accountingQueue,
  events,
  invoices,
  ledgerContacts,
  ledgerInvoices,
  ledgerPayments,
  payments,
  schoolAccountingContacts,
  type schools,
} from '../../server/db/schema';
import { AccountingUnavailable, type AccountingProvider } from '../../server/integrations/accounting';
import { pushInvoice, pushPayment, queued, settleAccounting } from './support/accounting';
import { createEvent, createSchool, createUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

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
  return {
    log: log as unknown as FastifyBaseLogger,
    entries,
    at: (level: string) => entries.filter((e) => e.level === level),
  };
}

async function createInvoice(
  db: Db,
  schoolId: string,
  eventId: string,
  lines: Line[],
  over: Partial<typeof invoices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(invoices)
    .values({
      schoolId,
      eventId,
      number: `T${randomUUID().slice(0, 8)}`,
      totalCents: total(lines),
      lines,
      entryCount: 1,
      url: '#/invoice',
      ...over,
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

let t: TestApp;
let ledger: AccountingProvider;

beforeEach(async () => {
  t = await startTestApp();
  ledger = t.deps.accounting;
});
afterEach(async () => {
  await t.close();
});

describe('the ledger', () => {
  it('is the provider when Xero is not configured', () => {
    expect(ledger.name).toBe('ledger');
  });

  it('keeps contacts per organisation, LC- ids, listed by name', async () => {
    const b = await ledger.createContact('Northern', { name: 'Beta High', email: 'b@beta.test' });
    const a = await ledger.createContact('Northern', { name: 'Alpha College', email: '' });
    const s = await ledger.createContact('Southern', { name: 'Gamma Grammar', email: 'g@gamma.test' });
    for (const c of [a, b, s]) expect(c.contactId).toMatch(/^LC-[0-9a-f-]{36}$/);
    expect(b).toEqual({ contactId: b.contactId, name: 'Beta High', email: 'b@beta.test' });
    expect(await ledger.listContacts('Northern')).toEqual([a, b]);
    expect(await ledger.listContacts('Southern')).toEqual([s]);
  });

  it('creates an invoice, then updates the same one by its id or by its number; never duplicates it', async () => {
    const contact = await ledger.createContact('Northern', { name: 'Alpha College', email: '' });
    const first = [line('Registration', 1, 5000), line('Team entries', 3, 3000)];
    const created = await ledger.upsertInvoice('Northern', {
      contactId: contact.contactId,
      number: 'INV-1',
      reference: 'Test event',
      date: '2026-06-15',
      lines: first,
      totalCents: 14000,
      dueDate: '2026-07-01',
      invoiceId: null,
    });
    expect(created.invoiceId).toMatch(/^LI-[0-9a-f-]{36}$/);
    // The ledger has no invoice page of its own: '' means "our own invoice page".
    expect(created.url).toBe('');

    const second = [line('Registration', 1, 5000), line('Team entries', 4, 3000)];
    const byId = await ledger.upsertInvoice('Northern', {
      contactId: contact.contactId,
      number: 'INV-1',
      reference: 'Test event',
      date: '2026-06-15',
      lines: second,
      totalCents: 17000,
      dueDate: null,
      invoiceId: created.invoiceId,
    });
    expect(byId.invoiceId).toBe(created.invoiceId);
    const byNumber = await ledger.upsertInvoice('Northern', {
      contactId: contact.contactId,
      number: 'INV-1',
      reference: 'Test event',
      date: '2026-06-15',
      lines: second,
      totalCents: 17000,
      dueDate: '2026-07-02',
      invoiceId: null,
    });
    expect(byNumber.invoiceId).toBe(created.invoiceId);

    const rows = await t.db.select().from(ledgerInvoices);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organisation: 'Northern',
      reference: 'INV-1',
      totalCents: 17000,
      dueDate: '2026-07-02',
      lines: second,
      status: 'AUTHORISED',
    });
  });

  it('keeps the same number apart in the two organisations and refuses a contact of the other one', async () => {
    const north = await ledger.createContact('Northern', { name: 'North School', email: '' });
    const south = await ledger.createContact('Southern', { name: 'South School', email: '' });
    const lines = [line('Registration', 1, 5000)];
    const n = await ledger.upsertInvoice('Northern', {
      contactId: north.contactId,
      number: 'INV-9',
      reference: 'Test event',
      date: '2026-06-15',
      lines,
      totalCents: 5000,
      dueDate: null,
      invoiceId: null,
    });
    const s = await ledger.upsertInvoice('Southern', {
      contactId: south.contactId,
      number: 'INV-9',
      reference: 'Test event',
      date: '2026-06-15',
      lines,
      totalCents: 5000,
      dueDate: null,
      invoiceId: null,
    });
    expect(s.invoiceId).not.toBe(n.invoiceId);
    await expect(
      ledger.upsertInvoice('Northern', {
        contactId: south.contactId,
        number: 'INV-10',
        reference: 'Test event',
        date: '2026-06-15',
        lines,
        totalCents: 5000,
        dueDate: null,
        invoiceId: null,
      }),
    ).rejects.toThrow(/not in the Northern organisation/);
    expect(await t.db.select().from(ledgerInvoices)).toHaveLength(2);
  });

  it('records a payment once per reference and marks the invoice PAID once its payments cover it', async () => {
    const contact = await ledger.createContact('Southern', { name: 'Payer School', email: '' });
    const inv = await ledger.upsertInvoice('Southern', {
      contactId: contact.contactId,
      number: 'INV-2',
      reference: 'Test event',
      date: '2026-06-15',
      lines: [line('Registration', 1, 10000)],
      totalCents: 10000,
      dueDate: null,
      invoiceId: null,
    });
    const status = async () =>
      (await t.db.select().from(ledgerInvoices).where(eq(ledgerInvoices.id, inv.invoiceId)))[0]!.status;

    const p1 = await ledger.recordPayment('Southern', {
      invoiceId: inv.invoiceId,
      amountCents: 4000,
      date: '2026-06-20',
      reference: 'pay-1',
    });
    expect(p1.paymentId).toMatch(/^LP-[0-9a-f-]{36}$/);
    expect(await status()).toBe('AUTHORISED');
    const again = await ledger.recordPayment('Southern', {
      invoiceId: inv.invoiceId,
      amountCents: 4000,
      date: '2026-06-20',
      reference: 'pay-1',
    });
    expect(again.paymentId).toBe(p1.paymentId);
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(1);
    expect(await status()).toBe('AUTHORISED');

    await ledger.recordPayment('Southern', {
      invoiceId: inv.invoiceId,
      amountCents: 6000,
      date: '2026-06-21',
      reference: 'pay-2',
    });
    expect(await status()).toBe('PAID');
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(2);

    // More to pay after an update (entries added): no longer paid.
    await ledger.upsertInvoice('Southern', {
      contactId: contact.contactId,
      number: 'INV-2',
      reference: 'Test event',
      date: '2026-06-15',
      lines: [line('Registration', 1, 12000)],
      totalCents: 12000,
      dueDate: null,
      invoiceId: inv.invoiceId,
    });
    expect(await status()).toBe('AUTHORISED');
  });

  it('refuses a payment of an invoice of the other organisation or of none', async () => {
    const contact = await ledger.createContact('Northern', { name: 'Some School', email: '' });
    const inv = await ledger.upsertInvoice('Northern', {
      contactId: contact.contactId,
      number: 'INV-3',
      reference: 'Test event',
      date: '2026-06-15',
      lines: [line('Registration', 1, 1000)],
      totalCents: 1000,
      dueDate: null,
      invoiceId: null,
    });
    await expect(
      ledger.recordPayment('Southern', {
        invoiceId: inv.invoiceId,
        amountCents: 1000,
        date: '2026-06-20',
        reference: 'x',
      }),
    ).rejects.toThrow();
    await expect(
      ledger.recordPayment('Northern', { invoiceId: 'LI-nope', amountCents: 1000, date: '2026-06-20', reference: 'x' }),
    ).rejects.toThrow();
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(0);
  });
});

describe('pushing invoices and payments into the ledger', () => {
  const setup = async (invoiceType: 'NSW' | 'VIC' = 'NSW', schoolOver: Partial<typeof schools.$inferInsert> = {}) => {
    const school = await createSchool(t.db, {
      name: `Push School ${randomUUID().slice(0, 4)}`,
      principalEmail: 'principal@push.test',
      ...schoolOver,
    });
    const event = await createEvent(t.db, { invoiceType, invoiceDue: '2026-08-01' });
    return { school, event };
  };
  const links = (schoolId: string) =>
    t.db.select().from(schoolAccountingContacts).where(eq(schoolAccountingContacts.schoolId, schoolId));
  const invoiceRow = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it("creates the school's contact once, links it, and sends the invoice; a second push updates it", async () => {
    const { school, event } = await setup();
    const lines = [line('Registration fee', 1, 5000), line('Team entry fee', 2, 3000)];
    const inv = await createInvoice(t.db, school.id, event.id, lines);
    const { log } = recordingLog();

    await pushInvoice(t.deps, inv.id, log);
    const [link] = await links(school.id);
    expect(link).toMatchObject({ organisation: 'Northern', contactId: expect.stringMatching(/^LC-/) });
    expect(await t.db.select().from(ledgerContacts)).toEqual([
      expect.objectContaining({
        id: link!.contactId,
        organisation: 'Northern',
        name: school.name,
        email: 'principal@push.test',
      }),
    ]);
    const pushed = await invoiceRow(inv.id);
    expect(pushed.accountingInvoiceId).toMatch(/^LI-/);
    // The ledger answers no url: our own invoice page stays.
    expect(pushed.url).toBe('#/invoice');
    const [booked] = await t.db.select().from(ledgerInvoices);
    expect(booked).toMatchObject({
      id: pushed.accountingInvoiceId,
      contactId: link!.contactId,
      reference: inv.number,
      totalCents: 11000,
      dueDate: '2026-08-01',
      lines,
    });

    // Entries added: the same invoice, its new lines; the same contact.
    const more = [...lines, line('Team entry fee', 1, 3000)];
    await t.db
      .update(invoices)
      .set({ lines: more, totalCents: total(more) })
      .where(eq(invoices.id, inv.id));
    await pushInvoice(t.deps, inv.id, log);
    expect(await t.db.select().from(ledgerInvoices)).toEqual([
      expect.objectContaining({ id: pushed.accountingInvoiceId, totalCents: 14000, lines: more }),
    ]);
    expect(await t.db.select().from(ledgerContacts)).toHaveLength(1);
    expect(await links(school.id)).toHaveLength(1);
    expect((await invoiceRow(inv.id)).accountingInvoiceId).toBe(pushed.accountingInvoiceId);
  });

  it('uses the contact an admin linked, and a contact of its own in each organisation', async () => {
    const { school, event } = await setup('NSW');
    const existing = await ledger.createContact('Northern', { name: 'As the books call it', email: '' });
    await t.db
      .insert(schoolAccountingContacts)
      .values({ schoolId: school.id, organisation: 'Northern', contactId: existing.contactId });
    const { log } = recordingLog();
    const nsw = await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    await pushInvoice(t.deps, nsw.id, log);
    expect((await t.db.select().from(ledgerInvoices))[0]!.contactId).toBe(existing.contactId);

    const vicEvent = await createEvent(t.db, { invoiceType: 'VIC' });
    const vic = await createInvoice(t.db, school.id, vicEvent.id, [line('Registration', 1, 4000)]);
    await pushInvoice(t.deps, vic.id, log);
    const all = await links(school.id);
    expect(all.map((l) => l.organisation).sort()).toEqual(['Northern', 'Southern']);
    const southern = all.find((l) => l.organisation === 'Southern')!;
    expect(await ledger.listContacts('Southern')).toEqual([
      { contactId: southern.contactId, name: school.name, email: 'principal@push.test' },
    ]);
    const [vicBooked] = await t.db.select().from(ledgerInvoices).where(eq(ledgerInvoices.organisation, 'Southern'));
    expect(vicBooked).toMatchObject({ contactId: southern.contactId, reference: vic.number, dueDate: null });
  });

  it("takes the school login's email when the principal has none", async () => {
    const { school, event } = await setup('NSW', { principalEmail: '' });
    const login = await createUser(t.db, 'school', { schoolId: school.id });
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    expect((await ledger.listContacts('Northern'))[0]!.email).toBe(login.email);
  });

  it('records a received payment once, against the latest invoice, sending that invoice first', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [
      line('Registration', 1, 5000),
      line('Team entry fee', 2, 2500),
    ]);
    const payment = await createPayment(t.db, school.id, event.id, 10000);
    const { log } = recordingLog();

    await pushPayment(t.deps, payment.id, log);
    const booked = await invoiceRow(inv.id);
    expect(booked.accountingInvoiceId).toMatch(/^LI-/);
    const [recorded] = await t.db.select().from(ledgerPayments);
    expect(recorded).toMatchObject({
      invoiceId: booked.accountingInvoiceId,
      amountCents: 10000,
      reference: payment.id,
      date: '2026-06-20',
      organisation: 'Northern',
    });
    const stored = (await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!;
    expect(stored.accountingPaymentId).toBe(recorded!.id);
    expect((await t.db.select().from(ledgerInvoices))[0]!.status).toBe('PAID');

    // Again (a retry, or our id lost): nothing more.
    await pushPayment(t.deps, payment.id, log);
    await t.db.update(payments).set({ accountingPaymentId: null }).where(eq(payments.id, payment.id));
    await pushPayment(t.deps, payment.id, log);
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(1);
    expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.accountingPaymentId).toBe(
      recorded!.id,
    );
  });

  it('keeps a TEST payment (made at the test checkout) marked TEST', async () => {
    const { school, event } = await setup('VIC');
    await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    const real = await createPayment(t.db, school.id, event.id, 2000);
    const testPayment = await createPayment(t.db, school.id, event.id, 3000, {
      method: 'online',
      reference: 'BG-test',
      test: true,
    });
    await pushPayment(t.deps, real.id, recordingLog().log);
    await pushPayment(t.deps, testPayment.id, recordingLog().log);
    const booked = await t.db.select().from(ledgerPayments);
    expect(booked.map((p) => [p.reference, p.amountCents, p.test]).sort()).toEqual(
      [
        [real.id, 2000, false],
        [testPayment.id, 3000, true],
      ].sort(),
    );
  });

  it('books the date a payment was received in Australian time', async () => {
    const { school, event } = await setup();
    await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    // 20 June 15:30 UTC is 21 June in Sydney.
    const payment = await createPayment(t.db, school.id, event.id, 5000, {
      receivedAt: new Date('2026-06-20T15:30:00Z'),
    });
    await pushPayment(t.deps, payment.id, recordingLog().log);
    expect((await t.db.select().from(ledgerPayments))[0]!.date).toBe('2026-06-21');
  });

  it('sends nothing for a payment not received, and logs a payment without an invoice', async () => {
    const { school, event } = await setup();
    const pending = await createPayment(t.db, school.id, event.id, 5000, { status: 'pending' });
    const orphan = await createPayment(t.db, school.id, event.id, 5000);
    const { log, at } = recordingLog();
    await pushPayment(t.deps, pending.id, log);
    await pushPayment(t.deps, orphan.id, log);
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(0);
    expect(at('error')).toHaveLength(1);
    expect(JSON.stringify(at('error')[0]!.obj)).toContain(orphan.id);
  });

  it('never throws: an unavailable provider is tried again later (a warning), anything else is parked (an error), and our rows stand', async () => {
    const { school, event } = await setup();
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    const payment = await createPayment(t.db, school.id, event.id, 5000);
    const failing = (err: Error): AccountingProvider => ({
      name: 'ledger',
      listContacts: () => Promise.reject(err),
      createContact: () => Promise.reject(err),
      upsertInvoice: () => Promise.reject(err),
      recordPayment: () => Promise.reject(err),
      recordRefund: () => Promise.reject(err),
      paymentsSince: () => Promise.reject(err),
    });
    const down = recordingLog();
    const unavailable = { ...t.deps, accounting: failing(new AccountingUnavailable('down')) };
    await expect(pushInvoice(unavailable, inv.id, down.log)).resolves.toMatchObject({ retrying: 1 });
    // The payment's invoice goes first: it cannot either.
    await expect(pushPayment(unavailable, payment.id, down.log)).resolves.toMatchObject({ retrying: 1 });
    expect(down.at('warn')).toHaveLength(2);
    expect(down.at('error')).toHaveLength(0);
    // Tried again after a minute (the first backoff), the failure kept for the accounting screen.
    expect(await queued(t.deps, 'invoice', inv.id)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      lastError: 'down',
      nextTryAt: new Date(t.deps.now().getTime() + 60_000),
    });

    const broken = recordingLog();
    await t.db.update(accountingQueue).set({ nextTryAt: t.deps.now() });
    await expect(
      pushInvoice({ ...t.deps, accounting: failing(new TypeError('bug')) }, inv.id, broken.log),
    ).resolves.toMatchObject({ parked: 1 });
    expect(broken.at('error')).toHaveLength(1);
    expect(await queued(t.deps, 'invoice', inv.id)).toMatchObject({ state: 'parked', lastError: 'bug' });

    expect(await invoiceRow(inv.id)).toMatchObject({ accountingInvoiceId: null, url: '#/invoice' });
    expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.accountingPaymentId).toBeNull();
    expect(await links(school.id)).toHaveLength(0);
  });

  it('queues and sends what was never sent (rows from before the queue), once', async () => {
    const { school, event } = await setup();
    const other = await setup('VIC');
    const a = await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    const b = await createInvoice(t.db, other.school.id, other.event.id, [line('Registration', 1, 4000)]);
    const paid = await createPayment(t.db, school.id, event.id, 5000);
    const notReceived = await createPayment(t.db, other.school.id, other.event.id, 4000, { status: 'pending' });

    await settleAccounting(t);
    expect((await invoiceRow(a.id)).accountingInvoiceId).toMatch(/^LI-/);
    expect((await invoiceRow(b.id)).accountingInvoiceId).toMatch(/^LI-/);
    const rows = await t.db.select().from(payments);
    expect(rows.find((p) => p.id === paid.id)!.accountingPaymentId).toMatch(/^LP-/);
    expect(rows.find((p) => p.id === notReceived.id)!.accountingPaymentId).toBeNull();
    // Nothing left: a second run sends nothing more.
    await settleAccounting(t);
    expect(await t.db.select().from(ledgerInvoices)).toHaveLength(2);
    expect(await t.db.select().from(ledgerPayments)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(schoolAccountingContacts)
        .where(
          and(
            eq(schoolAccountingContacts.schoolId, other.school.id),
            eq(schoolAccountingContacts.organisation, 'Southern'),
          ),
        ),
    ).toHaveLength(1);
  });

  it("keeps a VIC event's invoice in the Southern organisation", async () => {
    const { school, event } = await setup('VIC');
    const inv = await createInvoice(t.db, school.id, event.id, [line('Registration', 1, 5000)]);
    await pushInvoice(t.deps, inv.id, recordingLog().log);
    expect(await t.db.select({ o: ledgerInvoices.organisation }).from(ledgerInvoices)).toEqual([{ o: 'Southern' }]);
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0]!.invoiceType).toBe('VIC');
  });
});
