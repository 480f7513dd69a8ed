// The payment gateway: a hosted checkout where the school pays by card, and the gateway's word on
// how it ended. Our server records a payment only from the gateway's own answer (verify), never
// from the browser's return URL. The built-in gateway is a test checkout page of our own server
// that answers 'PAID (TEST mode)' or a decline, on only when PAYMENT_GATEWAY=test (select.ts); a
// real gateway plugs in behind this interface, chosen by configuration. With none, online payment
// is not offered.

export type CheckoutRequest = {
  amountCents: number;
  /** Shown on the checkout page and kept by the gateway (school, event, invoice number). */
  description: string;
  /** Where the gateway sends the browser back when the payer is done, with ?result=... */
  returnUrl: string;
};

export type CheckoutOutcome = {
  /** open: not finished; paid; declined. */
  status: 'open' | 'paid' | 'declined';
  /** The gateway's word: 'PAID', 'PAID (TEST mode)', 'DECLINED', ... (null while open). */
  result: string | null;
  amountCents: number;
};

export interface PaymentGateway {
  /** The name stored with each checkout ('builtin', or the real gateway's). */
  readonly name: string;
  /** A test gateway takes no money: its payments are recorded as TEST payments, shown as such and
   *  never copied to a real accounting system. */
  readonly testMode: boolean;
  /** Opens a hosted checkout; answers the gateway's id for it and the URL to send the browser to. */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /** Asks the gateway how a checkout ended. */
  verify(ref: string): Promise<CheckoutOutcome>;
}

export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}
