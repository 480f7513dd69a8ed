// Environment -> typed, validated configuration. Every setting has a safe local default so
// `npm start` needs nothing; a bad value stops the server at start with the variable named.
import path from 'node:path';
import { z } from 'zod';
import type { AccountingRegion } from '../src/domain/constants/choices';
import type { Supplier } from '../src/domain/schemas';
import { loadSuppliers } from './supplier-config';

/** An empty variable counts as unset (as shells and .env files often leave them). */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const bool = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

/** Xero client credentials, tenant ids and account codes: what Xero issues, nothing that could
 *  break a header. */
const XERO_CREDENTIAL = /^[\x21-\x7e]{1,200}$/;
/** A client id travels before the ':' of HTTP Basic credentials. */
const XERO_CLIENT_ID = /^[\x21-\x39\x3b-\x7e]{1,200}$/;
const XERO_TENANT = /^[A-Za-z0-9-]{1,64}$/;
const XERO_ACCOUNT_CODE = /^[A-Za-z0-9.-]{1,10}$/;

/** The payment gateways online payment can use: the built-in test checkout, Stripe Checkout, or
 *  none (pay by BPAY). */
const PAYMENT_GATEWAYS = ['test', 'stripe', 'none'] as const;
/** Stripe's secret keys (sk_) and restricted keys (rk_), live or test: nothing that could break a header. */
const STRIPE_SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]{16,255}$/;
/** A webhook endpoint's signing secret, as the Dashboard shows it. */
const STRIPE_WEBHOOK_SECRET = /^whsec_[\x21-\x7e]{16,255}$/;
type PaymentGatewayChoice = (typeof PAYMENT_GATEWAYS)[number];

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DEMO_SEED: bool.optional(),
    ALLOWED_HOSTS: z.string().default('localhost,127.0.0.1,[::1]'),
    PUBLIC_URL: unsetIfEmpty(z.url().optional()),
    SMTP_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: unsetIfEmpty(z.string().optional()),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
    COOKIE_SECURE: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STATIC_DIR: z.string().default('dist'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    MAX_CONCURRENT_REQUESTS: unsetIfEmpty(z.coerce.number().int().min(1).max(10_000).optional()),
    MAX_QUEUE_MS: z.coerce.number().int().min(1).max(120_000).default(1000),
    LIVE_STREAM_MS: z.coerce.number().int().min(50).max(3_600_000).default(600_000),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(1000),
    REGISTRY_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).optional()),
    REGISTRY_API_KEY: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters').optional()),
    REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
    XERO_CLIENT_ID: unsetIfEmpty(
      z.string().regex(XERO_CLIENT_ID, 'must be 1 to 200 printable characters, no colon').optional(),
    ),
    XERO_CLIENT_SECRET: unsetIfEmpty(
      z.string().regex(XERO_CREDENTIAL, 'must be 1 to 200 printable characters').optional(),
    ),
    XERO_CLIENT_ID_SOUTHERN: unsetIfEmpty(
      z.string().regex(XERO_CLIENT_ID, 'must be 1 to 200 printable characters, no colon').optional(),
    ),
    XERO_CLIENT_SECRET_SOUTHERN: unsetIfEmpty(
      z.string().regex(XERO_CREDENTIAL, 'must be 1 to 200 printable characters').optional(),
    ),
    XERO_TENANT_NORTHERN: unsetIfEmpty(z.string().regex(XERO_TENANT, 'must be a Xero tenant id').optional()),
    XERO_TENANT_SOUTHERN: unsetIfEmpty(z.string().regex(XERO_TENANT, 'must be a Xero tenant id').optional()),
    XERO_SALES_ACCOUNT: unsetIfEmpty(z.string().regex(XERO_ACCOUNT_CODE, 'must be a Xero account code').default('200')),
    XERO_PAYMENT_ACCOUNT: unsetIfEmpty(z.string().regex(XERO_ACCOUNT_CODE, 'must be a Xero account code').optional()),
    XERO_IDENTITY_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).default('https://identity.xero.com/connect/token')),
    XERO_API_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).default('https://api.xero.com/api.xro/2.0')),
    PAYMENT_GATEWAY: unsetIfEmpty(z.enum(PAYMENT_GATEWAYS, { error: 'must be test, stripe or none' }).optional()),
    STRIPE_SECRET_KEY: unsetIfEmpty(
      z
        .string()
        .regex(
          STRIPE_SECRET_KEY,
          'must be a Stripe secret key (sk_live_..., sk_test_..., or a restricted rk_live_.../rk_test_...)',
        )
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: unsetIfEmpty(
      z.string().regex(STRIPE_WEBHOOK_SECRET, 'must be a webhook signing secret (whsec_...)').optional(),
    ),
    STRIPE_API_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).default('https://api.stripe.com')),
    TRUST_PROXY: unsetIfEmpty(
      z
        .string()
        .regex(
          /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
          'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
        )
        .optional(),
    ),
  })
  .superRefine((e, ctx) => {
    // The key travels in every request: never without one, never in clear over the network.
    if (e.REGISTRY_URL && !e.REGISTRY_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['REGISTRY_API_KEY'], message: 'must be set when REGISTRY_URL is' });
    }
    if (e.REGISTRY_URL?.startsWith('http:') && !isLoopback(new URL(e.REGISTRY_URL).hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['REGISTRY_URL'],
        message: 'must be an https:// URL (http:// only to this machine)',
      });
    }
    xeroIssues(e).forEach(([variable, message]) => ctx.addIssue({ code: 'custom', path: [variable], message }));
    stripeIssues(e).forEach(([variable, message]) => ctx.addIssue({ code: 'custom', path: [variable], message }));
  });

