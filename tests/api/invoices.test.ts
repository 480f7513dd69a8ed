// A school's invoice for an event, as the API answers it: nothing before it is available (a
// preview for staff, nothing issued), issued once with its number by the writes that change the
// entries or the fees and by the background sweep (never by reading it), in step with the entries
// until paid, frozen once paid, and a supplementary invoice for entries added after. Reading it,
// however often and by whom, writes nothing and calls no accounting system. Totals in AUD,
// GST-inclusive (1/11), checked against the fees by hand.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import {
  events,
  invoices,
  ledgerContacts,
  ledgerInvoices,
  ledgerPayments,
  participants,
  payments,
  schoolAccountingContacts,
  teamEntries,
  teams,
} from '../../server/db/schema';
import type { AccountingProvider } from '../../server/integrations/accounting';
import { createLedger } from '../../server/integrations/accounting/ledger';
import { backgroundMoneyWork, sweepMoney } from '../../server/modules/money/reconcile';
import { settleAccounting } from './support/accounting';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let admin: Agent;
let schoolId: string;
let eventId: string;
/** Every call the app made to the accounting system (the built-in ledger underneath). */
let accountingCalls: string[];

// The factory's event: registration fee $50, race fee $30; the test clock is 15 June 2026, 09:00 UTC.
const REG = 50;
const RACE = 30;

function countedLedger(db: Db): AccountingProvider {
  const ledger = createLedger(db);
  const counted =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A) => {
      accountingCalls.push(name);
      return fn(...args);
    };
  return {
    name: ledger.name,
    listContacts: counted('listContacts', ledger.listContacts),
    createContact: counted('createContact', ledger.createContact),
    upsertInvoice: counted('upsertInvoice', ledger.upsertInvoice),
    recordPayment: counted('recordPayment', ledger.recordPayment),
    recordRefund: counted('recordRefund', ledger.recordRefund),
    paymentsSince: counted('paymentsSince', ledger.paymentsSince),
  };
}

beforeEach(async () => {
  accountingCalls = [];
  t = await startTestApp({ accounting: countedLedger });
  ({ school, admin, schoolId, eventId } = await schoolInEvent(t));
  await t.db
    .update(events)
    .set({ invoiceAvailable: '2026-06-16', invoiceDue: '2026-07-31' })
    .where(eq(events.id, eventId));
});
afterEach(async () => {
  await t?.close();
});

/** The background sweep (housekeeping runs it every few minutes). */
const sweep = () => sweepMoney(t.deps, t.app.log);

/** Race entries of the school: a team of `count` racers in a discipline. */
async function enter(disciplineId: number, count: number, forSchool = schoolId) {
  const [team] = await t.db
    .insert(teams)
    .values({
      schoolId: forSchool,
      eventId,
      disciplineId,
      division: 2,
      teamRank: String.fromCharCode(65 + Math.floor(Math.random() * 13)),
      gender: 'Female',
    })
    .returning();
  for (let position = 1; position <= count; position++) {
    const [p] = await t.db
      .insert(participants)
      .values({
        schoolId: forSchool,
        firstname: `Racer${position}`,
        lastname: randomUUID().slice(0, 6),
        gender: 'Female',
        yearLevel: '8',
      })
      .returning();
    await t.db
      .insert(teamEntries)
      .values({ teamId: team!.id, eventId, disciplineId, schoolId: forSchool, participantId: p!.id, position });
  }
}

const read = (agent: Agent, append = false, forSchool = schoolId) =>
  agent.request({ method: 'GET', url: `/api/invoice/xero/${forSchool}/${eventId}${append ? '?append=true' : ''}` });
const issued = () =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.eventId, eventId)));
/** Rows of every table a read could write: our invoices and payments, the ledger's books. */
async function rowCounts() {
  const tables = { invoices, payments, ledgerContacts, ledgerInvoices, ledgerPayments, schoolAccountingContacts };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables))
    counts[name] = (await t.db.select({ n: count() }).from(table))[0]!.n;
  return counts;
}
const pay = (amountCents: number) =>
  t.db
    .insert(payments)
    .values({ schoolId, eventId, amountCents, method: 'bpay', reference: randomUUID(), status: 'received' });

describe('before the invoice is available', () => {
  it('shows a school nothing, previews for staff, and issues nothing', async () => {
    await t.db.update(events).set({ invoiceAvailable: '2026-06-17' }).where(eq(events.id, eventId));
    await enter(1, 2);
    const mine = (await read(school)).json();
    expect(mine).toMatchObject({ available: false, lines: [], total: 0, number: null, paid: false });
    const preview = (await read(admin)).json();
    expect(preview).toMatchObject({ available: false, number: null, total: REG + 2 * RACE, totalEntries: 2 });
    expect(preview.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity])).toEqual([
      ['Registration fee', 1],
      ['Race entries: Alpine', 2],
    ]);
    await sweep();
    expect(await issued()).toEqual([]);
  });
});

