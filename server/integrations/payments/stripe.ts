// Stripe Checkout as the payment gateway (PAYMENT_GATEWAY=stripe, docs/payments.md 'Stripe'),
// spoken with plain fetch: form-encoded bodies, `Authorization: Bearer <secret key>`, a pinned
// `Stripe-Version`. It keeps nothing itself: Stripe holds the Checkout Session, we hold its id
// (payment_checkouts.gateway_ref) and ask Stripe how it stands whenever we need to know.
//
//   createCheckout  POST /v1/checkout/sessions (mode=payment, one AUD line, success_url and
//                   cancel_url both our absolute return URL, client_reference_id = our checkout id;
//                   Idempotency-Key: a create retried after a lost answer opens one session)
//   verify          GET /v1/checkout/sessions/{id}?expand[]=payment_intent, mapped to our status:
//                     open                                  -> open (the payer may still pay)
//                     complete + paid                       -> paid (amount_total is recorded)
//                     complete + unpaid, intent processing  -> pending (a bank debit clearing)
//                     complete + unpaid, intent failed      -> declined (async_payment_failed)
//                     complete + no_payment_required        -> declined (we never sell for $0:
//                                                              no money was taken)
//                     expired                               -> cancelled
//   webhooks        readStripeWebhook checks `Stripe-Signature: t=...,v1=...` (HMAC-SHA256 of
//                   `${t}.${rawBody}` with the endpoint's secret, constant-time, 300 s tolerance)
//                   and names the session; the route then asks verify, never the event's copy.
//
// Failures: no answer, a timeout, 409 (a concurrent request with the same Idempotency-Key), 429 or
// 5xx -> GatewayUnavailable (retried later: the start answers 503, the sweep asks again); 400, 401,
// 403, 404 -> GatewayRefused with Stripe's error type, code and message (a key or request to fix:
// callers log it as an error).
//
// Fields and parameters as Stripe's published OpenAPI has them (github.com/stripe/openapi,
// openapi/spec3.json at commit af5309cae53e5f666f9686dfed306d6d3b5fdc67, 2026-07-29):
// components.schemas['checkout.session'] (id, object, status open|complete|expired nullable,
// payment_status paid|unpaid|no_payment_required, amount_total, currency, livemode, url,
// client_reference_id, payment_intent expandable), paths['/v1/checkout/sessions'].post
// (operationId PostCheckoutSessions: application/x-www-form-urlencoded, deepObject line_items,
// metadata, payment_intent_data), components.schemas.error ({ error: api_errors }, api_errors.type
// api_error|card_error|idempotency_error|invalid_request_error, code, message, param). The pinned
// version is the one that spec release was published for ('Update OpenAPI for 2026-07-29.dahlia').
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../../src/domain/constants/limits';
import type { CheckoutStatus } from '../../../src/domain/rules/payment-result';
import type { StripeConfig } from '../../config';
import { GatewayRefused, GatewayUnavailable, type CheckoutOutcome, type PaymentGateway } from './index';

export const STRIPE_GATEWAY_NAME = 'stripe';
const STRIPE_API_VERSION = '2026-07-29.dahlia';
/** Every request (headers and body) must be done within this. */
const STRIPE_TIMEOUT_MS = 10_000;
/** A signed webhook older (or newer) than this is refused: a captured one cannot be replayed later. */
const STRIPE_SIGNATURE_TOLERANCE_S = 300;
/** The events that can change how one of our checkouts stands: the ones to subscribe to. */
const STRIPE_CHECKOUT_EVENTS: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];
const CURRENCY = 'aud';
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Stripe's limits on metadata: 40-character keys, 500-character values. */
const MAX_METADATA_KEY = 40;
const MAX_METADATA_VALUE = 500;
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export type StripeOptions = { fetch?: typeof fetch; timeoutMs?: number };

// ---- Answers, as much of them as we read ---------------------------------------------------

const sessionAnswer = z
  .object({
    id: z.string().regex(SESSION_ID),
    object: z.literal('checkout.session'),
    // Strings, not enums: a value Stripe adds later must not make a paid session unreadable.
    status: z.string().nullable(),
    payment_status: z.string(),
    amount_total: z.number().int().nonnegative().nullable(),
    currency: z.string().nullable(),
    livemode: z.boolean(),
    url: z.string().nullish(),
    payment_intent: z.union([z.string(), z.object({ id: z.string(), status: z.string() }).loose()]).nullish(),
  })
  .loose();
type StripeSession = z.infer<typeof sessionAnswer>;

