// A stand-in for Stripe (docs/payments.md 'Stripe'): a real node:http server on a free port of
// 127.0.0.1 speaking the part of Stripe's API we use, as its published OpenAPI describes it
// (github.com/stripe/openapi, openapi/spec3.json: paths['/v1/checkout/sessions'].post and
// ['/v1/checkout/sessions/{session}'].get, components.schemas['checkout.session'] and .error):
// - POST /v1/checkout/sessions: `Authorization: Bearer <secret key>`, a form-encoded body in
//   Stripe's bracket notation (line_items[0][price_data][currency]=aud), unknown parameters
//   refused as Stripe refuses them, an Idempotency-Key answered once (the same key with other
//   parameters: idempotency_error).
// - GET /v1/checkout/sessions/{session}, with ?expand[]=payment_intent.
// - Errors as Stripe's: { error: { type, code?, message, param? } }; 401 without a key it knows.
// - A hosted page per session (GET /c/pay/{session}, a form whose buttons pay or go back, sending
//   the browser 303 to success_url or cancel_url), and helpers that end a session as a payer or
//   Stripe would (paid, a bank debit processing then cleared or failed, expired).
// - sendWebhook posts an event to our server signed exactly as Stripe signs it:
//   `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the whsec_ secret>`.
// A test can make it answer 500 or 429 for the next calls, or never answer; it records every
// request it was sent.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeStubRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  query: [string, string][];
  authorization: string | undefined;
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  /** The form as sent: [name, value] pairs in order. */
  form: [string, string][];
};

type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
type StubSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  productName: string;
  livemode: boolean;
  created: number;
  expires_at: number;
  payment_intent: { id: string; status: IntentStatus } | null;
};

type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Record<string, unknown> };
};

/** How a session ends: paid by card; a bank debit submitted (processing), then cleared or failed;
 *  or expired unpaid. */
type StubSettlement = 'paid' | 'processing' | 'debit_succeeded' | 'debit_failed' | 'expired';

export type StripeStub = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: StripeStubRequest[];
  sessions: Map<string, StubSession>;
  /** Ends a session as Stripe would; answers the event Stripe would send for it. */
  settle(id: string, how: StubSettlement): StripeEvent;
  /** An event about a session as it stands now (or as `object` says: a forged copy). */
  event(type: string, id: string, object?: Record<string, unknown>): StripeEvent;
  /** The Stripe-Signature header Stripe would send with `body` (its secret, now, unless told). */
  sign(body: string, opts?: { secret?: string; timestamp?: number }): string;
  /** Posts the event to `url` signed as Stripe signs it; `secret`, `timestamp` (unix seconds) or a
   *  whole `signature` header (null: none) change what is sent. */
  sendWebhook(
    url: string,
    event: StripeEvent,
    opts?: { secret?: string; timestamp?: number; signature?: string | null; body?: string },
  ): Promise<{ status: number; body: string }>;
  /** The next n API calls answer this status (500, 429, ...) with Stripe's error body. */
  failNext(n: number, status?: number): void;
  /** The next n API calls are never answered. */
  hangNext(n: number): void;
  /** API calls only (not the hosted page). */
  apiRequests(): StripeStubRequest[];
  /** The environment that points the server at this stub. */
  env(over?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
};

const API_VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;
/** The create parameters we know (the rest of the spec's are refused here, as a typo would be). */
const CREATE_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'payment_intent_data',
  'expand',
  'expires_at',
  'customer_email',
  'locale',
]);
const LINE_ITEM_PARAMS = new Set(['price_data', 'quantity']);
const PRICE_DATA_PARAMS = new Set(['currency', 'unit_amount', 'product_data']);
const PRODUCT_DATA_PARAMS = new Set(['name', 'description']);
const PAYMENT_INTENT_DATA_PARAMS = new Set(['description', 'metadata']);

type Form = Record<string, unknown>;
type Answer = { status: number; body: unknown };

