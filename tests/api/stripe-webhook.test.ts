// Stripe's webhook, POST /api/payment/webhook/stripe (docs/payments.md 'Stripe'), over real HTTP
// from a stub that signs events exactly as Stripe does. The event is a hint: the checkout it names
// is asked of Stripe (GET) and recorded through the same path as the return and the sweep, once
// however often the event comes. A missing, wrong or stale signature is refused (400) and changes
// nothing; an event we do not handle, or about a session that is not ours, is answered 200 and
// ignored; Stripe not answering our question is a 503, so Stripe sends the event again.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCheckouts, participants, payments, teamEntries, teams } from '../../server/db/schema';
import { ERROR_CODES } from '../../src/domain/errors';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn } from './support/http';
import { listenOnLoopback } from './support/request-targets';
import { startStripeStub, type StripeStub } from './support/stripe-stub';
import { createClock, startTestApp, type TestApp } from './support/test-app';

const clock = createClock();
let stub: StripeStub;
let t: TestApp;
let eventId = '';
/** Our webhook endpoint, on the test app listening on 127.0.0.1. */
let hook = '';

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
  hook = `http://127.0.0.1:${await listenOnLoopback(t.app)}/api/payment/webhook/stripe`;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

/** A school owing $80 with a Stripe session opened for it (the payer not back yet). */
async function openSession() {
  const school = await createSchool(t.db);
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId: school.id, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Male' })
    .returning();
  const [p] = await t.db
    .insert(participants)
    .values({ schoolId: school.id, firstname: 'Hook', lastname: 'Payer' })
    .returning();
  await t.db
    .insert(teamEntries)
    .values({ teamId: team!.id, eventId, disciplineId: 1, schoolId: school.id, participantId: p!.id, position: 1 });
  const agent = await signIn(
    t.app,
    (await createUser(t.db, 'school', { schoolId: school.id })).email,
    undefined,
    eventId,
  );
  const res = await agent.request({
    method: 'POST',
    url: '/api/transaction',
    payload: { schoolId: school.id, eventId, outstanding: 80 },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const checkout = async () =>
    (await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.schoolId, school.id)))[0]!;
  const recorded = () =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.schoolId, school.id), eq(payments.eventId, eventId)));
  const sessionId = (await checkout()).gatewayRef;
  /** How often we asked Stripe about this session. */
  const asked = () => stub.apiRequests().filter((r) => r.method === 'GET' && r.path.endsWith(`/${sessionId}`)).length;
  return { schoolId: school.id, sessionId, checkout, recorded, asked };
}