/** Stripe (docs/payments.md 'Stripe'): the keys only with PAYMENT_GATEWAY=stripe, and all of them
 *  then; the payer comes back to PUBLIC_URL, which a live key needs on https. */
function stripeIssues(e: {
  PAYMENT_GATEWAY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL: string;
  PUBLIC_URL?: string;
}): [string, string][] {
  const issues: [string, string][] = [];
  if (e.PAYMENT_GATEWAY !== 'stripe') {
    for (const v of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (e[v] !== undefined) issues.push([v, 'is used only with PAYMENT_GATEWAY=stripe']);
    }
    return issues;
  }
  for (const v of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (e[v] === undefined) issues.push([v, 'must be set when PAYMENT_GATEWAY is stripe']);
  }
  if (e.PUBLIC_URL === undefined) {
    issues.push(['PUBLIC_URL', 'must be set when PAYMENT_GATEWAY is stripe (Stripe sends the payer back to it)']);
  } else if (e.STRIPE_SECRET_KEY && !isStripeTestKey(e.STRIPE_SECRET_KEY) && !e.PUBLIC_URL.startsWith('https:')) {
    issues.push(['PUBLIC_URL', 'must be an https:// URL with a live Stripe key']);
  }
  if (e.STRIPE_API_URL.startsWith('http:') && !isLoopback(new URL(e.STRIPE_API_URL).hostname)) {
    issues.push(['STRIPE_API_URL', 'must be an https:// URL (http:// only to this machine)']);
  }
  return issues;
}

/** A test-mode key moves no money: its payments are TEST payments. */
const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/** Xero (docs/accounting.md 'Configuration'): all or nothing once XERO_CLIENT_ID is set; the
 *  secret never goes in clear over the network. */