class ParamError extends Error {
  constructor(
    readonly code: string,
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  res
    .writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      ...headers,
    })
    .end(JSON.stringify(answer.body, null, 2));
}

const stripeError = (
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
): Answer => ({ status, body: { error: { type, message, ...extra } } });

/** Stripe's deepObject form: `a[b][0][c]=v` becomes { a: { b: { 0: { c: 'v' } } } }. */
function parseForm(pairs: [string, string][]): Form {
  const root: Form = {};
  for (const [key, value] of pairs) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) throw new ParamError('parameter_unknown', key, `Received unknown parameter: ${key}`);
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return root;
}

function only(form: unknown, allowed: Set<string>, prefix: string): Form {
  if (typeof form !== 'object' || form === null)
    throw new ParamError('parameter_invalid_string', prefix, `Invalid object: ${prefix}`);
  for (const key of Object.keys(form)) {
    if (!allowed.has(key))
      throw new ParamError(
        'parameter_unknown',
        prefix ? `${prefix}[${key}]` : key,
        `Received unknown parameter: ${prefix ? `${prefix}[${key}]` : key}`,
      );
  }
  return form as Form;
}

const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v);
const integer = (v: unknown, param: string, min: number) => {
  if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < min)
    throw new ParamError('parameter_invalid_integer', param, `Invalid integer: ${String(v)}`);
  return Number(v);
};