const createdAnswer = sessionAnswer.extend({ url: z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH) });

const errorAnswer = z
  .object({
    error: z
      .object({
        type: z.string(),
        code: z.string().optional(),
        message: z.string().optional(),
        param: z.string().optional(),
      })
      .loose(),
  })
  .loose();

const eventAnswer = z
  .object({
    id: z.string(),
    type: z.string(),
    data: z.object({ object: z.object({ id: z.string().optional(), object: z.string().optional() }).loose() }).loose(),
  })
  .loose();

// ---- Mapping ---------------------------------------------------------------------------------

/** How the session stands, in our words, with Stripe's kept beside them ('complete / paid'). */
function stripeOutcome(session: StripeSession): CheckoutOutcome {
  const words = [session.status ?? 'open', session.payment_status];
  const intent = typeof session.payment_intent === 'object' ? (session.payment_intent?.status ?? null) : null;
  let status: CheckoutStatus = 'open';
  if (session.status === 'expired') status = 'cancelled';
  else if (session.status === 'complete') {
    if (session.payment_status === 'paid') status = 'paid';
    else if (session.payment_status === 'no_payment_required') status = 'declined';
    else if (intent === 'requires_payment_method' || intent === 'canceled') status = 'declined';
    else status = 'pending';
    if (status !== 'paid' && intent) words.push(intent);
  }
  if (status === 'paid' && (session.amount_total === null || session.currency !== CURRENCY)) {
    throw new GatewayRefused(
      `Stripe session ${session.id} is paid in ${session.currency ?? 'no currency'} (${session.amount_total ?? 'no amount'}), not ${CURRENCY}`,
      200,
    );
  }
  return { status, gatewayResult: words.join(' / '), amountCents: session.amount_total ?? 0 };
}

// ---- Webhooks ----------------------------------------------------------------------------------

/** A webhook we must not act on: no signature, a wrong one, or too old. Answered 400. */
export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

export type StripeNotification = {
  eventId: string;
  type: string;
  /** The Checkout Session it is about (our events only). */ sessionId: string | null;
};

/**
 * Checks a webhook as Stripe signs it and says what it is about. The signature covers the exact
 * bytes sent, so `rawBody` must be the body as received, before any parsing.
 */
