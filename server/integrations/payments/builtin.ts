// The built-in payment gateway (PAYMENT_GATEWAY=test, docs/payments.md): a test checkout
// page served by our own server (server/modules/gateway/routes.ts) that answers 'PAID (TEST mode)'
// or 'DECLINED'. No card is ever charged.
//
// It keeps its own books (builtin_gateway_sessions), apart from our payment_checkouts on purpose:
// the money module learns how a checkout ended only by asking verify(), exactly as it would ask a
// real gateway, so the same code path is exercised whichever gateway is configured.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtinGatewaySessions } from '../../db/schema';
import { GatewayUnavailable, type CheckoutOutcome, type PaymentGateway } from './index';

export const BUILTIN_GATEWAY_NAME = 'builtin';
/** The built-in gateway's words for the two endings of a checkout. */
const BUILTIN_RESULTS = { paid: 'PAID (TEST mode)', declined: 'DECLINED' } as const;

export type BuiltInSession = typeof builtinGatewaySessions.$inferSelect;

/** 'BG-' and 128 random bits: the id is the only key to a session's page, so it must be
 *  unguessable. base64url keeps it safe in a path. */
const newSessionId = () => `BG-${randomBytes(16).toString('base64url')}`;
const SESSION_ID = /^BG-[A-Za-z0-9_-]{22}$/;

export const checkoutPath = (id: string) => `/gateway/checkout/${id}`;

/** Where the payer's browser goes once the session has ended: the (absolute) return URL with
 *  ?result=, which the return route ignores, as it would a real gateway's. */
export function returnLocation(session: Pick<BuiltInSession, 'returnUrl' | 'result'>): string {
  const separator = session.returnUrl.includes('?') ? '&' : '?';
  return `${session.returnUrl}${separator}result=${encodeURIComponent(session.result ?? '')}`;
}

/** The session of a checkout page, or null for an id the gateway never issued. */
export async function readBuiltInSession(db: Db, id: string): Promise<BuiltInSession | null> {
  if (!SESSION_ID.test(id)) return null;
  const [row] = await db.select().from(builtinGatewaySessions).where(eq(builtinGatewaySessions.id, id));
  return row ?? null;
}

/**
 * The payer's choice on the checkout page. A session ends once: a second answer (a double
 * submit, the back button) changes nothing. Answers the session as it now stands.
 */
export async function completeBuiltInSession(
  db: Db,
  id: string,
  outcome: 'pay' | 'decline',
  now: Date,
): Promise<BuiltInSession | null> {
  if (!SESSION_ID.test(id)) return null;
  const status = outcome === 'pay' ? 'paid' : 'declined';
  await db
    .update(builtinGatewaySessions)
    .set({ status, result: BUILTIN_RESULTS[status], completedAt: now })
    .where(and(eq(builtinGatewaySessions.id, id), eq(builtinGatewaySessions.status, 'open')));
  return readBuiltInSession(db, id);
}

export function createBuiltInGateway(db: Db): PaymentGateway {
  return {
    name: BUILTIN_GATEWAY_NAME,
    testMode: true,

    async createCheckout({ amountCents, description, returnUrl }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        throw new Error(`createCheckout: bad amount ${amountCents}`);
      const id = newSessionId();
      try {
        await db.insert(builtinGatewaySessions).values({ id, amountCents, description, returnUrl });
      } catch (err) {
        throw new GatewayUnavailable('The built-in gateway could not open a checkout', { cause: err });
      }
      // Same origin and relative: the app sends the browser there with location.assign.
      return { ref: id, url: checkoutPath(id) };
    },

    async verify(ref): Promise<CheckoutOutcome> {
      let session: BuiltInSession | null;
      try {
        session = await readBuiltInSession(db, ref);
      } catch (err) {
        throw new GatewayUnavailable('The built-in gateway could not be asked', { cause: err });
      }
      if (!session) throw new Error(`verify: no checkout ${ref} at the built-in gateway`);
      const status = session.status === 'paid' || session.status === 'declined' ? session.status : 'open';
      return { status, gatewayResult: status === 'open' ? null : session.result, amountCents: session.amountCents };
    },
  };
}