describe('once available (the day before its date)', () => {
  it('stays with the school once issued, even when the date is moved later', async () => {
    await enter(1, 2);
    await sweep();
    const issuedInvoice = (await read(school)).json();
    expect(issuedInvoice.number).toMatch(/^INV-\d{6}$/);
    await t.db.update(events).set({ invoiceAvailable: '2026-09-01' }).where(eq(events.id, eventId));
    const later = (await read(school)).json();
    expect(later).toMatchObject({ available: true, number: issuedInvoice.number, total: REG + 2 * RACE });
    expect(later.lines).toHaveLength(2);
  });

  it('shows what it will hold before it is issued, then the sweep issues it once, with its number, totals, GST, due date and how to pay', async () => {
    await enter(1, 3);
    await enter(2, 1);
    const pending = (await read(school)).json();
    expect(pending).toMatchObject({
      available: true,
      number: null,
      issuedAt: null,
      total: REG + 4 * RACE,
      outstanding: REG + 4 * RACE,
      balanceOutstanding: REG + 4 * RACE,
    });
    expect(await issued(), 'reading issues nothing').toEqual([]);

    await sweep();
    const res = await read(school);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json();
    const total = REG + 4 * RACE;
    expect(invoice).toMatchObject({
      // GST per line, as Xero rounds it: $4.55 + $8.18 + $2.73 (the total's 1/11 would be $15.45).
      available: true,
      supplementary: false,
      currency: 'AUD',
      total,
      gst: 15.46,
      received: 0,
      outstanding: total,
      paid: false,
      totalEntries: 4,
      invoiceDue: '2026-07-31',
      balanceOutstanding: total,
      event: { id: eventId, invoiceType: 'NSW' },
    });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.lines).toEqual([
      { description: 'Registration fee', quantity: 1, unitAmount: REG, amount: REG },
      { description: 'Race entries: Alpine', quantity: 3, unitAmount: RACE, amount: 3 * RACE },
      { description: 'Race entries: Moguls', quantity: 1, unitAmount: RACE, amount: RACE },
    ]);
    expect((await read(admin)).json().number).toBe(invoice.number);
    const rows = await issued();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ totalCents: total * 100, entryCount: 4, kind: 'initial' });
    // Copied to the accounting provider (the built-in ledger) by the worker, once, in the NSW organisation.
    await settleAccounting(t);
    const booked = await t.db.select().from(ledgerInvoices).where(eq(ledgerInvoices.reference, invoice.number));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ organisation: 'Northern', totalCents: total * 100, dueDate: '2026-07-31' });
    expect((await issued())[0]!.accountingInvoiceId).toBe(booked[0]!.id);
  });

  it('follows the entries until paid, then stays as paid; later entries go on a supplementary invoice', async () => {
    await enter(1, 2);
    await sweep();
    const first = (await read(school)).json();
    await enter(9, 1);
    await sweep();
    const grown = (await read(school)).json();
    expect(grown.number).toBe(first.number);
    expect(grown.total).toBe(REG + 3 * RACE);

    await pay((REG + 3 * RACE) * 100);
    const paid = (await read(school)).json();
    expect(paid).toMatchObject({ paid: true, received: REG + 3 * RACE, outstanding: 0, balanceOutstanding: 0 });
    expect((await school.request({ method: 'GET', url: `/api/payment/xero/${schoolId}/${eventId}` })).json()).toEqual({
      paymentReceived: REG + 3 * RACE,
      paid: true,
    });

    await enter(2, 2);
    await sweep();
    const still = (await read(school)).json();
    expect(still).toMatchObject({ number: first.number, total: REG + 3 * RACE, paid: true });
    const extra = (await read(school, true)).json();
    expect(extra).toMatchObject({
      supplementary: true,
      total: 2 * RACE,
      outstanding: 2 * RACE,
      paid: false,
      totalEntries: 2,
      balanceOutstanding: 2 * RACE,
    });
    expect(extra.number).not.toBe(first.number);
    expect(extra.lines).toEqual([
      { description: 'Race entries: Moguls', quantity: 2, unitAmount: RACE, amount: 2 * RACE },
    ]);
    expect(await issued()).toHaveLength(2);
  });

  it('shows an empty supplementary invoice when nothing was added after payment', async () => {
    await enter(1, 1);
    await sweep();
    expect((await read(school, true)).json()).toMatchObject({ supplementary: true, lines: [], total: 0, number: null });
  });
});