function xeroIssues(e: {
  XERO_CLIENT_ID?: string;
  XERO_CLIENT_SECRET?: string;
  XERO_CLIENT_ID_SOUTHERN?: string;
  XERO_CLIENT_SECRET_SOUTHERN?: string;
  XERO_TENANT_NORTHERN?: string;
  XERO_TENANT_SOUTHERN?: string;
  XERO_PAYMENT_ACCOUNT?: string;
  XERO_IDENTITY_URL: string;
  XERO_API_URL: string;
}): [string, string][] {
  const issues: [string, string][] = [];
  const set = (v: string | undefined) => v !== undefined;
  if (!set(e.XERO_CLIENT_ID)) {
    for (const v of ['XERO_CLIENT_SECRET', 'XERO_CLIENT_ID_SOUTHERN', 'XERO_CLIENT_SECRET_SOUTHERN'] as const) {
      if (set(e[v])) issues.push([v, 'is used only with XERO_CLIENT_ID']);
    }
    return issues;
  }
  for (const v of [
    'XERO_CLIENT_SECRET',
    'XERO_TENANT_NORTHERN',
    'XERO_TENANT_SOUTHERN',
    'XERO_PAYMENT_ACCOUNT',
  ] as const) {
    if (!set(e[v])) issues.push([v, 'must be set when XERO_CLIENT_ID is']);
  }
  if (set(e.XERO_CLIENT_ID_SOUTHERN) !== set(e.XERO_CLIENT_SECRET_SOUTHERN)) {
    issues.push([
      set(e.XERO_CLIENT_ID_SOUTHERN) ? 'XERO_CLIENT_SECRET_SOUTHERN' : 'XERO_CLIENT_ID_SOUTHERN',
      'XERO_CLIENT_ID_SOUTHERN and XERO_CLIENT_SECRET_SOUTHERN go together',
    ]);
  }
  for (const v of ['XERO_IDENTITY_URL', 'XERO_API_URL'] as const) {
    if (e[v].startsWith('http:') && !isLoopback(new URL(e[v]).hostname))
      issues.push([v, 'must be an https:// URL (http:// only to this machine)']);
  }
  return issues;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** One Xero custom connection: its client credentials and the organisation (tenant) it reaches. */
export type XeroConnection = { clientId: string; clientSecret: string; tenantId: string };

/** Xero's Accounting API (server/integrations/accounting/xero.ts); null: the built-in ledger. */
export type XeroConfig = {
  /** The token endpoint (client credentials grant). */
  identityUrl: string;
  /** The Accounting API's base, e.g. https://api.xero.com/api.xro/2.0 */
  apiUrl: string;
  connections: Record<'Northern' | 'Southern', XeroConnection>;
  /** Revenue account of the invoice lines, and the bank account payments are received into. */
  salesAccount: string;
  paymentAccount: string;
};

/** Stripe's API (server/integrations/payments/stripe.ts), when PAYMENT_GATEWAY=stripe. */
export type StripeConfig = {
  secretKey: string;
  /** Signs the webhook notifications Stripe sends us. */
  webhookSecret: string;
  /** Base of the API, https://api.stripe.com (a stub in tests). */
  apiUrl: string;
  /** A test-mode key: its payments are TEST payments. */
  testMode: boolean;
};

/** The athlete registry's HTTP API (server/integrations/registry/http.ts); null: the built-in one. */
export type RegistryConfig = { url: string; apiKey: string; timeoutMs: number };

/**
 * Fastify's trustProxy: false unless a proxy in front is declared. A number trusts that many hops
 * (1 = one reverse proxy), a list trusts those addresses or CIDR ranges, true trusts any.
 */
function trustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((a) => a.trim());
}

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo data on first start: always on the embedded database, on PostgreSQL only when asked. */
  demoSeed: boolean;
  allowedHosts: string[];
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleMs: number;
  cookieSecure: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  staticDir: string;
  /** Connections in the PostgreSQL pool (PGlite has one). */
  dbPoolSize: number;
  /** API requests running at once (server/plugins/admission.ts); the rest queue in order. */
  maxConcurrentRequests: number;
  /** How long an API request may queue before it is answered 503 with Retry-After. */
  maxQueueMs: number;
  /** How long a live stream stays open before the device is asked to reconnect (proxies drop long
   *  quiet connections; a new one reads the session's scope again). */
  liveStreamMs: number;
  /** Event-loop lag past which API requests are refused with 503 (0: never). */
  maxEventLoopDelayMs: number;
  /** Served over https (PUBLIC_URL): HSTS and upgrade-insecure-requests are sent. */
  https: boolean;
  trustProxy: TrustProxy;
  registry: RegistryConfig | null;
  xero: XeroConfig | null;
  /** Online payment (docs/payments.md): 'test' offers the built-in test checkout, whose payments
   *  are TEST payments; 'stripe' Stripe Checkout; 'none' offers no online payment. */
  paymentGateway: PaymentGatewayChoice;
  /** Stripe's keys: set exactly when paymentGateway is 'stripe'. */
  stripe: StripeConfig | null;
  /** Who issues the tax invoices of each organisation (server/supplier-config.ts). */
  suppliers: Record<AccountingRegion, Supplier>;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demoSeed: e.DATABASE_URL ? e.DEMO_SEED === true : e.DEMO_SEED !== false,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: mailFrom(e),
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    cookieSecure: e.COOKIE_SECURE ?? Boolean(e.PUBLIC_URL?.startsWith('https:')),
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    dbPoolSize: e.DB_POOL_SIZE,
    // The embedded database runs one query at a time: a few requests in flight keep it busy; a
    // PostgreSQL pool keeps two requests per connection in flight (one in SQL, one in JavaScript).
    maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS ?? (e.DATABASE_URL ? 2 * e.DB_POOL_SIZE : 4),
    maxQueueMs: e.MAX_QUEUE_MS,
    liveStreamMs: e.LIVE_STREAM_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    https: Boolean(e.PUBLIC_URL?.startsWith('https:')),
    trustProxy: trustProxy(e.TRUST_PROXY),
    registry:
      e.REGISTRY_URL && e.REGISTRY_API_KEY
        ? { url: e.REGISTRY_URL, apiKey: e.REGISTRY_API_KEY, timeoutMs: e.REGISTRY_TIMEOUT_MS }
        : null,
    xero: xeroConfig(e),
    paymentGateway: paymentGateway(e),
    stripe:
      e.PAYMENT_GATEWAY === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            testMode: isStripeTestKey(e.STRIPE_SECRET_KEY),
          }
        : null,
    // A deployment (a real PostgreSQL, or served over https) must name its own suppliers.
    suppliers: loadSuppliers(env, Boolean(e.DATABASE_URL) || Boolean(e.PUBLIC_URL?.startsWith('https:'))),
  };
}