export async function startStripeStub(
  opts: { secretKey?: string; webhookSecret?: string; now?: () => Date } = {},
): Promise<StripeStub> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const now = opts.now ?? (() => new Date());
  const livemode = secretKey.includes('_live_');
  const sessions = new Map<string, StubSession>();
  const idempotent = new Map<string, { params: string; answer: Answer }>();
  let failing = 0;
  let failStatus = 500;
  let hanging = 0;
  let base = '';

  const unix = () => Math.floor(now().getTime() / 1000);
  const pageUrl = (id: string) => `${base}/c/pay/${id}`;

  /** The session as the API answers it (components.schemas['checkout.session']). */
  const view = (s: StubSession, expandIntent: boolean): Record<string, unknown> => ({
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: s.amount_total,
    amount_total: s.amount_total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: s.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: s.status === 'complete' ? { email: 'payer@school.example', name: null } : null,
    customer_email: null,
    expires_at: s.expires_at,
    invoice: null,
    invoice_creation: null,
    livemode: s.livemode,
    locale: null,
    metadata: s.metadata,
    mode: 'payment',
    payment_intent: s.payment_intent
      ? expandIntent
        ? {
            id: s.payment_intent.id,
            object: 'payment_intent',
            amount: s.amount_total,
            currency: s.currency,
            livemode: s.livemode,
            status: s.payment_intent.status,
          }
        : s.payment_intent.id
      : null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_types: ['card', 'au_becs_debit'],
    payment_status: s.payment_status,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: null,
    success_url: s.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: s.status === 'open' ? pageUrl(s.id) : null,
  });

  const create = (pairs: [string, string][]): Answer => {
    let form: Form;
    try {
      form = only(parseForm(pairs), CREATE_PARAMS, '');
      if (form.mode === undefined) throw new ParamError('parameter_missing', 'mode', 'Missing required param: mode.');
      if (form.mode !== 'payment')
        throw new ParamError('parameter_invalid_string', 'mode', 'This stub opens payment sessions only.');
      if (!isUrl(form.success_url)) throw new ParamError('url_invalid', 'success_url', 'Not a valid URL');
      if (form.cancel_url !== undefined && !isUrl(form.cancel_url))
        throw new ParamError('url_invalid', 'cancel_url', 'Not a valid URL');
      if (typeof form.client_reference_id === 'string' && form.client_reference_id.length > 200) {
        throw new ParamError(
          'parameter_invalid_string_too_long',
          'client_reference_id',
          'Invalid string: must be at most 200 characters',
        );
      }
      const items = form.line_items as Form | undefined;
      if (!items || Object.keys(items).length === 0)
        throw new ParamError('parameter_missing', 'line_items', 'You must specify `line_items` in `payment` mode.');
      let amount = 0;
      let currency = '';
      let productName = '';
      for (const [i, raw] of Object.entries(items)) {
        const item = only(raw, LINE_ITEM_PARAMS, `line_items[${i}]`);
        const price = only(item.price_data, PRICE_DATA_PARAMS, `line_items[${i}][price_data]`);
        const product = only(price.product_data, PRODUCT_DATA_PARAMS, `line_items[${i}][price_data][product_data]`);
        if (typeof price.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency))
          throw new ParamError(
            'parameter_invalid_string',
            `line_items[${i}][price_data][currency]`,
            'Invalid currency',
          );
        if (currency && price.currency !== currency)
          throw new ParamError(
            'parameter_invalid_string',
            `line_items[${i}][price_data][currency]`,
            'All line items must use the same currency',
          );
        if (typeof product.name !== 'string' || !product.name)
          throw new ParamError(
            'parameter_missing',
            `line_items[${i}][price_data][product_data][name]`,
            'Missing required param: name.',
          );
        amount +=
          integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`, 0) *
          integer(item.quantity, `line_items[${i}][quantity]`, 1);
        currency = price.currency;
        productName ||= product.name;
      }
      const metadata = (form.metadata ?? {}) as Record<string, string>;
      for (const [k, v] of Object.entries(metadata)) {
        if (k.length > 40 || String(v).length > 500)
          throw new ParamError(
            'parameter_invalid_string_too_long',
            `metadata[${k}]`,
            'Metadata keys are at most 40 characters, values 500',
          );
      }
      if (form.payment_intent_data !== undefined)
        only(form.payment_intent_data, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data');
      const id = `cs_${livemode ? 'live' : 'test'}_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'a')}`;
      const session: StubSession = {
        id,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency,
        client_reference_id: (form.client_reference_id as string) ?? null,
        metadata,
        success_url: form.success_url as string,
        cancel_url: (form.cancel_url as string) ?? null,
        productName,
        livemode,
        created: unix(),
        expires_at: unix() + 86_400,
        payment_intent: null,
      };
      sessions.set(id, session);
      return { status: 200, body: view(session, false) };
    } catch (err) {
      if (err instanceof ParamError)
        return stripeError(400, 'invalid_request_error', err.message, { code: err.code, param: err.param });
      throw err;
    }
  };

  const api = (req: IncomingMessage, path: string, query: URLSearchParams, pairs: [string, string][]): Answer => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) {
      return stripeError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (bearer !== secretKey)
      return stripeError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${bearer.slice(0, 8)}****${bearer.slice(-4)}`,
      );
    const version = req.headers['stripe-version'];
    if (typeof version === 'string' && !API_VERSION.test(version)) {
      return stripeError(400, 'invalid_request_error', `Invalid Stripe API version: ${version}`, {
        code: 'api_version_invalid',
      });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') return create(pairs);
      const params = new URLSearchParams(pairs).toString();
      const seen = idempotent.get(key);
      if (seen && seen.params !== params) {
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (seen) return seen.answer;
      const answer = create(pairs);
      if (answer.status < 500) idempotent.set(key, { params, answer });
      return answer;
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const id = decodeURIComponent(one[1]!);
      const session = sessions.get(id);
      if (!session)
        return stripeError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, {
          code: 'resource_missing',
          param: 'session',
        });
      return { status: 200, body: view(session, query.getAll('expand[]').includes('payment_intent')) };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
  };

  const hosted = (req: IncomingMessage, id: string, pairs: [string, string][], res: ServerResponse) => {
    const session = sessions.get(id);
    if (!session) return res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Something went wrong</h1>');
    if (req.method === 'POST') {
      const outcome = new Map(pairs).get('outcome');
      if (session.status === 'open' && outcome === 'pay') stub.settle(id, 'paid');
      const back = outcome === 'pay' ? session.success_url : (session.cancel_url ?? session.success_url);
      return res.writeHead(303, { location: back.replace('{CHECKOUT_SESSION_ID}', id) }).end();
    }
    const amount = `A$${(session.amount_total / 100).toFixed(2)}`;
    return res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        [
          '<!doctype html><html lang="en"><title>Stripe Checkout (stub)</title>',
          `<h1>${session.productName.replace(/[<&]/g, '')}</h1><p>${amount}</p>`,
          session.status === 'open'
            ? `<form method="post"><button name="outcome" value="pay">Pay ${amount}</button><button name="outcome" value="back">Back</button></form>`
            : '<p>This Checkout Session is no longer active.</p>',
          '</html>',
        ].join(''),
      );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const text = await readBody(req);
      const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const pairs = isForm ? [...new URLSearchParams(text)] : [];
      const header = (name: string) =>
        typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined;
      stub.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: [...url.searchParams],
        authorization: header('authorization'),
        stripeVersion: header('stripe-version'),
        idempotencyKey: header('idempotency-key'),
        contentType: header('content-type'),
        form: pairs,
      });
      const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) return hosted(req, decodeURIComponent(page[1]!), pairs, res);
      if (hanging > 0) {
        hanging -= 1;
        return; // never answered; closed with the server
      }
      if (failing > 0) {
        failing -= 1;
        return json(
          res,
          failStatus === 429
            ? stripeError(429, 'invalid_request_error', 'Too many requests hit the API too quickly.', {
                code: 'rate_limit',
              })
            : stripeError(failStatus, 'api_error', 'An unknown error occurred'),
        );
      }
      json(res, api(req, url.pathname, url.searchParams, pairs));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const newIntent = (status: IntentStatus) => ({ id: `pi_${randomBytes(12).toString('hex')}`, status });

  const stub: StripeStub = {
    url: base,
    secretKey,
    webhookSecret,
    requests: [],
    sessions,
    settle(id, how) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      switch (how) {
        case 'paid':
          Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: newIntent('succeeded') });
          return stub.event('checkout.session.completed', id);
        case 'processing':
          Object.assign(s, { status: 'complete', payment_status: 'unpaid', payment_intent: newIntent('processing') });
          return stub.event('checkout.session.completed', id);
        case 'debit_succeeded':
          Object.assign(s, { payment_status: 'paid', payment_intent: { ...s.payment_intent!, status: 'succeeded' } });
          return stub.event('checkout.session.async_payment_succeeded', id);
        case 'debit_failed':
          Object.assign(s, { payment_intent: { ...s.payment_intent!, status: 'requires_payment_method' } });
          return stub.event('checkout.session.async_payment_failed', id);
        case 'expired':
          Object.assign(s, { status: 'expired' });
          return stub.event('checkout.session.expired', id);
      }
    },
    event(type, id, object) {
      const s = sessions.get(id);
      return {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2026-07-29.dahlia',
        created: unix(),
        livemode,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: object ?? (s ? view(s, false) : { id, object: 'checkout.session' }) },
      };
    },
    sign(body, o = {}) {
      const t = o.timestamp ?? unix();
      const hmac = (secret: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      // Test mode adds a v0 signature (a legacy scheme) that receivers ignore.
      return `t=${t},v1=${hmac(o.secret ?? webhookSecret)}${livemode ? '' : `,v0=${hmac('legacy')}`}`;
    },
    async sendWebhook(url, event, o = {}) {
      // Stripe sends the event pretty-printed; the signature covers these exact bytes.
      const body = o.body ?? JSON.stringify(event, null, 2);
      const signature = o.signature !== undefined ? o.signature : stub.sign(body, o);
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      };
      if (signature !== null) headers['stripe-signature'] = signature;
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    },
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    hangNext(n) {
      hanging = n;
    },
    apiRequests: () => stub.requests.filter((r) => r.path.startsWith('/v1/')),
    env: (over = {}) => ({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: base,
      PUBLIC_URL: 'https://interschools.example.org',
      ...over,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stub;
}
