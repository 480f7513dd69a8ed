// Online payment through Stripe Checkout (docs/payments.md 'Stripe'), against a stub that speaks
// Stripe's API over real HTTP: the checkout Stripe is asked to open (an absolute return URL made
// from PUBLIC_URL), and each way a payer can come back: paid, back without paying, a bank debit
// still clearing, then cleared or failed, an expired session. Each outcome is recorded from
// Stripe's own answer (never the browser's), shown on the invoice screen in the return's words,
// and keeps Stripe's words on the checkout. A test key's payments are TEST payments, a live key's
// real ones. Stripe refusing or failing is told apart.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts, participants, payments, teamEntries, teams } from '../../server/db/schema';
import { GatewayRefused, GatewayUnavailable } from '../../server/integrations/payments';
import { createStripeGateway } from '../../server/integrations/payments/stripe';
import { settleOpenCheckouts } from '../../server/modules/money/online-payment';
import { sweepMoney } from '../../server/modules/money/reconcile';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn } from './support/http';
import { startStripeStub, type StripeStub } from './support/stripe-stub';
import { createClock, startTestApp, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://interschools.example.org';

type Paying = Awaited<ReturnType<typeof payingSchool>>;

/** A school owing $50 + $30 per entry in a VIC event, its coordinator signed in on it. */
async function payingSchool(t: TestApp, eventId: string, entries = 1) {
  const school = await createSchool(t.db);
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId: school.id, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female' })
    .returning();
  for (let i = 0; i < entries; i++) {
    const [p] = await t.db
      .insert(participants)
      .values({ schoolId: school.id, firstname: 'Card', lastname: `Payer ${i}` })
      .returning();
    await t.db.insert(teamEntries).values({
      teamId: team!.id,
      eventId,
      disciplineId: 1,
      schoolId: school.id,
      participantId: p!.id,
      position: i + 1,
    });
  }
  const user = await createUser(t.db, 'school', { schoolId: school.id });
  return {
    t,
    eventId,
    schoolId: school.id,
    name: school.name,
    agent: await signIn(t.app, user.email, undefined, eventId),
  };
}

const checkoutsOf = (s: Paying) =>
  s.t.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.schoolId, s.schoolId), eq(paymentCheckouts.eventId, s.eventId)))
    .orderBy(paymentCheckouts.createdAt);
const paymentsOf = (s: Paying) =>
  s.t.db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, s.schoolId), eq(payments.eventId, s.eventId)));
const start = (s: Paying, outstanding: number) =>
  s.agent.request({
    method: 'POST',
    url: '/api/transaction',
    payload: { schoolId: s.schoolId, eventId: s.eventId, outstanding },
    headers: { 'idempotency-key': randomUUID() },
  });
const owed = async (s: Paying) =>
  (await s.agent.request({ method: 'GET', url: `/api/invoice/xero/${s.schoolId}/${s.eventId}` })).json() as {
    outstanding: number;
    paid: boolean;
  };

/** Starts a payment; answers Stripe's page and our checkout with its Stripe session. */
async function started(stub: StripeStub, s: Paying, outstanding: number) {
  const res = await start(s, outstanding);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  const checkout = (await checkoutsOf(s)).at(-1)!;
  expect(url).toBe(`${stub.url}/c/pay/${checkout.gatewayRef}`);
  return { url, checkout, session: stub.sessions.get(checkout.gatewayRef)! };
}

/** The payer's browser on Stripe's page: a button, and the redirect Stripe answers (not followed). */
async function choose(url: string, outcome: 'pay' | 'back'): Promise<string> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** ... and back at our PUBLIC_URL (the test app answers whatever host the URL names). */
function comeBack(t: TestApp, absolute: string) {
  const u = new URL(absolute);
  expect(u.origin, 'Stripe sends the payer back to PUBLIC_URL').toBe(PUBLIC_URL);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search });
}
const invoiceWith = (s: Paying, result: string) =>
  `/#/invoice/${s.schoolId}/${s.eventId}?result=${encodeURIComponent(result)}`;

