// A school's payment lines for an event (GET /api/v2/payments/:SchoolId/:EventId, POST /api/v2/payments): the
// payments, refunds and corrections one at a time, as the invoice screen's 'Record payment' writes
// them, beside the grid (payments-grid.ts) that records a school's total in one row. Both hold to
// the same limits: nothing may take the school's payments below 0, nor correct away what was paid
// online.
import { and, asc, eq, sql } from 'drizzle-orm';
import { australianDate } from '../../../src/domain/rules/australian-date';
import { formatMoney, toCents, toDollars } from '../../../src/domain/rules/money';
import { REFUND_METHOD, type PaymentLine, type PaymentRecord } from '../../../src/domain/schemas/entities/payment';
import {
  paymentBelowOnlineMessage,
  refundAboveReceivedMessage,
  PAYMENT_NOT_POSITIVE_MESSAGE,
} from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { events, payments, schools } from '../../db/schema';
import { notFound, unprocessable } from '../../http-errors';
import { EVENT_NOT_FOUND, SCHOOL_NOT_FOUND } from './payments-grid';
import { ADJUSTMENT_METHOD, ONLINE_METHOD, receivedCentsOf } from './school-money';

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
