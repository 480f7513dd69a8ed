// The payment gateway: a hosted checkout where the school pays by card, and the gateway's word on
// how it ended. Our server records a payment only from the gateway's own answer (verify, server to
// server), never from the browser's return URL. The gateway's answer is normalised here to one
// status (src/domain/rules/payment-result.ts) and everything after it decides from that status; the
// gateway's own words ride along for people to read. Chosen by configuration (select.ts): the
// built-in test checkout (builtin.ts), Stripe Checkout (stripe.ts), or none, in which case online
// payment is not offered.
import type { CheckoutStatus } from '../../../src/domain/rules/payment-result';

type CheckoutRequest = {
  /** Our checkout id: the gateway keeps it (Stripe's client_reference_id) and a repeated create
   *  with it is the same create (Stripe's Idempotency-Key). */
  reference: string;
  amountCents: number;
  /** Shown on the checkout page and kept by the gateway (school, event, invoice). */
  description: string;
  /** Absolute: where the gateway sends the browser back, paid or not (our return route, which
   *  asks the gateway itself). */
  returnUrl: string;
  /** Kept by the gateway with the checkout, for people looking at its dashboard. */
  metadata?: Record<string, string>;
};

export type CheckoutOutcome = {
  status: CheckoutStatus;
  /** The gateway's own words for the state ('PAID (TEST mode)', 'complete / paid', ...): kept for
   *  display (payment_checkouts.result), never used to decide anything. Null when it has none. */
  gatewayResult: string | null;
  /** What the gateway says was (or is to be) paid, in cents: the amount recorded. */
  amountCents: number;
};

export interface PaymentGateway {
  /** The name stored with each checkout ('builtin', 'stripe'). */
  readonly name: string;
  /** A test gateway takes no money: its payments are recorded as TEST payments, shown as such and
   *  never copied to a real accounting system. */
  readonly testMode: boolean;
  /** Opens a hosted checkout; answers the gateway's id for it and the URL to send the browser to. */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /** Asks the gateway how a checkout stands. */
  verify(ref: string): Promise<CheckoutOutcome>;
}

/** The gateway could not be reached, or cannot answer now (5xx, 429, a timeout): try again later. */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

/** The gateway refused what we asked (a bad key, a bad request, an unknown checkout): retrying
 *  the same cannot help; someone has to look at the configuration or the log. */
export class GatewayRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayRefused';
  }
}
