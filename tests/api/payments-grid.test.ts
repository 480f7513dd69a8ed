// The payments grid (GET and PUT /api/payment): one row per school taking part in an event (race
// entries, an invoice or a payment; removed schools never), with the numbers counted here from the
// rows the test makes; the session's event or ?EventId=; admins and auditors read, only admins
// record payments: the difference from what was received as one payment row (BPAY, cheque, paid
// in full, a correction), never below the gateway's online payments, applied once per
// idempotency key; bad input 400, unknown schools and events 404.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  events,
  invoices,
  ledgerPayments,
  participants,
  payments,
  schools,
  teamEntries,
  teams,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import {
  EVENT_NOT_FOUND,
  NO_EVENT,
  SCHOOL_NOT_FOUND,
  gridEvent,
  listPayments,
} from '../../server/modules/money/payments-grid';
import { paymentBelowOnlineMessage } from '../../src/domain/server-messages';
import { queued, settleAccounting } from './support/accounting';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

type Row = {
  SchoolId: string;
  EventId: string;
  name: string;
  abrvName: string;
  number: string;
  totalCost: number;
  received: '0' | '1';
  amount: number;
  testAmount: number;
  incomplete: boolean;
};

// The event's fees (createEvent's defaults, set again here so the test says what it counts with).
const REGISTRATION_FEE = 50;
const TEAM_ENTRY_FEE = 30;

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;
let auditor: Agent;
/** The scenario's school: 'Alpine College' in NSW. */
let alpine: string;

const list = async (agent: Agent, query?: Record<string, string>): Promise<Row[]> => {
  const res = await agent.request({ method: 'GET', url: '/api/payment', ...(query ? { query } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};
const put = (agent: Agent, rows: unknown[], headers: Record<string, string> = {}) =>
  agent.request({ method: 'PUT', url: '/api/payment', payload: { payments: rows }, headers });
const paymentsOf = (sid: string, eid = eventId) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, sid), eq(payments.eventId, eid)));
const pay = (sid: string, amountCents: number, over: Partial<typeof payments.$inferInsert> = {}) =>
  t.db.insert(payments).values({ schoolId: sid, eventId, amountCents, method: 'bpay', status: 'received', ...over });

/** `racers` race entries (each holding a new participant) of the school in the event, plus one
 *  empty position that is no race entry. Answers the racers. */
async function enter(sid: string, eid: string, racers: number) {
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId: sid, eventId: eid, disciplineId: 1, division: 1, gender: 'Female', teamRank: 'A' })
    .returning();
  const people = racers
    ? await t.db
        .insert(participants)
        .values(
          Array.from({ length: racers }, (_, i) => ({
            schoolId: sid,
            firstname: 'Racer',
            lastname: `${sid.slice(0, 4)}${eid.slice(0, 4)}${i}`,
            gender: 'Female',
            yearLevel: '8',
          })),
        )
        .returning()
    : [];
  await t.db.insert(teamEntries).values([
    ...people.map((p, i) => ({
      teamId: team!.id,
      eventId: eid,
      disciplineId: 1,
      schoolId: sid,
      participantId: p.id,
      position: i + 1,
    })),
    { teamId: team!.id, eventId: eid, disciplineId: 1, schoolId: sid, participantId: null, position: racers + 1 },
  ]);
  return people;
}

/** Everything a school must complete: a completed waiver for every racer, and one volunteer (one
 *  per 8 entries is required) with a completed waiver, in a slot. */
async function complete(sid: string, racers: { firstname: string; lastname: string }[]) {
  await t.db.insert(waivers).values(
    racers.map((r) => ({
      schoolId: sid,
      eventId,
      type: 'participant',
      givenName: r.firstname,
      surname: r.lastname,
      completed: 1,
    })),
  );
  const [volunteer] = await t.db
    .insert(volunteers)
    .values({ schoolId: sid, eventId, firstname: 'Vol', lastname: 'Unteer' })
    .returning();
  await t.db
    .insert(waivers)
    .values({ schoolId: sid, eventId, type: 'volunteer', givenName: 'Vol', surname: 'Unteer', completed: 1 });
  await t.db.insert(volunteerSlots).values({ schoolId: sid, eventId, volunteerId: volunteer!.id });
}

beforeEach(async () => {
  t = await startTestApp();
  let schoolId: string;
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  alpine = schoolId;
  await t.db.update(schools).set({ name: 'Alpine College', stateId: 3 }).where(eq(schools.id, alpine));
  await t.db
    .update(events)
    .set({ registrationFee: REGISTRATION_FEE, teamEntryFee: TEAM_ENTRY_FEE })
    .where(eq(events.id, eventId));
  auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
});
afterEach(async () => {
  await t?.close();
});

