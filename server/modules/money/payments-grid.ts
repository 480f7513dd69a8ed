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
// them is refused (422) naming the school, unless it is a refund (paid back through the gateway).
// received '1' with amount omitted or 0 means 'paid in full': what the total still lacks (nothing
// when the payments already cover it). One line at a time (the invoice screen) is payment-lines.ts.
//
// Every read is a fixed number of queries whatever the number of schools.
import { and, asc, count, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { readinessFacts } from '../../../src/domain/rules/bib-list';
import { formatMoney, toCents, toDollars } from '../../../src/domain/rules/money';
import { REFUND_METHOD, type PaymentRow, type PaymentUpdate } from '../../../src/domain/schemas/entities/payment';
import { paymentBelowOnlineMessage, REFUND_RAISES_MESSAGE } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { events, invoices, payments, schools, states, teamEntries } from '../../db/schema';
import { badRequest, notFound, unprocessable } from '../../http-errors';
import { loadReadiness } from '../race-day';
import {
  ADJUSTMENT_METHOD,
  eventFees,
  groupBy,
  pairKey,
  schoolMoney,
  type EventFees,
  type SchoolMoney,
} from './school-money';

export const NO_EVENT = 'Choose an event first.';
export const EVENT_NOT_FOUND = 'The event was not found. It may have been removed.';
export const SCHOOL_NOT_FOUND = 'The school was not found. It may have been removed.';
const DUPLICATE_ROW = 'This school and event appear more than once in the save.';

const DEFAULT_MANUAL_METHOD = 'bpay';

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

/** The schools taking part in an event: race entries, an invoice or a payment for it. */
function takingPart(db: Db | Tx, eventId: string) {
  const one = sql`1`;
  return or(
    exists(db.select({ one }).from(teamEntries).where(raceEntryOf(schools.id, eventId))),
    exists(
      db
        .select({ one })
        .from(invoices)
        .where(and(eq(invoices.schoolId, schools.id), eq(invoices.eventId, eventId))),
    ),
    exists(
      db
        .select({ one })
        .from(payments)
        .where(and(eq(payments.schoolId, schools.id), eq(payments.eventId, eventId))),
    ),
  );
}

/** The grid's four queries, run together: its schools, and their entries, invoices and payments. */
async function gridFacts(db: Db | Tx, eventId: string) {
  const [schoolRows, entryCounts, invoiceRows, paymentRows] = await Promise.all([
    db
      .select({ id: schools.id, name: schools.name, abrvName: states.name })
      .from(schools)
      .leftJoin(states, eq(states.id, schools.stateId))
      .where(and(isNull(schools.removedAt), takingPart(db, eventId)))
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .select({ schoolId: teamEntries.schoolId, n: count() })
      .from(teamEntries)
      .where(and(eq(teamEntries.eventId, eventId), isNotNull(teamEntries.participantId)))
      .groupBy(teamEntries.schoolId),
    db
      .select({
        schoolId: invoices.schoolId,
        number: invoices.number,
        totalCents: invoices.totalCents,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(eq(invoices.eventId, eventId)),
    db
      .select({
        schoolId: payments.schoolId,
        amountCents: payments.amountCents,
        status: payments.status,
        method: payments.method,
        test: payments.test,
      })
      .from(payments)
      .where(eq(payments.eventId, eventId)),
  ]);
  return {
    schoolRows,
    entriesOf: new Map(entryCounts.map((r) => [r.schoolId, Number(r.n)])),
    invoicesOf: groupBy(invoiceRows, (r) => r.schoolId),
    paymentsOf: groupBy(paymentRows, (r) => r.schoolId),
  };
}

function gridRow(
  school: { id: string; name: string; abrvName: string | null },
  eventId: string,
  money: SchoolMoney,
  counts: Parameters<typeof readinessFacts>[0] | undefined,
): PaymentRow {
  const facts = counts ? readinessFacts(counts) : null;
  return {
    SchoolId: school.id,
    EventId: eventId,
    name: school.name,
    abrvName: school.abrvName ?? '',
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
}

/** GET /api/payment: the grid of one event: 4 queries, then loadReadiness's 9 (none without entries). */
export async function listPayments(db: Db | Tx, event: EventFees): Promise<PaymentRow[]> {
  const { schoolRows, entriesOf, invoicesOf, paymentsOf } = await gridFacts(db, event.id);
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
    return gridRow(s, event.id, money, readiness.get(pairKey(s.id, event.id)));
  });
}

/** The cents a row says the school has paid in total, given what is recorded. */
function targetCents(update: PaymentUpdate, money: SchoolMoney): number {
  const amountCents = update.amount === undefined ? null : toCents(update.amount);
  if (update.received === '1' && !amountCents) return Math.max(money.totalCents, money.receivedCents);
  return amountCents ?? money.receivedCents;
}

/** One row per school and event: two rows for one would each be judged against the same total. */
function refuseDuplicateRows(updates: readonly PaymentUpdate[]): void {
  const seen = new Set<string>();
  updates.forEach((u, index) => {
    const key = pairKey(u.SchoolId, u.EventId);
    if (seen.has(key)) throw badRequest(DUPLICATE_ROW, [{ path: `payments.${index}`, message: DUPLICATE_ROW }]);
    seen.add(key);
  });
}

/** What the save judges each row by, in a fixed number of queries for any batch. */
async function saveFacts(tx: Tx, updates: readonly PaymentUpdate[]) {
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
  return {
    schoolOf: new Map(schoolRows.filter((s) => !s.removedAt).map((s) => [s.id, s])),
    eventOf: new Map(eventRows.map((e) => [e.id, e])),
    entriesOf: new Map(entryCounts.map((r) => [pairKey(r.schoolId, r.eventId), Number(r.n)])),
    invoicesOf: groupBy(invoiceRows, (r) => pairKey(r.schoolId, r.eventId)),
    paymentsOf: groupBy(paymentRows, (r) => pairKey(r.schoolId, r.eventId)),
  };
}

/** The payment row one update records (null when its total is what was received already), or
 *  the refusal naming its row. */
function paymentRowFor(
  facts: Awaited<ReturnType<typeof saveFacts>>,
  update: PaymentUpdate,
  index: number,
  now: Date,
): typeof payments.$inferInsert | null {
  const school = facts.schoolOf.get(update.SchoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const event = facts.eventOf.get(update.EventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const key = pairKey(update.SchoolId, update.EventId);
  const money = schoolMoney(event, {
    invoices: facts.invoicesOf.get(key) ?? [],
    payments: facts.paymentsOf.get(key) ?? [],
    entryCount: facts.entriesOf.get(key) ?? 0,
  });
  const target = targetCents(update, money);
  const difference = target - money.receivedCents;
  if (difference === 0) return null;
  const refund = update.method === REFUND_METHOD;
  if (refund && difference > 0)
    throw unprocessable(REFUND_RAISES_MESSAGE, [{ path: `payments.${index}.method`, message: REFUND_RAISES_MESSAGE }]);
  if (difference < 0 && !refund && target < money.onlineCents) {
    const message = paymentBelowOnlineMessage(school.name, formatMoney(toDollars(money.onlineCents)));
    throw unprocessable(message, [{ path: `payments.${index}.amount`, message }]);
  }
  return {
    schoolId: update.SchoolId,
    eventId: update.EventId,
    amountCents: difference,
    method: refund ? REFUND_METHOD : difference > 0 ? (update.method ?? DEFAULT_MANUAL_METHOD) : ADJUSTMENT_METHOD,
    reference: update.reference?.trim() ?? '',
    status: 'received',
    receivedAt: now,
  };
}

/** PUT /api/payment: records, in the transaction given, one payment row per school whose total
 *  paid changes; answers the ids of the rows written. Fixed number of queries for any batch. */
export async function savePayments(tx: Tx, updates: readonly PaymentUpdate[], now: Date): Promise<string[]> {
  if (!updates.length) return [];
  refuseDuplicateRows(updates);
  const facts = await saveFacts(tx, updates);
  const rows = updates.flatMap((update, index) => paymentRowFor(facts, update, index, now) ?? []);
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