describe('who reads it', () => {
  it('gives a school its own only; admins and auditors any; the race department none', async () => {
    await enter(1, 1);
    const other = await createSchool(t.db);
    expect((await read(school, false, other.id)).statusCode).toBe(403);
    expect((await school.request({ method: 'GET', url: `/api/payment/xero/${other.id}/${eventId}` })).statusCode).toBe(
      403,
    );
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    expect((await read(auditor)).statusCode).toBe(200);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    expect((await read(racedept)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoice/xero/${schoolId}/${eventId}` })).statusCode).toBe(
      401,
    );
    expect(
      (await admin.request({ method: 'GET', url: `/api/invoice/xero/${schoolId}/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});

describe('issued by the writes that change it', () => {
  /** Participants created by the school, entered in one Alpine team by the team save. */
  async function saveTeam(agent: Agent, racers: number) {
    const ids: string[] = [];
    for (let i = 0; i < racers; i++) {
      const id = randomUUID();
      const created = await agent.request({
        method: 'POST',
        url: '/api/v2/participants',
        payload: {
          id,
          snowId: null,
          firstname: `Racer${i}`,
          lastname: 'Entered',
          yearLevel: '8',
          gender: 'Female',
          dob: null,
          email: '',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      ids.push(id);
    }
    const entries = ids.map((ParticipantId, i) => ({ id: randomUUID(), ParticipantId, position: i + 1 }));
    const saved = await agent.request({
      method: 'PUT',
      url: '/api/teams',
      payload: {
        multi: true,
        teams: [
          { id: randomUUID(), DisciplineId: 1, division: 2, teamRank: 'A', gender: 'Female', TeamEntries: entries },
        ],
        teamsDeleted: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { participantIds: ids, entryIds: entries.map((e) => e.id) };
  }

  it('the team save issues it before answering; removing an entry, archiving a racer and new fees bring it in step', async () => {
    const { participantIds, entryIds } = await saveTeam(school, 3);
    const first = (await read(school)).json();
    expect(first).toMatchObject({ total: REG + 3 * RACE, totalEntries: 3 });
    expect(first.number).toMatch(/^INV-\d{6}$/);
    await backgroundMoneyWork();
    await settleAccounting(t);
    expect(await t.db.select().from(ledgerInvoices).where(eq(ledgerInvoices.reference, first.number))).toHaveLength(1);

    expect((await school.request({ method: 'DELETE', url: `/api/v2/team-entries/${entryIds[2]}` })).statusCode).toBe(
      200,
    );
    expect((await read(school)).json()).toMatchObject({ number: first.number, total: REG + 2 * RACE, totalEntries: 2 });

    const archived = await school.request({
      method: 'PATCH',
      url: `/api/v2/participants/${participantIds[1]}`,
      payload: { archived: 1 },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await read(school)).json()).toMatchObject({ number: first.number, total: REG + RACE, totalEntries: 1 });

    const fees = await admin.request({
      method: 'PUT',
      url: '/api/events',
      payload: { data: [{ id: eventId, teamEntryFee: 40 }] },
    });
    expect(fees.statusCode, fees.body).toBe(200);
    await backgroundMoneyWork();
    await settleAccounting(t);
    expect((await read(school)).json()).toMatchObject({ number: first.number, total: REG + 40, totalEntries: 1 });
    const [booked] = await t.db.select().from(ledgerInvoices).where(eq(ledgerInvoices.reference, first.number));
    expect(booked!.totalCents).toBe((REG + 40) * 100);
    expect(await issued()).toHaveLength(1);
  });

  it('a refused team save issues nothing', async () => {
    const refused = await school.request({
      method: 'PUT',
      url: '/api/teams',
      payload: {
        multi: true,
        teams: [
          {
            id: randomUUID(),
            DisciplineId: 1,
            division: 2,
            teamRank: 'A',
            gender: 'Female',
            TeamEntries: [{ id: randomUUID(), ParticipantId: randomUUID(), position: 1 }],
          },
        ],
        teamsDeleted: [],
      },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await backgroundMoneyWork();
    expect(await issued()).toEqual([]);
  });
});

describe('reading writes nothing', () => {
  it('the auditor and the school reading an available invoice many times write nothing and call no accounting system', async () => {
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    // A second school's invoice issued and then out of step with its entries; ours available but
    // not issued yet.
    const other = await createSchool(t.db);
    await enter(2, 1, other.id);
    await sweep();
    await enter(9, 2, other.id);
    await enter(1, 2);
    await pay(1_000);
    const before = await rowCounts();
    accountingCalls = [];

    for (let i = 0; i < 5; i++) {
      for (const agent of [auditor, school]) {
        expect((await read(agent)).statusCode).toBe(200);
        expect((await read(agent, true)).statusCode).toBe(200);
        expect(
          (await agent.request({ method: 'GET', url: `/api/payment/xero/${schoolId}/${eventId}` })).statusCode,
        ).toBe(200);
      }
      expect((await read(auditor, false, other.id)).statusCode).toBe(200);
      expect((await read(admin, true, other.id)).statusCode).toBe(200);
    }
    await backgroundMoneyWork();
    expect(await rowCounts()).toEqual(before);
    expect(accountingCalls).toEqual([]);
    expect((await read(auditor)).json()).toMatchObject({
      available: true,
      number: null,
      total: REG + 2 * RACE,
      received: 10,
      outstanding: REG + 2 * RACE - 10,
    });
  });
});