describe('the grid of an event', () => {
  it('lists every school taking part, by name, with numbers matching a count of its rows', async () => {
    const other = await createEvent(t.db, { registrationFee: 999, teamEntryFee: 999 });
    // Alpine: 3 race entries here (5 in another event), no invoice: the live total; all complete.
    const racers = await enter(alpine, eventId, 3);
    await enter(alpine, other.id, 5);
    await complete(alpine, racers);
    // Banksia (VIC): 2 entries, nothing complete; two invoices (the later one's number shows) and
    // payments: BPAY and online received count (the online one made at the test checkout: TEST),
    // a pending one does not, another event's neither.
    const banksia = (await createSchool(t.db, { name: 'Banksia High', stateId: 7 })).id;
    await enter(banksia, eventId, 2);
    await t.db.insert(invoices).values([
      { schoolId: banksia, eventId, number: 'INV-B1', totalCents: 11_000, createdAt: new Date('2026-05-01T00:00:00Z') },
      { schoolId: banksia, eventId, number: 'INV-B2', totalCents: 3_000, createdAt: new Date('2026-06-01T00:00:00Z') },
      {
        schoolId: banksia,
        eventId: other.id,
        number: 'INV-B9',
        totalCents: 77_700,
        createdAt: new Date('2026-06-10T00:00:00Z'),
      },
    ]);
    await pay(banksia, 10_000);
    await pay(banksia, 4_000, { method: 'online', reference: 'gw-1', test: true });
    await pay(banksia, 9_999, { status: 'pending' });
    await pay(banksia, 12_345, { eventId: other.id });
    // Coolabah (no state): only a payment. Dingo: only an invoice. Both without entries.
    const coolabah = (await createSchool(t.db, { name: 'Coolabah School', stateId: null })).id;
    await pay(coolabah, 2_550);
    const dingo = (await createSchool(t.db, { name: 'Dingo Primary', stateId: 3 })).id;
    await t.db.insert(invoices).values({ schoolId: dingo, eventId, number: 'INV-D1', totalCents: 5_000 });
    // Not in the grid: a removed school (entries, invoice and payment), a school of another event
    // only, a school with empty positions only, a school taking part in nothing.
    const removed = (await createSchool(t.db, { name: 'Aardvark Removed' })).id;
    await enter(removed, eventId, 2);
    await t.db.insert(invoices).values({ schoolId: removed, eventId, number: 'INV-R1', totalCents: 11_000 });
    await pay(removed, 11_000);
    await t.db.update(schools).set({ removedAt: new Date() }).where(eq(schools.id, removed));
    const elsewhere = (await createSchool(t.db, { name: 'Elsewhere Grammar' })).id;
    await enter(elsewhere, other.id, 1);
    const emptyOnly = (await createSchool(t.db, { name: 'Empty Positions' })).id;
    await enter(emptyOnly, eventId, 0);
    await createSchool(t.db, { name: 'Idle School' });

    const expected: Row[] = [
      {
        SchoolId: alpine,
        EventId: eventId,
        name: 'Alpine College',
        abrvName: 'NSW',
        number: '',
        totalCost: REGISTRATION_FEE + 3 * TEAM_ENTRY_FEE,
        received: '0',
        amount: 0,
        testAmount: 0,
        incomplete: false,
      },
      {
        SchoolId: banksia,
        EventId: eventId,
        name: 'Banksia High',
        abrvName: 'VIC',
        number: 'INV-B2',
        totalCost: 110 + 30,
        received: '1',
        amount: 100 + 40,
        testAmount: 40,
        incomplete: true,
      },
      {
        SchoolId: coolabah,
        EventId: eventId,
        name: 'Coolabah School',
        abrvName: '',
        number: '',
        totalCost: 0,
        received: '0',
        amount: 25.5,
        testAmount: 0,
        incomplete: false,
      },
      {
        SchoolId: dingo,
        EventId: eventId,
        name: 'Dingo Primary',
        abrvName: 'NSW',
        number: 'INV-D1',
        totalCost: 50,
        received: '0',
        amount: 0,
        testAmount: 0,
        incomplete: false,
      },
    ];
    expect(await list(admin)).toEqual(expected);
    expect(await list(auditor, { EventId: eventId })).toEqual(expected);

    // The other event, named: its own schools and numbers.
    const otherRows = await list(admin, { EventId: other.id });
    expect(otherRows.map((r) => r.name)).toEqual(['Alpine College', 'Banksia High', 'Elsewhere Grammar']);
    expect(otherRows[0]).toMatchObject({ EventId: other.id, totalCost: 999 + 5 * 999, amount: 0, received: '0' });
    expect(otherRows[1]).toMatchObject({ number: 'INV-B9', totalCost: 777, amount: 123.45, received: '0' });
  });

  it('marks a school incomplete while a racer or volunteer waiver or a volunteer is missing', async () => {
    const racers = await enter(alpine, eventId, 2);
    const incomplete = async () => (await list(admin)).find((r) => r.SchoolId === alpine)!.incomplete;
    // Nothing done yet.
    expect(await incomplete()).toBe(true);
    // A racer's waiver missing.
    await t.db.insert(waivers).values({
      schoolId: alpine,
      eventId,
      type: 'participant',
      givenName: racers[0]!.firstname,
      surname: racers[0]!.lastname,
      completed: 1,
    });
    const [volunteer] = await t.db
      .insert(volunteers)
      .values({ schoolId: alpine, eventId, firstname: 'Vol', lastname: 'Unteer' })
      .returning();
    await t.db.insert(volunteerSlots).values({ schoolId: alpine, eventId, volunteerId: volunteer!.id });
    await t.db
      .insert(waivers)
      .values({ schoolId: alpine, eventId, type: 'volunteer', givenName: 'Vol', surname: 'Unteer', completed: 1 });
    expect(await incomplete()).toBe(true);
    // Every racer's waiver: complete.
    await t.db.insert(waivers).values({
      schoolId: alpine,
      eventId,
      type: 'participant',
      givenName: racers[1]!.firstname,
      surname: racers[1]!.lastname,
      completed: 1,
    });
    expect(await incomplete()).toBe(false);
    // A second volunteer without a completed waiver: incomplete again.
    await t.db.insert(volunteers).values({ schoolId: alpine, eventId, firstname: 'Late', lastname: 'Helper' });
    expect(await incomplete()).toBe(true);
  });

  it('reads the grid in the same number of queries for 2 schools as for 12', async () => {
    /** How many selects listPayments builds on the database for the event. */
    const selects = async () => {
      let n = 0;
      const counting = new Proxy(t.db, {
        get(target, prop) {
          const value: unknown = Reflect.get(target, prop, target);
          if (typeof value !== 'function') return value;
          if (prop === 'select' || prop === 'selectDistinct') {
            return (...args: unknown[]) => {
              n += 1;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return (value as (...a: unknown[]) => unknown).bind(target);
        },
      }) as Db;
      const rows = await listPayments(counting, await gridEvent(t.db, eventId, null));
      return { n, rows: rows.length };
    };
    const add = async (k: number) => {
      for (let i = 0; i < k; i += 1) {
        const sid = (await createSchool(t.db)).id;
        await enter(sid, eventId, 1);
        await t.db
          .insert(invoices)
          .values({ schoolId: sid, eventId, number: `INV-${randomUUID().slice(0, 8)}`, totalCents: 8_000 });
        await pay(sid, 1_000);
      }
    };
    await add(2);
    const few = await selects();
    await add(10);
    const many = await selects();
    expect([few.rows, many.rows]).toEqual([2, 12]);
    expect(few.n).toBeGreaterThan(3);
    expect(many.n).toBe(few.n);
  });

  it("uses the session's event unless ?EventId= names one; without either 400, unknown 404", async () => {
    const other = await createEvent(t.db);
    await enter(alpine, other.id, 1);
    expect((await list(admin)).map((r) => r.EventId)).toEqual([]);
    expect((await list(admin, { EventId: other.id })).map((r) => [r.SchoolId, r.EventId])).toEqual([
      [alpine, other.id],
    ]);
    await enter(alpine, eventId, 1);
    expect((await list(admin)).map((r) => [r.SchoolId, r.EventId])).toEqual([[alpine, eventId]]);

    // An auditor signed in while no event was open has no session event.
    await t.db.update(events).set({ active: false });
    const noEvent = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const refused = await noEvent.request({ method: 'GET', url: '/api/payment' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NO_EVENT);
    expect((await list(noEvent, { EventId: eventId })).map((r) => r.SchoolId)).toEqual([alpine]);
    const unknown = await admin.request({ method: 'GET', url: '/api/payment', query: { EventId: randomUUID() } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(EVENT_NOT_FOUND);
    expect(
      (await admin.request({ method: 'GET', url: '/api/payment', query: { EventId: 'not-an-id' } })).statusCode,
    ).toBe(400);
  });

  it('is read by admins and auditors and written by admins only', async () => {
    await enter(alpine, eventId, 1);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    for (const agent of [admin, auditor]) expect((await list(agent, { EventId: eventId })).length).toBe(1);
    for (const agent of [school, racedept]) {
      expect(
        (await agent.request({ method: 'GET', url: '/api/payment', query: { EventId: eventId } })).statusCode,
      ).toBe(403);
    }
    const row = { SchoolId: alpine, EventId: eventId, received: '1' };
    for (const agent of [school, racedept, auditor]) expect((await put(agent, [row])).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment', query: { EventId: eventId } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'PUT', url: '/api/payment', payload: { payments: [row] } })).statusCode).toBe(
      401,
    );
    expect(await paymentsOf(alpine)).toEqual([]);
    expect((await put(admin, [row])).statusCode).toBe(200);
    expect((await paymentsOf(alpine)).length).toBe(1);
  });
});

describe('recording payments', () => {
  const TOTAL_CENTS = (REGISTRATION_FEE + 3 * TEAM_ENTRY_FEE) * 100; // Alpine: 3 entries, no invoice
  beforeEach(async () => {
    await enter(alpine, eventId, 3);
  });

  it('records a BPAY payment as one row of the difference, then a cheque, answering the whole list', async () => {
    const first = await put(admin, [
      { SchoolId: alpine, EventId: eventId, received: '0', amount: 60, reference: ' BP-0001 ' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(await list(admin));
    expect((first.json() as Row[]).find((r) => r.SchoolId === alpine)).toMatchObject({
      amount: 60,
      received: '0',
      totalCost: TOTAL_CENTS / 100,
    });
    let rows = await paymentsOf(alpine);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 6_000, method: 'bpay', reference: 'BP-0001', status: 'received' });
    expect(rows[0]!.receivedAt).toEqual(t.clock.now());

    const second = await put(admin, [
      { SchoolId: alpine, EventId: eventId, received: '0', amount: 100.25, method: 'cheque', reference: 'CHQ 12' },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    rows = await paymentsOf(alpine);
    expect(rows.map((r) => [r.amountCents, r.method, r.reference]).sort()).toEqual([
      [4_025, 'cheque', 'CHQ 12'],
      [6_000, 'bpay', 'BP-0001'],
    ]);
    // The same total again changes nothing.
    expect((await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 100.25 }])).statusCode).toBe(
      200,
    );
    expect(await paymentsOf(alpine)).toHaveLength(2);
  });

  it("takes received '1' without an amount (or with 0) as paid in full: the rest of the total", async () => {
    await pay(alpine, 4_000);
    const dingo = (await createSchool(t.db, { name: 'Dingo Primary' })).id;
    await t.db.insert(invoices).values({ schoolId: dingo, eventId, number: 'INV-D1', totalCents: 5_000 });
    const res = await put(admin, [
      { SchoolId: alpine, EventId: eventId, received: '1' },
      { SchoolId: dingo, EventId: eventId, received: '1', amount: 0, method: 'cheque' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Row[];
    expect(rows.find((r) => r.SchoolId === alpine)).toMatchObject({ received: '1', amount: TOTAL_CENTS / 100 });
    expect(rows.find((r) => r.SchoolId === dingo)).toMatchObject({ received: '1', amount: 50, number: 'INV-D1' });
    expect((await paymentsOf(alpine)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([
      4_000,
      TOTAL_CENTS - 4_000,
    ]);
    expect((await paymentsOf(dingo)).map((p) => [p.amountCents, p.method])).toEqual([[5_000, 'cheque']]);
    // Already paid in full: nothing more.
    expect((await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '1' }])).statusCode).toBe(200);
    expect(await paymentsOf(alpine)).toHaveLength(2);
  });

  it('records a smaller total as one correction row, down to what was paid online', async () => {
    await pay(alpine, 10_000);
    await pay(alpine, 2_000, { method: 'online', reference: 'gw-7' });
    const res = await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 70 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).find((r) => r.SchoolId === alpine)).toMatchObject({ amount: 70, received: '0' });
    const corrections = (await paymentsOf(alpine)).filter((p) => p.method === 'adjustment');
    expect(corrections.map((p) => p.amountCents)).toEqual([-5_000]);
    // Exactly the online payments is still allowed.
    expect((await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 20 }])).statusCode).toBe(
      200,
    );
    expect((await list(admin)).find((r) => r.SchoolId === alpine)!.amount).toBe(20);
    expect(await paymentsOf(alpine)).toHaveLength(4);
  });

  it('refuses a total below the online payments (422 naming the school) and changes nothing in the save', async () => {
    const banksia = (await createSchool(t.db, { name: 'Banksia High' })).id;
    await pay(banksia, 4_000, { method: 'online', reference: 'gw-9' });
    await pay(banksia, 10_000);
    const before = await t.db.select().from(payments);
    const res = await put(admin, [
      { SchoolId: alpine, EventId: eventId, received: '1' },
      { SchoolId: banksia, EventId: eventId, received: '0', amount: 39.99 },
    ]);
    expect(res.statusCode).toBe(422);
    const message = paymentBelowOnlineMessage('Banksia High', '$40.00');
    expect(res.json().message).toBe(message);
    expect(res.json().message).toContain('Banksia High');
    expect(res.json().fields).toEqual([{ path: 'payments.1.amount', message }]);
    expect(await t.db.select().from(payments)).toEqual(before);
    // received '0' with 0 is 'nothing paid': refused the same way.
    expect((await put(admin, [{ SchoolId: banksia, EventId: eventId, received: '0', amount: 0 }])).statusCode).toBe(
      422,
    );
    expect(await t.db.select().from(payments)).toEqual(before);
  });

  it('applies a save once per idempotency key: a replay answers as before and writes nothing', async () => {
    const key = randomUUID();
    const first = await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 60 }], {
      'idempotency-key': key,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 100 }])).statusCode).toBe(
      200,
    );
    expect((await paymentsOf(alpine)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([4_000, 6_000]);
    // Applied again, the first save would take the total back to 60 with a correction.
    const replay = await put(admin, [{ SchoolId: alpine, EventId: eventId, received: '0', amount: 60 }], {
      'idempotency-key': key,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await paymentsOf(alpine)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([4_000, 6_000]);
    expect((await list(admin)).find((r) => r.SchoolId === alpine)!.amount).toBe(100);
  });

  it('refuses bad input (400) and unknown or removed schools and unknown events (404), writing nothing', async () => {
    const base = { SchoolId: alpine, EventId: eventId, received: '0', amount: 10 };
    const bad: unknown[][] = [
      [{ ...base, amount: -5 }],
      [{ ...base, amount: 10.005 }],
      [{ ...base, amount: '10' }],
      [{ ...base, received: '2' }],
      [{ ...base, method: 'cash' }],
      [{ ...base, method: 'online' }],
      [{ ...base, reference: 'x'.repeat(65) }],
      [{ ...base, SchoolId: 'not-an-id' }],
      [{ EventId: eventId, received: '0', amount: 10 }],
      [base, { ...base, amount: 20 }],
    ];
    for (const rows of bad) {
      const res = await put(admin, rows);
      expect(res.statusCode, JSON.stringify(rows)).toBe(400);
    }
    expect((await admin.request({ method: 'PUT', url: '/api/payment', payload: { rows: [base] } })).statusCode).toBe(
      400,
    );

    const unknownSchool = await put(admin, [base, { ...base, SchoolId: randomUUID() }]);
    expect(unknownSchool.statusCode).toBe(404);
    expect(unknownSchool.json().message).toBe(SCHOOL_NOT_FOUND);
    const removed = (await createSchool(t.db, { removedAt: new Date() })).id;
    expect((await put(admin, [{ ...base, SchoolId: removed }])).statusCode).toBe(404);
    const unknownEvent = await put(admin, [{ ...base, EventId: randomUUID() }]);
    expect(unknownEvent.statusCode).toBe(404);
    expect(unknownEvent.json().message).toBe(EVENT_NOT_FOUND);
    expect(await t.db.select().from(payments)).toEqual([]);
  });

  it('queues each payment it records for the accounting system, which the worker copies in the background (the built-in ledger here)', async () => {
    await t.db.insert(invoices).values({ schoolId: alpine, eventId, number: 'INV-A1', totalCents: TOTAL_CENTS });
    const res = await put(admin, [
      { SchoolId: alpine, EventId: eventId, received: '0', amount: 60, reference: 'BP-9' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    let [recorded] = await paymentsOf(alpine);
    // The admin's save waits for no accounting system: the payment is queued, not sent.
    expect(recorded!.accountingPaymentId).toBeNull();
    expect(await queued(t.deps, 'payment', recorded!.id)).toMatchObject({ state: 'waiting' });
    await settleAccounting(t);
    [recorded] = await paymentsOf(alpine);
    expect(recorded!.accountingPaymentId).toBeTruthy();
    const inLedger = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.reference, recorded!.id));
    expect(inLedger.map((p) => p.amountCents)).toEqual([6_000]);
  });

  it("answers the session's event's list for an empty save", async () => {
    const res = await put(admin, []);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).map((r) => r.SchoolId)).toEqual([alpine]);
  });
});