describe('with a Stripe test key', () => {
  const clock = createClock();
  let stub: StripeStub;
  let t: TestApp;
  let eventId = '';
  beforeAll(async () => {
    stub = await startStripeStub({ now: clock.now });
    t = await startTestApp({ env: stub.env(), clock });
    eventId = (
      await createEvent(t.db, {
        invoiceType: 'VIC',
        invoiceAvailable: '2026-06-01',
        registrationFee: 50,
        teamEntryFee: 30,
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('asks Stripe for a payment-mode AUD checkout of the amount owed, returning to an absolute URL under PUBLIC_URL', async () => {
    const s = await payingSchool(t, eventId, 2);
    const { checkout, session } = await started(stub, s, 110);
    const [create] = stub.apiRequests().filter((r) => r.method === 'POST');
    const sent = new Map(stub.apiRequests().filter((r) => r.idempotencyKey === `checkout-${checkout.id}`)[0]!.form);
    expect(create!.authorization).toBe(`Bearer ${stub.secretKey}`);
    expect(create!.contentType).toBe('application/x-www-form-urlencoded');
    expect(create!.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/);
    expect(Object.fromEntries(sent)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '11000',
      'line_items[0][price_data][product_data][name]': expect.stringContaining(`${s.name} – `),
      'line_items[0][quantity]': '1',
      success_url: `${PUBLIC_URL}/api/payment/return/${checkout.id}`,
      cancel_url: `${PUBLIC_URL}/api/payment/return/${checkout.id}`,
      client_reference_id: checkout.id,
      'metadata[checkout_id]': checkout.id,
      'metadata[school_id]': s.schoolId,
    });
    expect(checkout).toMatchObject({ gateway: 'stripe', status: 'open', amountCents: 11_000 });
    expect(session).toMatchObject({ amount_total: 11_000, currency: 'aud', status: 'open' });
  });

  it("paid: recorded once from Stripe's answer as a TEST payment, PAID (TEST mode) on the invoice, Stripe's words kept", async () => {
    const s = await payingSchool(t, eventId, 2);
    const { url, checkout } = await started(stub, s, 110);
    expect((await fetch(url)).status, "Stripe's page").toBe(200);

    const back = await choose(url, 'pay');
    expect(await paymentsOf(s), 'nothing is recorded before we ask Stripe').toEqual([]);
    const returned = await comeBack(t, back);
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(invoiceWith(s, 'PAID (TEST mode)'));
    const asked = stub
      .apiRequests()
      .filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${checkout.gatewayRef}`);
    expect(asked.at(-1)!.query).toContainEqual(['expand[]', 'payment_intent']);

    expect(await paymentsOf(s)).toEqual([
      expect.objectContaining({
        amountCents: 11_000,
        method: 'online',
        reference: checkout.gatewayRef,
        status: 'received',
        test: true,
      }),
    ]);
    expect((await checkoutsOf(s))[0]).toMatchObject({ status: 'paid', result: 'complete / paid' });
    expect(await owed(s)).toMatchObject({ outstanding: 0, paid: true });

    // A reload of the return, or a forged ?result=, changes nothing.
    const again = await t.app.inject({ method: 'GET', url: `/api/payment/return/${checkout.id}?result=DECLINED` });
    expect(again.headers.location).toBe(invoiceWith(s, 'PAID (TEST mode)'));
    expect(await paymentsOf(s)).toHaveLength(1);
  });

  it('back from Stripe without paying: CANCELLED, nothing recorded, the same page offered again until Stripe expires it', async () => {
    const s = await payingSchool(t, eventId);
    const first = await started(stub, s, 80);
    const returned = await comeBack(t, await choose(first.url, 'back'));
    expect(returned.headers.location).toBe(invoiceWith(s, 'CANCELLED'));
    expect(await paymentsOf(s)).toEqual([]);
    expect((await checkoutsOf(s))[0]).toMatchObject({ status: 'open', result: null });

    const second = await start(s, 80);
    expect(second.json().url, 'a second click answers the same open session').toBe(first.url);

    stub.settle(first.session.id, 'expired');
    const third = await started(stub, s, 80);
    expect(third.url, 'an expired session is never offered again').not.toBe(first.url);
    const [expired] = await checkoutsOf(s);
    expect(expired).toMatchObject({ status: 'cancelled', result: 'expired / unpaid' });
    expect((await comeBack(t, first.session.success_url)).headers.location).toBe(invoiceWith(s, 'CANCELLED'));
    expect(await paymentsOf(s)).toEqual([]);
  });

  it('a bank debit still clearing is pending: said so on a page of its own, nothing recorded, then recorded once it clears', async () => {
    const s = await payingSchool(t, eventId);
    const { checkout, session } = await started(stub, s, 80);
    stub.settle(session.id, 'processing');

    const returned = await comeBack(t, session.success_url);
    expect(returned.statusCode).toBe(200);
    expect(returned.headers['content-type']).toMatch(/^text\/html/);
    expect(returned.body).toContain('<h1>Payment being processed</h1>');
    expect(returned.body).toContain(`href="/#/invoice/${s.schoolId}/${s.eventId}"`);
    expect(returned.body).not.toMatch(/<script|\sstyle=/);
    expect(await paymentsOf(s)).toEqual([]);
    expect((await checkoutsOf(s))[0]).toMatchObject({
      status: 'pending',
      result: 'complete / unpaid / processing',
      completedAt: null,
    });
    expect(await owed(s)).toMatchObject({ outstanding: 80, paid: false });

    // Still clearing at the next sweep: nothing; cleared: recorded once, by the sweep alone.
    expect(await sweepMoney(t.deps, t.app.log)).toMatchObject({ payments: 0 });
    stub.settle(session.id, 'debit_succeeded');
    expect(await sweepMoney(t.deps, t.app.log)).toMatchObject({ payments: 1 });
    expect(await sweepMoney(t.deps, t.app.log)).toMatchObject({ payments: 0 });
    expect(await paymentsOf(s)).toEqual([
      expect.objectContaining({ amountCents: 8_000, reference: checkout.gatewayRef, test: true }),
    ]);
    expect((await checkoutsOf(s))[0]).toMatchObject({ status: 'paid', result: 'complete / paid' });
    expect((await comeBack(t, session.success_url)).headers.location).toBe(invoiceWith(s, 'PAID (TEST mode)'));
  });

  it("a bank debit that fails is declined: DECLINED on the invoice, Stripe's words kept, nothing recorded, a new attempt opens a new session", async () => {
    const s = await payingSchool(t, eventId);
    const { session } = await started(stub, s, 80);
    stub.settle(session.id, 'processing');
    stub.settle(session.id, 'debit_failed');
    expect(await settleOpenCheckouts(t.deps, s.schoolId, s.eventId, t.app.log)).toBe(0);
    expect((await checkoutsOf(s))[0]).toMatchObject({
      status: 'declined',
      result: 'complete / unpaid / requires_payment_method',
    });
    expect((await comeBack(t, session.success_url)).headers.location).toBe(invoiceWith(s, 'DECLINED'));
    expect(await paymentsOf(s)).toEqual([]);
    const retry = await started(stub, s, 80);
    expect(retry.session.id).not.toBe(session.id);
  });

  it('Stripe failing or unreachable: 503 with the payment system message and nothing stored; the return says not confirmed yet', async () => {
    const s = await payingSchool(t, eventId);
    for (const status of [500, 429]) {
      stub.failNext(1, status);
      const res = await start(s, 80);
      expect(res.statusCode, `Stripe ${status}`).toBe(503);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.PAYMENT_UNAVAILABLE,
        message: SERVER_MESSAGES.paymentUnavailable,
      });
      expect(await checkoutsOf(s)).toEqual([]);
    }

    const { url, checkout } = await started(stub, s, 80);
    const back = await choose(url, 'pay');
    stub.failNext(1, 503);
    const down = await comeBack(t, back);
    expect(down.statusCode).toBe(503);
    expect(down.body).toContain(SERVER_MESSAGES.paymentNotConfirmed);
    expect(await paymentsOf(s)).toEqual([]);
    expect((await comeBack(t, back)).headers.location, 'asked again once Stripe answers').toBe(
      invoiceWith(s, 'PAID (TEST mode)'),
    );
    expect((await paymentsOf(s))[0]).toMatchObject({ reference: checkout.gatewayRef });
  });

  it('tells a refusal (fix the key or the request) from an outage (try again later)', async () => {
    const config = t.deps.config.stripe!;
    const refused = createStripeGateway({ ...config, secretKey: `sk_test_${'0'.repeat(32)}` });
    const request = { reference: randomUUID(), amountCents: 100, description: 'x', returnUrl: `${PUBLIC_URL}/r` };
    const err = await refused.createCheckout(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRefused);
    expect((err as GatewayRefused).status).toBe(401);
    expect((err as Error).message).toMatch(/401 invalid_request_error: Invalid API Key provided: sk_test_\*\*\*\*0000/);

    const gateway = createStripeGateway(config, { timeoutMs: 300 });
    await expect(gateway.verify('cs_test_doesnotexist')).rejects.toThrow(
      /404 invalid_request_error\/resource_missing \(session\): No such checkout.session/,
    );
    stub.failNext(1, 500);
    await expect(gateway.verify('cs_test_doesnotexist')).rejects.toBeInstanceOf(GatewayUnavailable);
    stub.hangNext(1);
    await expect(gateway.verify('cs_test_doesnotexist')).rejects.toThrow(/timed out/);
    const unreachable = createStripeGateway({ ...config, apiUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.createCheckout(request)).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe('with a Stripe live key', () => {
  const clock = createClock();
  let stub: StripeStub;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startStripeStub({ now: clock.now, secretKey: `sk_live_${'a1'.repeat(20)}` });
    t = await startTestApp({ env: stub.env(), clock });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('a paid session is a real payment: PAID on the invoice, not marked TEST', async () => {
    const eventId = (
      await createEvent(t.db, {
        invoiceType: 'VIC',
        invoiceAvailable: '2026-06-01',
        registrationFee: 50,
        teamEntryFee: 30,
      })
    ).id;
    const s = await payingSchool(t, eventId);
    const { url, checkout } = await started(stub, s, 80);
    expect(checkout.gatewayRef).toMatch(/^cs_live_/);
    const returned = await comeBack(t, await choose(url, 'pay'));
    expect(returned.headers.location).toBe(invoiceWith(s, 'PAID'));
    expect(await paymentsOf(s)).toEqual([expect.objectContaining({ amountCents: 8_000, test: false })]);
    expect((await checkoutsOf(s))[0]).toMatchObject({ status: 'paid', result: 'complete / paid' });
  });
});
