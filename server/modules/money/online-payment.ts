// Online payment (spec section 7, POST /api/transaction; docs/decisions.md 'Money'): a school pays
// what it owes for an event at the payment gateway's hosted checkout. docs/payments.md tells the
// whole conversation.
//
// Rules kept here:
// - A payment is recorded only from the gateway's own answer (gateway.verify, server to server),
//   never from the browser's return URL or its ?result=, nor from a webhook's copy of the checkout.
//   What is recorded is decided from the normalised status (src/domain/rules/payment-result.ts),
//   never from the gateway's words, which are only kept (payment_checkouts.result). It is recorded
//   once per gateway checkout, however often it is reported (the return, a webhook, the sweep's
//   reconciliation, all at the same time): the payments table's unique index on an online
//   payment's reference (the gateway's ref) makes the insert a no-op the second time.
// - A checkout open or pending at the gateway may still change: the reconciliation asks again. A
//   paid one stays paid; declined and cancelled ones are finished (a new attempt opens a new one).
// - A payment made at a test gateway (the built-in test checkout) is recorded as a TEST payment.
// - No gateway configured (PAYMENT_GATEWAY=none): online payment is refused with a clear 422.
// - The gateway is never called inside a database transaction: start-checkout.ts, which starts a
//   payment (one open checkout per school, event and amount), says why.
import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../../../src/domain/errors';
import { UNSETTLED_CHECKOUT_STATUSES, paymentSucceeded } from '../../../src/domain/rules/payment-result';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db } from '../../db/client';
import { paymentCheckouts, payments } from '../../db/schema';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-errors';
import { GatewayUnavailable, type CheckoutOutcome, type PaymentGateway } from '../../integrations/payments';
import { queuePayments, kickAccounting } from '../accounting';

/** What recording a payment needs (the routes pass their whole Deps). */
export type PaymentDeps = Pick<Deps, 'db' | 'gateway' | 'accounting' | 'now'>;
/** The same, once a gateway is known to be configured. */
export type GatewayDeps = PaymentDeps & { gateway: PaymentGateway };
export type Log = FastifyBaseLogger;
export type Checkout = typeof paymentCheckouts.$inferSelect;

/** The gateway failed or could not be reached: the app shows 'Server Error'. */
export const paymentUnavailable = () =>
  new HttpError(503, ERROR_CODES.PAYMENT_UNAVAILABLE, SERVER_MESSAGES.paymentUnavailable);

/** No payment gateway is configured. `onlinePayment: false` in the body lets the app say so
 *  rather than 'Server Error'. */
const onlinePaymentNotSetUp = () =>
  new HttpError(422, ERROR_CODES.RULE_VIOLATION, SERVER_MESSAGES.onlinePaymentNotSetUp, undefined, {
    onlinePayment: false,
  });

/** The deps with their gateway, or the refusal when none is configured. */
export function requireGateway(deps: PaymentDeps): GatewayDeps {
  if (!deps.gateway) throw onlinePaymentNotSetUp();
  return { ...deps, gateway: deps.gateway };
}

/** How far back the background sweep asks the gateway about checkouts still open: a hosted
 *  checkout expires well within it; an older one is settled when the school starts a payment. */
const SWEEP_CHECKOUTS_WITHIN_MS = 7 * 86_400_000;
/** At most this many open checkouts per sweep. */
const SWEEP_CHECKOUTS_BATCH = 100;

/** The app's invoice screen, with the outcome in the return's words (paymentReturnResult: the
 *  app shows 'Payment successfully made' or 'Payment unsuccessful - {result}'). */
export const invoiceLocation = (schoolId: string, eventId: string, result: string) =>
  `${invoicePath(schoolId, eventId)}?result=${encodeURIComponent(result)}`;
export const invoicePath = (schoolId: string, eventId: string) =>
  `/#/invoice/${encodeURIComponent(schoolId)}/${encodeURIComponent(eventId)}`;

// ---- Recording what the gateway confirmed ------------------------------------------------------

/** The single place where whatever follows a newly recorded online payment happens: it is queued
 *  for the accounting system (never throws: our payment row is the record). */
async function afterPaymentRecorded(deps: PaymentDeps, paymentId: string, log: Log): Promise<void> {
  // Queued for the accounting worker, which sends it in the background; a failure here leaves the
  // payment to the worker's catch-up, which queues whatever was missed.
  await queuePayments(deps.db, [paymentId], deps.now()).catch((err: unknown) =>
    log.error({ err, paymentId }, 'queueing the payment for the accounting system failed'),
  );
  kickAccounting();
}

/**
 * Stores the gateway's answer for one checkout: a paid checkout becomes a payment (once) and the
 * checkout is marked paid; a pending, declined or cancelled one is marked so, with the gateway's
 * words; an open one changes nothing. Answers the id of the payment when this call recorded it
 * (null otherwise).
 */