export function readStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  now: Date,
): StripeNotification {
  if (!signature) throw new WebhookRefused('no Stripe-Signature header');
  let timestamp: string | undefined;
  const v1: string[] = [];
  for (const part of signature.split(',')) {
    const at = part.indexOf('=');
    const [key, value] = [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    if (key === 't') timestamp = value;
    else if (key === 'v1') v1.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || v1.length === 0)
    throw new WebhookRefused('the Stripe-Signature header has no timestamp or no v1 signature');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > STRIPE_SIGNATURE_TOLERANCE_S)
    throw new WebhookRefused('the webhook timestamp is outside the tolerance');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  // More than one v1 while the endpoint's secret is being rolled: any one of them may match.
  const matches = v1.some((hex) => {
    if (!/^[0-9a-f]{64}$/.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
  if (!matches) throw new WebhookRefused('no signature matches');

  let event: z.infer<typeof eventAnswer>;
  try {
    event = eventAnswer.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new WebhookRefused('the signed body is not a Stripe event');
  }
  const session = event.data.object;
  const ours =
    STRIPE_CHECKOUT_EVENTS.includes(event.type) &&
    session.object === 'checkout.session' &&
    SESSION_ID.test(session.id ?? '');
  return { eventId: event.id, type: event.type, sessionId: ours ? session.id! : null };
}

// ---- The adapter ---------------------------------------------------------------------------

const timedOut = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

async function readText(response: Response, what: string): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES)
    throw new GatewayUnavailable(`${what}: the answer is too large`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > MAX_ANSWER_BYTES) throw new GatewayUnavailable(`${what}: the answer is too large`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof GatewayUnavailable) throw err;
    throw new GatewayUnavailable(`${what}: ${timedOut(err) ? 'timed out' : 'the answer broke off'}`, { cause: err });
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Stripe's error body in a line: `401 invalid_request_error: Invalid API Key provided: sk_test_****`. */
function describeError(status: number, body: unknown): string {
  const parsed = errorAnswer.safeParse(body);
  if (!parsed.success) return `HTTP ${status}`;
  const { type, code, message, param } = parsed.data.error;
  return `${status} ${type}${code ? `/${code}` : ''}${param ? ` (${param})` : ''}: ${(message ?? '').slice(0, 300)}`;
}

/** Form fields in Stripe's bracket notation (line_items[0][price_data][currency]=aud). */
type Form = [string, string][];

function checkoutForm(request: {
  reference: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  metadata?: Record<string, string>;
}): Form {
  const metadata = { checkout_id: request.reference, ...request.metadata };
  return [
    ['mode', 'payment'],
    ['line_items[0][price_data][currency]', CURRENCY],
    ['line_items[0][price_data][unit_amount]', String(request.amountCents)],
    ['line_items[0][price_data][product_data][name]', request.description],
    ['line_items[0][quantity]', '1'],
    // One address for both: our return asks Stripe how the session stands, whichever way back.
    ['success_url', request.returnUrl],
    ['cancel_url', request.returnUrl],
    ['client_reference_id', request.reference],
    ['payment_intent_data[description]', request.description],
    ...Object.entries(metadata).map(([k, v]): [string, string] => [
      `metadata[${k.slice(0, MAX_METADATA_KEY)}]`,
      v.slice(0, MAX_METADATA_VALUE),
    ]),
  ];
}

/** What every call to Stripe is sent with. */
type StripeClient = { config: StripeConfig; send: typeof fetch; timeoutMs: number };

/** One call of Stripe's API: a form POST or a GET, its answer checked against `schema`. */
async function callStripe<S extends z.ZodType>(
  client: StripeClient,
  what: string,
  path: string,
  schema: S,
  init: { form?: Form; idempotencyKey?: string } = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${client.config.secretKey}`,
    'stripe-version': STRIPE_API_VERSION,
    accept: 'application/json',
  };
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  let response: Response;
  try {
    // No redirects: the key goes to the configured API only.
    response = await client.send(`${client.config.apiUrl}${path}`, {
      method: init.form ? 'POST' : 'GET',
      headers,
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      signal: AbortSignal.timeout(client.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    throw new GatewayUnavailable(`${what}: Stripe ${timedOut(err) ? 'timed out' : 'could not be reached'}`, {
      cause: err,
    });
  }
  const text = await readText(response, what);
  const body = parseJson(text);
  if (response.status === 409 || response.status === 429 || response.status >= 500) {
    throw new GatewayUnavailable(`${what}: Stripe answered ${describeError(response.status, body)}`);
  }
  if (!response.ok)
    throw new GatewayRefused(`${what}: Stripe refused it (${describeError(response.status, body)})`, response.status);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new GatewayUnavailable(
      `${what}: unreadable answer from Stripe (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  return parsed.data;
}

/** A session of the other mode (a live one for a test key) is not ours to record. */
function sameMode(config: StripeConfig, session: StripeSession): StripeSession {
  if (session.livemode === config.testMode) {
    throw new GatewayRefused(
      `Stripe session ${session.id} is ${session.livemode ? 'live' : 'test'}, the key is not`,
      200,
    );
  }
  return session;
}

export function createStripeGateway(config: StripeConfig, opts: StripeOptions = {}): PaymentGateway {
  const client: StripeClient = { config, send: opts.fetch ?? fetch, timeoutMs: opts.timeoutMs ?? STRIPE_TIMEOUT_MS };

  return {
    name: STRIPE_GATEWAY_NAME,
    testMode: config.testMode,

    async createCheckout(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
        throw new Error(`createCheckout: bad amount ${request.amountCents}`);
      if (!/^https?:\/\//.test(request.returnUrl))
        throw new Error(`createCheckout: the return URL must be absolute (${request.returnUrl})`);
      const session = sameMode(
        config,
        await callStripe(client, 'Stripe create checkout', '/v1/checkout/sessions', createdAnswer, {
          form: checkoutForm(request),
          idempotencyKey: `checkout-${request.reference}`,
        }),
      );
      return { ref: session.id, url: session.url! };
    },

    async verify(ref) {
      if (!SESSION_ID.test(ref)) throw new GatewayRefused(`verify: ${ref} is not a Stripe Checkout Session id`, 400);
      const query = new URLSearchParams([['expand[]', 'payment_intent']]).toString();
      const session = await callStripe(
        client,
        'Stripe verify checkout',
        `/v1/checkout/sessions/${encodeURIComponent(ref)}?${query}`,
        sessionAnswer,
      );
      if (session.id !== ref) throw new GatewayRefused(`verify: Stripe answered session ${session.id} for ${ref}`, 200);
      return stripeOutcome(sameMode(config, session));
    },
  };
}