describe('a signed event', () => {
  it('checkout.session.completed records the paid session once, however often and however concurrently it is delivered', async () => {
    const s = await openSession();
    const event = stub.settle(s.sessionId, 'paid'); // ... and the payer closes the tab
    expect(await s.recorded()).toEqual([]);

    const first = await stub.sendWebhook(hook, event);
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true });
    expect(await s.recorded()).toEqual([
      expect.objectContaining({ amountCents: 8_000, reference: s.sessionId, method: 'online', test: true }),
    ]);
    expect(await s.checkout()).toMatchObject({ status: 'paid', result: 'complete / paid' });

    const again = await Promise.all([
      stub.sendWebhook(hook, event),
      stub.sendWebhook(hook, event),
      stub.sendWebhook(hook, event),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await s.recorded(), 'Stripe delivers at least once: recorded once').toHaveLength(1);
    const back = await t.app.inject({ method: 'GET', url: `/api/payment/return/${(await s.checkout()).id}` });
    expect(back.headers.location).toMatch(/\?result=PAID%20\(TEST%20mode\)$/);
    expect(await s.recorded()).toHaveLength(1);
  });

  it('is only a hint: an event saying paid about a session Stripe still holds open records nothing', async () => {
    const s = await openSession();
    const genuine = stub.event('checkout.session.completed', s.sessionId);
    const claims = {
      ...genuine,
      data: { object: { ...genuine.data.object, status: 'complete', payment_status: 'paid' } },
    };
    const res = await stub.sendWebhook(hook, claims);
    expect(res.status).toBe(200);
    expect(s.asked(), 'Stripe was asked').toBe(1);
    expect(await s.recorded()).toEqual([]);
    expect(await s.checkout()).toMatchObject({ status: 'open' });
  });

  it('async_payment_succeeded records a bank debit once it clears; completed while clearing marks it pending', async () => {
    const s = await openSession();
    expect((await stub.sendWebhook(hook, stub.settle(s.sessionId, 'processing'))).status).toBe(200);
    expect(await s.checkout()).toMatchObject({ status: 'pending', result: 'complete / unpaid / processing' });
    expect(await s.recorded()).toEqual([]);
    expect((await stub.sendWebhook(hook, stub.settle(s.sessionId, 'debit_succeeded'))).status).toBe(200);
    expect(await s.checkout()).toMatchObject({ status: 'paid', result: 'complete / paid' });
    expect(await s.recorded()).toHaveLength(1);
  });

  it('async_payment_failed marks the checkout declined, expired marks it cancelled; neither records a payment', async () => {
    const failed = await openSession();
    stub.settle(failed.sessionId, 'processing');
    expect((await stub.sendWebhook(hook, stub.settle(failed.sessionId, 'debit_failed'))).status).toBe(200);
    expect(await failed.checkout()).toMatchObject({
      status: 'declined',
      result: 'complete / unpaid / requires_payment_method',
    });

    const expired = await openSession();
    expect((await stub.sendWebhook(hook, stub.settle(expired.sessionId, 'expired'))).status).toBe(200);
    expect(await expired.checkout()).toMatchObject({ status: 'cancelled', result: 'expired / unpaid' });
    expect([...(await failed.recorded()), ...(await expired.recorded())]).toEqual([]);
  });

  it('of a type we do not handle is answered 200 and ignored, without asking Stripe', async () => {
    const s = await openSession();
    stub.settle(s.sessionId, 'paid');
    const other = stub.event('payment_intent.succeeded', s.sessionId, {
      id: `pi_${randomUUID().slice(0, 8)}`,
      object: 'payment_intent',
      status: 'succeeded',
    });
    const res = await stub.sendWebhook(hook, other);
    expect(res.status).toBe(200);
    expect(s.asked()).toBe(0);
    expect(await s.recorded()).toEqual([]);
  });

  it('about a session that is not ours is answered 200 and changes nothing', async () => {
    const res = await stub.sendWebhook(hook, stub.event('checkout.session.completed', 'cs_test_someoneelses'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: true });
  });

  it('while Stripe cannot be asked: 503, so Stripe sends it again; the retry records it', async () => {
    const s = await openSession();
    const event = stub.settle(s.sessionId, 'paid');
    stub.failNext(1, 500);
    const down = await stub.sendWebhook(hook, event);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toMatchObject({ code: ERROR_CODES.PAYMENT_UNAVAILABLE });
    expect(await s.recorded()).toEqual([]);
    expect((await stub.sendWebhook(hook, event)).status).toBe(200);
    expect(await s.recorded()).toHaveLength(1);
  });
});

describe('a signature we cannot trust: 400, nothing recorded, Stripe not even asked', () => {
  async function refused(send: (event: ReturnType<StripeStub['event']>) => Promise<{ status: number; body: string }>) {
    const s = await openSession();
    const event = stub.settle(s.sessionId, 'paid');
    const res = await send(event);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      statusCode: 400,
      code: ERROR_CODES.VALIDATION,
      message: expect.stringMatching(/^Webhook refused/),
    });
    expect(await s.recorded()).toEqual([]);
    expect(await s.checkout()).toMatchObject({ status: 'open' });
    expect(s.asked()).toBe(0);
  }

  it('signed with another secret', async () => {
    await refused((event) => stub.sendWebhook(hook, event, { secret: `whsec_${'x'.repeat(32)}` }));
  });

  it('no Stripe-Signature header, or one without a v1 signature', async () => {
    await refused((event) => stub.sendWebhook(hook, event, { signature: null }));
    await refused((event) =>
      stub.sendWebhook(hook, event, { signature: `t=${Math.floor(clock.now().getTime() / 1000)}` }),
    );
  });

  it('a body changed after signing', async () => {
    await refused((event) => {
      const signature = stub.sign(JSON.stringify(event, null, 2));
      return stub.sendWebhook(hook, event, { signature, body: JSON.stringify(event) });
    });
  });

  it('a timestamp more than 300 seconds away (a replay of a captured event); within it, accepted', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    await refused((event) => stub.sendWebhook(hook, event, { timestamp: now - 301 }));
    await refused((event) => stub.sendWebhook(hook, event, { timestamp: now + 301 }));
    const s = await openSession();
    expect((await stub.sendWebhook(hook, stub.settle(s.sessionId, 'paid'), { timestamp: now - 299 })).status).toBe(200);
    expect(await s.recorded()).toHaveLength(1);
  });
});

describe('without Stripe configured', () => {
  it('the endpoint is not there (404) and records nothing', async () => {
    const demo = await startTestApp();
    try {
      const res = await demo.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND });
    } finally {
      await demo.close();
    }
  });
});
