// Starting an online payment (POST /api/transaction; docs/payments.md): the amount owed checked,
// the gateway's hosted checkout opened, and its url answered. What the gateway later confirms is
// recorded by online-payment.ts.
//
// - One open checkout per school, event and amount: a second start for the same amount (a double
//   click, two tabs, two concurrent requests) answers the same checkout, so one invoice is never
//   opened for payment twice. The decision is made inside the write's transaction under an
//   advisory lock on the school and event (correct across server processes); an in-process queue
//   per school and event in front of it saves a second gateway checkout in the common case.
// - The gateway is never called inside a database transaction: a network call must not hold a
//   connection and a lock, and the built-in gateway writes its own books through the same database
//   (on embedded PGlite, one connection: a query outside the open transaction would wait forever).
//   So the transaction decides; when a new checkout is needed it rolls back asking for one
//   (CheckoutNeeded), the gateway opens it, and the transaction runs again to store it (or to
//   answer a checkout that a concurrent request stored meanwhile).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { invoiceAvailable } from '../../../src/domain/rules/invoice-availability';
import { toDollars } from '../../../src/domain/rules/money';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { events, invoices, paymentCheckouts, schools } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http-errors';
import {
  logGatewayFailure,
  paymentUnavailable,
  requireGateway,
  settleOpenCheckouts,
  type GatewayDeps,
  type Log,
  type PaymentDeps,
} from './online-payment';
import { outstandingCents } from './outstanding';

/** Online payment is offered for this invoice type only (spec: 'VIC invoice type adds the ... online
 *  payment columns'). */
const ONLINE_PAYMENT_INVOICE_TYPE = 'VIC';

/** Where the gateway sends the payer back: our return route, which asks the gateway itself. */
const returnPath = (checkoutId: string) => `/api/payment/return/${checkoutId}`;

export type TransactionInput = {
  schoolId: string;
  eventId: string;
  outstandingCents: number;
  /** Our public origin (https://host), which makes the return URL given to the gateway absolute. */
  returnOrigin: string;
};
type CheckoutRequest = {
  id: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
};
type PreparedCheckout = CheckoutRequest & { ref: string; url: string };

/** Thrown inside the transaction (rolling it back, so nothing is recorded under the request's
 *  idempotency key) when a new gateway checkout is needed. */
class CheckoutNeeded extends Error {
  constructor(readonly request: CheckoutRequest) {
    super('a gateway checkout is needed');
  }
}

/** How often the decision may ask for a new checkout before giving up (the amount owed would
 *  have to change between every two attempts). */
const MAX_ATTEMPTS = 3;

/** The rules, the amount and the open checkout, decided under the school and event's lock. */
async function decideCheckout(
  tx: Tx,
  deps: GatewayDeps,
  input: TransactionInput,
  prepared: PreparedCheckout | null,
): Promise<{ url: string }> {
  const { schoolId, eventId } = input;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('payment_checkouts'), hashtext(${`${schoolId}:${eventId}`}))`,
  );
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound();
  if (event.invoiceType !== ONLINE_PAYMENT_INVOICE_TYPE) throw unprocessable(SERVER_MESSAGES.onlinePaymentVicOnly);
  // An invoice issued stays payable when the event's date is moved later.
  const [issued] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.eventId, eventId)))
    .limit(1);
  if (!issued && !invoiceAvailable(event.invoiceAvailable, deps.now()))
    throw unprocessable(SERVER_MESSAGES.invoiceNotAvailable);
  const [school] = await tx
    .select({ name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, schoolId), isNull(schools.removedAt)));
  if (!school) throw notFound();

  const owed = await outstandingCents(tx, schoolId, eventId);
  if (owed <= 0) throw unprocessable(SERVER_MESSAGES.nothingToPay);
  if (input.outstandingCents !== owed)
    throw conflict(SERVER_MESSAGES.amountOwedChanged, { outstanding: toDollars(owed) });

  const [open] = await tx
    .select({ url: paymentCheckouts.url })
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.schoolId, schoolId),
        eq(paymentCheckouts.eventId, eventId),
        eq(paymentCheckouts.amountCents, owed),
        eq(paymentCheckouts.status, 'open'),
        eq(paymentCheckouts.gateway, deps.gateway.name),
      ),
    )
    .orderBy(desc(paymentCheckouts.createdAt))
    .limit(1);
  if (open) return { url: open.url };

  if (prepared && prepared.amountCents === owed) {
    await tx.insert(paymentCheckouts).values({
      id: prepared.id,
      schoolId,
      eventId,
      amountCents: owed,
      gateway: deps.gateway.name,
      gatewayRef: prepared.ref,
      url: prepared.url,
    });
    return { url: prepared.url };
  }
  const id = randomUUID();
  throw new CheckoutNeeded({
    id,
    amountCents: owed,
    description: `${school.name} – ${event.name} invoice`,
    returnUrl: `${input.returnOrigin}${returnPath(id)}`,
    metadata: { school_id: schoolId, event_id: eventId },
  });
}

async function openGatewayCheckout(deps: GatewayDeps, request: CheckoutRequest, log: Log): Promise<PreparedCheckout> {
  try {
    const { ref, url } = await deps.gateway.createCheckout({
      reference: request.id,
      amountCents: request.amountCents,
      description: request.description,
      returnUrl: request.returnUrl,
      metadata: request.metadata,
    });
    return { ...request, ref, url };
  } catch (err) {
    logGatewayFailure(log, err, { checkoutId: request.id }, 'the payment gateway could not open a checkout');
    throw paymentUnavailable();
  }
}

const queues = new Map<string, Promise<void>>();

/** Runs `fn` after every earlier call with the same key has finished (in this process). */
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = before.then(() => mine);
  queues.set(key, tail);
  await before;
  try {
    return await fn();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Starts (or answers again) the online payment of what a school owes for an event. `write` runs
 * the decision as the request's write (runWrite: in a transaction, exactly once per idempotency
 * key, refusals recorded). Throws the refusals (404, 409 amount changed, 422, 422 with no gateway)
 * and 503 when the gateway fails.
 */
export async function startCheckout<R>(
  paymentDeps: PaymentDeps,
  input: TransactionInput,
  log: Log,
  write: (decide: (tx: Tx) => Promise<{ url: string }>) => Promise<R>,
): Promise<R> {
  const deps = requireGateway(paymentDeps);
  return oneAtATime(`${input.schoolId}:${input.eventId}`, async () => {
    // A payer who paid an earlier checkout but never came back is recorded first, so the amount
    // owed is right and a paid checkout is never offered again.
    await settleOpenCheckouts(deps, input.schoolId, input.eventId, log);
    let prepared: PreparedCheckout | null = null;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        return await write((tx) => decideCheckout(tx, deps, input, prepared));
      } catch (err) {
        if (!(err instanceof CheckoutNeeded)) throw err;
        prepared = await openGatewayCheckout(deps, err.request, log);
      }
    }
    log.warn({ ...input }, 'the amount owed kept changing while a checkout was opened');
    throw paymentUnavailable();
  });
}
