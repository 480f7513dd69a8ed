// The payments grid (spec section 2 '/payments', PAY-10..14): one row per school taking part in an
// event with what it owes and what it has paid, read by admins and auditors; the admin records
// payments made by BPAY or cheque.
//
// Which schools: every school not removed (schools.removedAt null) that has race entries in the
// event (team entries holding a participant) or an invoice or a payment for it, ordered by name.
//
// The numbers of a row (integer cents inside, dollars in the answer):
// - number: the latest invoice's number, '' before the first invoice;
// - totalCost: the sum of the invoices issued when there are any; otherwise the live total of the
//   invoice rule (invoiceTotalsCents: the event's registrationFee once + teamEntryFee x the
//   school's race entries holding a participant);
// - amount: the payments received (status 'received', whatever their method, corrections included);
// - testAmount: the part of amount made at the test checkout (TEST payments: no money received);
// - received: '1' when amount covers a totalCost above 0.
//
// A save says, for each row, what the school has paid in total for the event; the difference from
// the payments already received is recorded as ONE payment row: a positive difference as the method
// chosen ('bpay' by default, or 'cheque'), a negative one as a correction (method 'adjustment': the
// amount was mistyped, nothing moved) or, when the admin says so (method 'refund'), as a refund:
// money paid back to the school, which goes to the accounting system as a credit note refunded.
// Payments the gateway confirmed online (method 'online') cannot be corrected here: a total below
// them is refused (422) naming the school, unless it is a refund (paid back through the gateway). received '1' with amount omitted or 0 means 'paid in
// full': what the total still lacks (nothing when the payments already cover it).
//
// Every read is a fixed number of queries whatever the number of schools.
import { and, asc, count, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { australianDate } from '../../../src/domain/rules/australian-date';
import { readinessFacts } from '../../../src/domain/rules/bib-list';
import { invoiceStatusCents } from '../../../src/domain/rules/invoice-status';
import { invoiceTotalsCents } from '../../../src/domain/rules/invoice-totals';
import { formatMoney, toCents, toDollars } from '../../../src/domain/rules/money';
import {
  REFUND_METHOD,
  type PaymentLine,
  type PaymentRecord,
  type PaymentRow,
  type PaymentUpdate,
} from '../../../src/domain/schemas/entities/payment';
import {
  paymentBelowOnlineMessage,
  refundAboveReceivedMessage,
  PAYMENT_NOT_POSITIVE_MESSAGE,
  REFUND_RAISES_MESSAGE,
} from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { events, invoices, payments, schools, states, teamEntries } from '../../db/schema';
import { badRequest, notFound, unprocessable } from '../../http-errors';
import { loadReadiness } from '../race-day';

export const NO_EVENT = 'Choose an event first.';
export const EVENT_NOT_FOUND = 'The event was not found. It may have been removed.';
export const SCHOOL_NOT_FOUND = 'The school was not found. It may have been removed.';
const DUPLICATE_ROW = 'This school and event appear more than once in the save.';

/** The method of a payment the gateway confirmed (server/modules/money: the online payment flow). */
const ONLINE_METHOD = 'online';
/** The method of a correction recorded by the grid (a payment made smaller). */
const ADJUSTMENT_METHOD = 'adjustment';
const DEFAULT_MANUAL_METHOD = 'bpay';

type EventFees = { id: string; registrationFee: number; teamEntryFee: number };
type InvoiceFact = { number: string; totalCents: number; createdAt: Date };
type PaymentFact = { amountCents: number; status: string; method: string; test?: boolean };

const pairKey = (schoolId: string, eventId: string) => `${schoolId}:${eventId}`;

/** What a school owes and has paid for an event, in cents. */
type SchoolMoney = {
  number: string;
  totalCents: number;
  receivedCents: number;
  /** The part of receivedCents the gateway confirmed online. */
  onlineCents: number;
  /** The part of receivedCents paid at the test checkout. */
  testCents: number;
};

function schoolMoney(
  event: EventFees,
  facts: { invoices: InvoiceFact[]; payments: PaymentFact[]; entryCount: number },
): SchoolMoney {
  const status = invoiceStatusCents({ invoices: facts.invoices, payments: facts.payments });
  const totalCents = facts.invoices.length
    ? status.invoicedCents
    : invoiceTotalsCents({
        registrationFee: event.registrationFee,
        teamEntryFee: event.teamEntryFee,
        entryCount: facts.entryCount,
        received: 0,
      }).totalCents;
  const receivedSum = (keep: (p: PaymentFact) => boolean) => receivedCentsOf(facts.payments, keep);
  return {
    number: status.number,
    totalCents,
    receivedCents: status.receivedCents,
    onlineCents: receivedSum((p) => p.method === ONLINE_METHOD),
    testCents: receivedSum((p) => !!p.test),
  };
}

/** The cents of the payments received, of those `keep` takes (all by default). */
function receivedCentsOf(list: readonly PaymentFact[], keep: (p: PaymentFact) => boolean = () => true): number {
  return list.filter((p) => p.status === 'received' && keep(p)).reduce((sum, p) => sum + p.amountCents, 0);
}

function groupBy<R>(rows: readonly R[], key: (row: R) => string): Map<string, R[]> {
  const map = new Map<string, R[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const eventFees = { id: events.id, registrationFee: events.registrationFee, teamEntryFee: events.teamEntryFee };

/** The event a call works on: the one named, or the session's; 400 without one, 404 unknown. */
export async function gridEvent(
  db: Db | Tx,
  requested: string | null | undefined,
  sessionEventId: string | null,
): Promise<EventFees> {
  const eventId = requested ?? sessionEventId;
  if (!eventId) throw badRequest(NO_EVENT);
  const [event] = await db.select(eventFees).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** A race entry: a position of a team holding a participant (what the invoice charges for). */
const raceEntryOf = (schoolId: typeof schools.id | string, eventId: string) =>
  and(eq(teamEntries.schoolId, schoolId), eq(teamEntries.eventId, eventId), isNotNull(teamEntries.participantId));

/** GET /api/payment: the grid of one event: 4 queries, then loadReadiness's 9 (none without entries). */
export async function listPayments(db: Db | Tx, event: EventFees): Promise<PaymentRow[]> {
  const one = sql`1`;
  const takingPart = or(
    exists(db.select({ one }).from(teamEntries).where(raceEntryOf(schools.id, event.id))),
    exists(
      db
        .select({ one })
        .from(invoices)
        .where(and(eq(invoices.schoolId, schools.id), eq(invoices.eventId, event.id))),
    ),
    exists(
      db
        .select({ one })
        .from(payments)
        .where(and(eq(payments.schoolId, schools.id), eq(payments.eventId, event.id))),
    ),
  );
  const [schoolRows, entryCounts, invoiceRows, paymentRows] = await Promise.all([
    db
      .select({ id: schools.id, name: schools.name, abrvName: states.name })
      .from(schools)
      .leftJoin(states, eq(states.id, schools.stateId))
      .where(and(isNull(schools.removedAt), takingPart))
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .select({ schoolId: teamEntries.schoolId, n: count() })
      .from(teamEntries)
      .where(and(eq(teamEntries.eventId, event.id), isNotNull(teamEntries.participantId)))
      .groupBy(teamEntries.schoolId),
    db
      .select({
        schoolId: invoices.schoolId,
        number: invoices.number,
        totalCents: invoices.totalCents,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.eventId, event.id)),
    db
      .select({
        schoolId: payments.schoolId,
        amountCents: payments.amountCents,
        status: payments.status,
        method: payments.method,
        test: payments.test,
      })
      .from(payments)
      .where(eq(payments.eventId, event.id)),
  ]);
  const entriesOf = new Map(entryCounts.map((r) => [r.schoolId, Number(r.n)]));
  const invoicesOf = groupBy(invoiceRows, (r) => r.schoolId);
  const paymentsOf = groupBy(paymentRows, (r) => r.schoolId);
  const readiness = await loadReadiness(
    db,
    schoolRows.filter((s) => (entriesOf.get(s.id) ?? 0) > 0).map((s) => ({ SchoolId: s.id, EventId: event.id })),
  );

  return schoolRows.map((s) => {
    const money = schoolMoney(event, {
      invoices: invoicesOf.get(s.id) ?? [],
      payments: paymentsOf.get(s.id) ?? [],
      entryCount: entriesOf.get(s.id) ?? 0,
    });
    const counts = readiness.get(pairKey(s.id, event.id));
    const facts = counts ? readinessFacts(counts) : null;
    return {
      SchoolId: s.id,
      EventId: event.id,
      name: s.name,
      abrvName: s.abrvName ?? '',
      number: money.number,
      totalCost: toDollars(money.totalCents),
      received: money.totalCents > 0 && money.receivedCents >= money.totalCents ? '1' : '0',
      amount: toDollars(money.receivedCents),
      testAmount: toDollars(money.testCents),
      // Incomplete: the school has race entries and readinessFacts (the bib hand-over rule) finds
      // a racer's or a volunteer's waiver not completed, or fewer volunteers in slots than the
      // event requires for its entries. The invoice is not part of it (the grid shows payment);
      // a school without race entries has nothing to complete.
      incomplete: facts
        ? !(facts.participantWaiversComplete && facts.volunteerWaiversComplete && facts.volunteersRegistered)
        : false,
    };
  });
}

/** The cents a row says the school has paid in total, given what is recorded. */
function targetCents(update: PaymentUpdate, money: SchoolMoney): number {
  const amountCents = update.amount === undefined ? null : toCents(update.amount);
  if (update.received === '1' && !amountCents) return Math.max(money.totalCents, money.receivedCents);
  return amountCents ?? money.receivedCents;
}

/** PUT /api/payment: records, in the transaction given, one payment row per school whose total
 *  paid changes; answers the ids of the rows written. Fixed number of queries for any batch. */
export async function savePayments(tx: Tx, updates: readonly PaymentUpdate[], now: Date): Promise<string[]> {
  if (!updates.length) return [];
  const seen = new Set<string>();
  updates.forEach((u, index) => {
    const key = pairKey(u.SchoolId, u.EventId);
    if (seen.has(key)) throw badRequest(DUPLICATE_ROW, [{ path: `payments.${index}`, message: DUPLICATE_ROW }]);
    seen.add(key);
  });
  const schoolIds = [...new Set(updates.map((u) => u.SchoolId))];
  const eventIds = [...new Set(updates.map((u) => u.EventId))];
  // The schools' rows are locked (in one order) so two saves for a school apply one after the other,
  // each seeing the other's payment.
  const schoolRows = await tx
    .select({ id: schools.id, name: schools.name, removedAt: schools.removedAt })
    .from(schools)
    .where(inArray(schools.id, schoolIds))
    .orderBy(asc(schools.id))
    .for('update');
  const [eventRows, entryCounts, invoiceRows, paymentRows] = await Promise.all([
    tx.select(eventFees).from(events).where(inArray(events.id, eventIds)),
    tx
      .select({ schoolId: teamEntries.schoolId, eventId: teamEntries.eventId, n: count() })
      .from(teamEntries)
      .where(
        and(
          inArray(teamEntries.schoolId, schoolIds),
          inArray(teamEntries.eventId, eventIds),
          isNotNull(teamEntries.participantId),
        ),
      )
      .groupBy(teamEntries.schoolId, teamEntries.eventId),
    tx
      .select({
        schoolId: invoices.schoolId,
        eventId: invoices.eventId,
        number: invoices.number,
        totalCents: invoices.totalCents,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(and(inArray(invoices.schoolId, schoolIds), inArray(invoices.eventId, eventIds))),
    tx
      .select({
        schoolId: payments.schoolId,
        eventId: payments.eventId,
        amountCents: payments.amountCents,
        status: payments.status,
        method: payments.method,
      })
      .from(payments)
      .where(and(inArray(payments.schoolId, schoolIds), inArray(payments.eventId, eventIds))),
  ]);
  const schoolOf = new Map(schoolRows.filter((s) => !s.removedAt).map((s) => [s.id, s]));
  const eventOf = new Map(eventRows.map((e) => [e.id, e]));
  const entriesOf = new Map(entryCounts.map((r) => [pairKey(r.schoolId, r.eventId), Number(r.n)]));
  const invoicesOf = groupBy(invoiceRows, (r) => pairKey(r.schoolId, r.eventId));
  const paymentsOf = groupBy(paymentRows, (r) => pairKey(r.schoolId, r.eventId));

  const rows: (typeof payments.$inferInsert)[] = [];
  updates.forEach((update, index) => {
    const school = schoolOf.get(update.SchoolId);
    if (!school) throw notFound(SCHOOL_NOT_FOUND);
    const event = eventOf.get(update.EventId);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    const key = pairKey(update.SchoolId, update.EventId);
    const money = schoolMoney(event, {
      invoices: invoicesOf.get(key) ?? [],
      payments: paymentsOf.get(key) ?? [],
      entryCount: entriesOf.get(key) ?? 0,
    });
    const target = targetCents(update, money);
    const difference = target - money.receivedCents;
    if (difference === 0) return;
    const refund = update.method === REFUND_METHOD;
    if (refund && difference > 0)
      throw unprocessable(REFUND_RAISES_MESSAGE, [
        { path: `payments.${index}.method`, message: REFUND_RAISES_MESSAGE },
      ]);
    if (difference < 0 && !refund && target < money.onlineCents) {
      const message = paymentBelowOnlineMessage(school.name, formatMoney(toDollars(money.onlineCents)));
      throw unprocessable(message, [{ path: `payments.${index}.amount`, message }]);
    }
    rows.push({
      schoolId: update.SchoolId,
      eventId: update.EventId,
      amountCents: difference,
      method: refund ? REFUND_METHOD : difference > 0 ? (update.method ?? DEFAULT_MANUAL_METHOD) : ADJUSTMENT_METHOD,
      reference: update.reference?.trim() ?? '',
      status: 'received',
      receivedAt: now,
    });
  });
  if (!rows.length) return [];
  const written = await tx.insert(payments).values(rows).returning({ id: payments.id });
  return written.map((r) => r.id);
}

/** The event whose list a save answers: the rows' event when they share one, else the session's,
 *  else the first row's; null when there is none at all. */
export function answeredEvent(updates: readonly PaymentUpdate[], sessionEventId: string | null): string | null {
  const named = [...new Set(updates.map((u) => u.EventId))];
  if (named.length === 1) return named[0]!;
  return sessionEventId ?? named[0] ?? null;
}

/** A school's payment lines for an event, oldest first: what 'Record payment' and the payment flows
 *  wrote, each dated the day it was received in Australian eastern time (the association's books). */
export async function paymentLines(db: Db | Tx, schoolId: string, eventId: string): Promise<PaymentLine[]> {
  const rows = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      method: payments.method,
      reference: payments.reference,
      test: payments.test,
      receivedAt: payments.receivedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.eventId, eventId), eq(payments.status, 'received')))
    .orderBy(
      asc(sql`coalesce(${payments.receivedAt}, ${payments.createdAt})`),
      asc(payments.createdAt),
      asc(payments.id),
    );
  return rows.map((row) => ({
    id: row.id,
    date: australianDate(row.receivedAt ?? row.createdAt),
    amount: toDollars(row.amountCents),
    method: row.method,
    reference: row.reference,
    test: row.test,
  }));
}

/** The instant a recorded day is kept as: noon in Sydney, so it reads as that day in Australian
 *  eastern time, daylight saving or not. */
const receivedOn = (date: string) => new Date(`${date}T12:00:00+10:00`);

/** POST /api/v2/payments: records one line for a school and event, in the transaction given, and
 *  answers its id. A payment is money in (BPAY or cheque); a refund, money paid back (stored below
 *  0, sent to the accounting system); a correction, a signed change with nothing moved. Nothing may
 *  take the school's payments below 0, nor correct away what was paid online. */
export async function recordPayment(tx: Tx, record: PaymentRecord): Promise<string> {
  const [school] = await tx
    .select({ id: schools.id, name: schools.name, removedAt: schools.removedAt })
    .from(schools)
    .where(eq(schools.id, record.SchoolId))
    .for('update');
  if (!school || school.removedAt) throw notFound(SCHOOL_NOT_FOUND);
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, record.EventId));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const received = await tx
    .select({ amountCents: payments.amountCents, method: payments.method, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.schoolId, record.SchoolId),
        eq(payments.eventId, record.EventId),
        eq(payments.status, 'received'),
      ),
    );
  const receivedCents = receivedCentsOf(received);
  const onlineCents = receivedCentsOf(received, (p) => p.method === ONLINE_METHOD);
  const cents = toCents(record.amount);
  const refuse = (message: string) => unprocessable(message, [{ path: 'amount', message }]);
  let amountCents = cents;
  let method: string = record.kind;
  if (record.kind === 'bpay' || record.kind === 'cheque') {
    if (cents <= 0) throw refuse(PAYMENT_NOT_POSITIVE_MESSAGE);
  } else if (record.kind === 'refund') {
    if (cents <= 0) throw refuse(PAYMENT_NOT_POSITIVE_MESSAGE);
    if (cents > receivedCents) throw refuse(refundAboveReceivedMessage(formatMoney(toDollars(receivedCents))));
    amountCents = -cents;
    method = REFUND_METHOD;
  } else {
    method = ADJUSTMENT_METHOD;
    const after = receivedCents + cents;
    if (after < 0) throw refuse(refundAboveReceivedMessage(formatMoney(toDollars(receivedCents))));
    if (after < onlineCents) throw refuse(paymentBelowOnlineMessage(school.name, formatMoney(toDollars(onlineCents))));
  }
  const [written] = await tx
    .insert(payments)
    .values({
      schoolId: record.SchoolId,
      eventId: record.EventId,
      amountCents,
      method,
      reference: record.reference?.trim() ?? '',
      status: 'received',
      receivedAt: receivedOn(record.date),
    })
    .returning({ id: payments.id });
  return written!.id;
}