async function recordOutcome(
  deps: GatewayDeps,
  checkout: Checkout,
  outcome: CheckoutOutcome,
  log: Log,
): Promise<string | null> {
  if (outcome.status === 'open') return null;
  const now = deps.now();
  const paid = paymentSucceeded(outcome.status);
  const paymentId = await deps.db.transaction(async (tx) => {
    let inserted: string | null = null;
    if (paid) {
      if (outcome.amountCents !== checkout.amountCents) {
        log.warn(
          { checkoutId: checkout.id, asked: checkout.amountCents, paid: outcome.amountCents },
          'the gateway confirmed another amount than the checkout asked',
        );
      }
      // On conflict (the same gateway ref already recorded: payments_online_reference_uq) nothing.
      const [row] = await tx
        .insert(payments)
        .values({
          schoolId: checkout.schoolId,
          eventId: checkout.eventId,
          amountCents: outcome.amountCents,
          method: 'online',
          reference: checkout.gatewayRef,
          status: 'received',
          receivedAt: now,
          test: deps.gateway.testMode,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      inserted = row?.id ?? null;
    }
    // A paid checkout stays paid, whatever a late or replayed answer says; a finished one may still
    // turn out paid (the money arrived after all), never the other way round.
    const still = paid
      ? ne(paymentCheckouts.status, 'paid')
      : inArray(paymentCheckouts.status, [...UNSETTLED_CHECKOUT_STATUSES]);
    await tx
      .update(paymentCheckouts)
      .set({
        status: outcome.status,
        result: outcome.gatewayResult,
        completedAt: outcome.status === 'pending' ? null : now,
      })
      .where(and(eq(paymentCheckouts.id, checkout.id), still));
    return inserted;
  });
  if (paymentId) {
    try {
      await afterPaymentRecorded(deps, paymentId, log);
    } catch (err) {
      log.warn({ err, paymentId }, 'after recording an online payment');
    }
  }
  return paymentId;
}

/** Asks the gateway how one checkout ended and records it. Throws when the gateway fails or none
 *  is configured any more. */
export async function settleCheckout(deps: PaymentDeps, checkout: Checkout, log: Log): Promise<CheckoutOutcome> {
  if (!deps.gateway) throw paymentUnavailable();
  const outcome = await deps.gateway.verify(checkout.gatewayRef);
  await recordOutcome(requireGateway(deps), checkout, outcome, log);
  return outcome;
}

/** A gateway that cannot answer now is a warning (asked again later); one that refuses is an error
 *  someone must look at (a revoked key, a checkout the account does not know). */
export function logGatewayFailure(log: Log, err: unknown, context: Record<string, unknown>, what: string): void {
  if (err instanceof GatewayUnavailable) log.warn({ err, ...context }, what);
  else log.error({ err, ...context }, `${what}: ${err instanceof Error ? err.message : String(err)}`);
}

/** Asks the gateway about each checkout and records what it says; answers how many payments were
 *  recorded. A checkout the gateway does not answer for stays as it was, for next time. */
async function settleEach(deps: GatewayDeps, checkouts: readonly Checkout[], log: Log): Promise<number> {
  let recorded = 0;
  for (const checkout of checkouts) {
    try {
      const outcome = await deps.gateway.verify(checkout.gatewayRef);
      if (await recordOutcome(deps, checkout, outcome, log)) recorded++;
    } catch (err) {
      logGatewayFailure(log, err, { checkoutId: checkout.id }, 'could not verify a checkout with the payment gateway');
    }
  }
  return recorded;
}

const unsettled = inArray(paymentCheckouts.status, [...UNSETTLED_CHECKOUT_STATUSES]);

/**
 * Reconciliation: asks the gateway about every open or pending checkout of a school and event and
 * records what it says, so a payer who paid but never came back (closed the tab) is still
 * recorded, and an expired checkout is never offered again. Called before a new payment starts.
 * Best-effort: a checkout the gateway does not answer for stays as it was, for next time. Answers
 * how many payments were recorded (0 without a gateway).
 */
export async function settleOpenCheckouts(
  deps: PaymentDeps,
  schoolId: string,
  eventId: string,
  log: Log,
): Promise<number> {
  if (!deps.gateway) return 0;
  const rows = await deps.db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.schoolId, schoolId),
        eq(paymentCheckouts.eventId, eventId),
        unsettled,
        eq(paymentCheckouts.gateway, deps.gateway.name),
      ),
    );
  return settleEach(requireGateway(deps), rows, log);
}

/**
 * The background sweep's reconciliation (reconcile.ts): the open and pending checkouts of every
 * school opened in the last SWEEP_CHECKOUTS_WITHIN_MS, oldest first, at most SWEEP_CHECKOUTS_BATCH.
 * Answers how many payments were recorded (0 without a gateway).
 */
export async function settleRecentCheckouts(deps: PaymentDeps, log: Log): Promise<number> {
  if (!deps.gateway) return 0;
  const since = new Date(deps.now().getTime() - SWEEP_CHECKOUTS_WITHIN_MS);
  const rows = await deps.db
    .select()
    .from(paymentCheckouts)
    .where(and(unsettled, eq(paymentCheckouts.gateway, deps.gateway.name), gte(paymentCheckouts.createdAt, since)))
    .orderBy(asc(paymentCheckouts.createdAt))
    .limit(SWEEP_CHECKOUTS_BATCH);
  return settleEach(requireGateway(deps), rows, log);
}

/** Our checkout by id (null for an id that is not ours or not a UUID). */
export async function findCheckout(db: Db, checkoutId: string): Promise<Checkout | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(checkoutId)) return null;
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId));
  return row ?? null;
}

/** Our checkout by the gateway's id for it (a webhook names the gateway's id), or null. */
export async function findCheckoutByRef(db: Db, gateway: string, ref: string): Promise<Checkout | null> {
  const [row] = await db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.gateway, gateway), eq(paymentCheckouts.gatewayRef, ref)));
  return row ?? null;
}