/** The built-in sender suits mail written to DATA_DIR only: receiving servers junk mail from a
 *  made-up domain, so a server that sends through SMTP must name its own sender. */
export const DEFAULT_MAIL_FROM = 'Interschools <no-reply@interschools.local>';

function mailFrom(e: z.infer<typeof envSchema>): string {
  if (e.MAIL_FROM) return e.MAIL_FROM;
  if (e.SMTP_URL) {
    throw new Error(
      'Invalid configuration:\n  MAIL_FROM: must be set when SMTP_URL is (the association\'s own address, e.g. "Interschools <entries@example.org.au>"): mail from the built-in sender is junked by receiving servers',
    );
  }
  return DEFAULT_MAIL_FROM;
}

/** The test checkout takes no money, so it is on by default only for the demo on the embedded
 *  database; a deployment (a real PostgreSQL, or an https PUBLIC_URL) has it only when asked. */
function paymentGateway(e: z.infer<typeof envSchema>): PaymentGatewayChoice {
  if (e.PAYMENT_GATEWAY) return e.PAYMENT_GATEWAY;
  const deployed = Boolean(e.DATABASE_URL) || Boolean(e.PUBLIC_URL?.startsWith('https:'));
  return deployed ? 'none' : 'test';
}

function xeroConfig(e: z.infer<typeof envSchema>): XeroConfig | null {
  if (
    !e.XERO_CLIENT_ID ||
    !e.XERO_CLIENT_SECRET ||
    !e.XERO_TENANT_NORTHERN ||
    !e.XERO_TENANT_SOUTHERN ||
    !e.XERO_PAYMENT_ACCOUNT
  )
    return null;
  const shared = { clientId: e.XERO_CLIENT_ID, clientSecret: e.XERO_CLIENT_SECRET };
  // A custom connection reaches one organisation: the Southern one may have its own.
  const southern =
    e.XERO_CLIENT_ID_SOUTHERN && e.XERO_CLIENT_SECRET_SOUTHERN
      ? { clientId: e.XERO_CLIENT_ID_SOUTHERN, clientSecret: e.XERO_CLIENT_SECRET_SOUTHERN }
      : shared;
  return {
    identityUrl: e.XERO_IDENTITY_URL,
    apiUrl: e.XERO_API_URL.replace(/\/+$/, ''),
    connections: {
      Northern: { ...shared, tenantId: e.XERO_TENANT_NORTHERN },
      Southern: { ...southern, tenantId: e.XERO_TENANT_SOUTHERN },
    },
    salesAccount: e.XERO_SALES_ACCOUNT,
    paymentAccount: e.XERO_PAYMENT_ACCOUNT,
  };
}
