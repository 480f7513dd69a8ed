// Stripe's configuration (server/config.ts, docs/payments.md 'Stripe: setting it up'): the server
// does not start with PAYMENT_GATEWAY=stripe unless it has the secret key, the webhook's signing
// secret and PUBLIC_URL (where Stripe sends the payer back), each named when missing or malformed;
// the keys are refused without PAYMENT_GATEWAY=stripe; the key travels over https only (http to
// this machine for a stub); a test key's payments are TEST payments.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { selectGateway } from '../../server/integrations/payments/select';
import { SUPPLIER_ENV } from './support/supplier-env';

const KEY = `sk_test_${'a1B2'.repeat(10)}`;
const SECRET = `whsec_${'c3D4'.repeat(8)}`;
const stripe = (over: Record<string, string | undefined> = {}) => ({
  ...SUPPLIER_ENV,
  DATA_DIR: '.tmp/test-data',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: KEY,
  STRIPE_WEBHOOK_SECRET: SECRET,
  PUBLIC_URL: 'https://interschools.example.org',
  ...over,
});
const fails = (env: Record<string, string | undefined>, pattern: RegExp) =>
  expect(() => loadConfig(env)).toThrow(pattern);

describe('PAYMENT_GATEWAY=stripe', () => {
  it('starts with the key, the webhook secret and PUBLIC_URL, on the real API by default', () => {
    const config = loadConfig(stripe());
    expect(config.paymentGateway).toBe('stripe');
    expect(config.stripe).toEqual({
      secretKey: KEY,
      webhookSecret: SECRET,
      apiUrl: 'https://api.stripe.com',
      testMode: true,
    });
    // The Stripe adapter keeps nothing in our database: no database needed to choose it.
    expect(selectGateway(config, null as never)).toMatchObject({ name: 'stripe', testMode: true });
  });

  it('refuses to start without the secret key, the webhook secret or PUBLIC_URL, naming each', () => {
    fails(stripe({ STRIPE_SECRET_KEY: undefined }), /STRIPE_SECRET_KEY: must be set when PAYMENT_GATEWAY is stripe/);
    fails(stripe({ STRIPE_WEBHOOK_SECRET: '' }), /STRIPE_WEBHOOK_SECRET: must be set when PAYMENT_GATEWAY is stripe/);
    fails(stripe({ PUBLIC_URL: undefined }), /PUBLIC_URL: must be set when PAYMENT_GATEWAY is stripe/);
  });

  it('refuses what is not a Stripe secret key or signing secret', () => {
    for (const key of [
      `pk_test_${'a'.repeat(24)}`,
      'sk_test_short',
      `sk_test_${'a'.repeat(24)}\nX-Evil: 1`,
      `sk_prod_${'a'.repeat(24)}`,
    ]) {
      fails(stripe({ STRIPE_SECRET_KEY: key }), /STRIPE_SECRET_KEY: must be a Stripe secret key/);
    }
    fails(
      stripe({ STRIPE_WEBHOOK_SECRET: 'not-a-secret-at-all-0123' }),
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
  });

  it('a live key needs an https PUBLIC_URL; a test key may come back to this machine over http', () => {
    const live = `sk_live_${'a1B2'.repeat(10)}`;
    fails(
      stripe({ STRIPE_SECRET_KEY: live, PUBLIC_URL: 'http://interschools.example.org' }),
      /PUBLIC_URL: must be an https:\/\/ URL with a live Stripe key/,
    );
    expect(loadConfig(stripe({ PUBLIC_URL: 'http://localhost:8080' })).stripe?.testMode).toBe(true);
  });

  it('sends the key over https only (http:// only to this machine)', () => {
    fails(stripe({ STRIPE_API_URL: 'http://api.stripe.example' }), /STRIPE_API_URL: must be an https:\/\/ URL/);
    expect(loadConfig(stripe({ STRIPE_API_URL: 'http://127.0.0.1:12111/' })).stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
  });

  it('a test key (sk_test_, rk_test_) takes TEST payments; a live key (sk_live_, rk_live_) real ones', () => {
    for (const [key, testMode] of [
      ['sk_test_', true],
      ['rk_test_', true],
      ['sk_live_', false],
      ['rk_live_', false],
    ] as const) {
      expect(loadConfig(stripe({ STRIPE_SECRET_KEY: `${key}${'Z9'.repeat(12)}` })).stripe?.testMode, key).toBe(
        testMode,
      );
    }
  });
});

describe('without PAYMENT_GATEWAY=stripe', () => {
  it('refuses Stripe keys left over (they would do nothing), and has no Stripe configuration', () => {
    fails({ STRIPE_SECRET_KEY: KEY }, /STRIPE_SECRET_KEY: is used only with PAYMENT_GATEWAY=stripe/);
    fails(
      { PAYMENT_GATEWAY: 'test', STRIPE_WEBHOOK_SECRET: SECRET },
      /STRIPE_WEBHOOK_SECRET: is used only with PAYMENT_GATEWAY=stripe/,
    );
    expect(loadConfig({ PAYMENT_GATEWAY: 'test' }).stripe).toBeNull();
  });
});
