// Online payment through the real app with the built-in gateway (docs/payments.md): POST
// /api/transaction, the gateway's test checkout page, the payer's choice, the return that asks the
// gateway (never the browser) and records the payment once, the double click, the refusals, the
// reconciliation of a payer who never came back (by the background sweep, never by a read); the
// payments recorded as TEST payments; with no gateway configured, no online payment at all.
import { randomUUID } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  builtinGatewaySessions,
  invoices,
  ledgerPayments,
  paymentCheckouts,
  participants,
  payments,
  teamEntries,
  teams,
} from '../../server/db/schema';
import { GatewayUnavailable, type PaymentGateway } from '../../server/integrations/payments';
import { settleOpenCheckouts } from '../../server/modules/money/online-payment';
import { sweepMoney } from '../../server/modules/money/reconcile';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { settleAccounting } from './support/accounting';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { SUPPLIER_ENV } from './support/supplier-env';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
/** VIC, invoice available since 1 June (the clock says 15 June 2026), $50 + $30 per entry. */
let eventId = '';
let admin: Agent;

beforeAll(async () => {
  t = await startTestApp();
  eventId = (
    await createEvent(t.db, {
      invoiceType: 'VIC',
      invoiceAvailable: '2026-06-01',
      registrationFee: 50,
      teamEntryFee: 30,
    })
  ).id;
  admin = await signIn(t.app, (await createUser(t.db, 'admin')).email);
});
afterAll(async () => {
  await t?.close();
});

/** A school with `entries` race entries in the event (and one empty position, which costs
 *  nothing), its coordinator signed in on the event. 2 entries owe $50 + 2 x $30 = $110. */
async function schoolWithEntries(entries: number, event = eventId) {
  const school = await createSchool(t.db);
  const [team] = await t.db
    .insert(teams)
    .values({
      schoolId: school.id,
      eventId: event,
      disciplineId: 1,
      division: 1,
      teamRank: 'A',
      gender: 'Female',
    })
    .returning();
  for (let i = 0; i < entries; i++) {
    const [p] = await t.db
      .insert(participants)
      .values({ schoolId: school.id, firstname: 'Pay', lastname: `Racer ${i}` })
      .returning();
    await t.db.insert(teamEntries).values({
      teamId: team!.id,
      eventId: event,
      disciplineId: 1,
      schoolId: school.id,
      participantId: p!.id,
      position: i + 1,
    });
  }
  await t.db.insert(teamEntries).values({
    teamId: team!.id,
    eventId: event,
    disciplineId: 1,
    schoolId: school.id,
    participantId: null,
    position: entries + 1,
  });
  const user = await createUser(t.db, 'school', { schoolId: school.id });
  return { schoolId: school.id, name: school.name, agent: await signIn(t.app, user.email, undefined, event) };
}

const start = (
  agent: Agent,
  body: { schoolId: string; eventId: string; outstanding: number },
  key: string = randomUUID(),
) => agent.request({ method: 'POST', url: '/api/transaction', payload: body, headers: { 'idempotency-key': key } });

/** The payer's browser, which has no session at the gateway. */
const browser = {
  get: (url: string) => t.app.inject({ method: 'GET', url }),
  choose: (url: string, outcome: 'pay' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    }),
};

async function checkoutsOf(schoolId: string) {
  return t.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.schoolId, schoolId), eq(paymentCheckouts.eventId, eventId)));
}
async function paymentsOf(schoolId: string) {
  return t.db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.eventId, eventId)));
}
async function startedUrl(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(/^\/gateway\/checkout\/BG-[A-Za-z0-9_-]+$/);
  return url;
}

describe('the whole conversation: start, checkout page, pay, return', () => {
  it('records the verified amount once and sends the browser to the invoice with the gateway result', async () => {
    const s = await schoolWithEntries(2);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));

    const [checkout] = await checkoutsOf(s.schoolId);
    expect(checkout).toMatchObject({ amountCents: 11_000, gateway: 'builtin', status: 'open', url });
    expect(checkout!.gatewayRef).toBe(url.split('/').pop());

    // The checkout page: accessible, says it is a test, shows the amount, no inline script or style.
    const page = await browser.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<title>Test payment<\/title>/);
    expect(page.body).toContain('<h1>Test payment</h1>');
    expect(page.body).toContain('no card is charged');
    expect(page.body).toContain('$110.00 AUD');
    expect(page.body).toContain(`${s.name} – `);
    expect(page.body).toContain('Pay $110.00 (test card)</button>');
    expect(page.body).toContain('>Decline</button>');
    expect(page.body).toContain(`<form method="post" action="${url}">`);
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=|javascript:/i);

    // The payer pays: the gateway sends the browser to our return URL (absolute: the origin the
    // payer started from, a host we serve) with its result.
    const paid = await browser.choose(url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:80/api/payment/return/${checkout!.id}?result=PAID%20(TEST%20mode)`,
    );
    expect(await paymentsOf(s.schoolId), 'nothing is recorded before the return asks the gateway').toEqual([]);

    const back = await browser.get(String(paid.headers.location));
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/#/invoice/${s.schoolId}/${eventId}?result=PAID%20(TEST%20mode)`);

    const recorded = await paymentsOf(s.schoolId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      amountCents: 11_000,
      method: 'online',
      reference: checkout!.gatewayRef,
      status: 'received',
      receivedAt: t.clock.now(),
      test: true,
    });
    expect((await checkoutsOf(s.schoolId))[0]).toMatchObject({ status: 'paid', result: 'PAID (TEST mode)' });

    // Coming back again (reload, back button) or paying again records nothing more.
    const again = await browser.get(String(paid.headers.location));
    expect(again.headers.location).toBe(back.headers.location);
    const payAgain = await browser.choose(url, 'decline');
    expect(payAgain.statusCode).toBe(303);
    expect(payAgain.headers.location).toBe(paid.headers.location);
    await browser.get(String(payAgain.headers.location));
    expect(await paymentsOf(s.schoolId)).toHaveLength(1);
    const finished = await browser.get(url);
    expect(finished.body).toContain('This checkout is finished: PAID (TEST mode).');
    expect(finished.body).not.toContain('<form');

    // Paid in full: nothing more to pay.
    const more = await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(SERVER_MESSAGES.nothingToPay);
  });

  it('a declined checkout records nothing and returns DECLINED; it cannot be paid afterwards', async () => {
    const s = await schoolWithEntries(1);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    const declined = await browser.choose(url, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(String(declined.headers.location)).toMatch(/\?result=DECLINED$/);
    const back = await browser.get(String(declined.headers.location));
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/#/invoice/${s.schoolId}/${eventId}?result=DECLINED`);
    expect((await checkoutsOf(s.schoolId))[0]).toMatchObject({ status: 'declined', result: 'DECLINED' });

    const late = await browser.choose(url, 'pay');
    expect(late.headers.location).toBe(declined.headers.location);
    await browser.get(String(late.headers.location));
    expect(await paymentsOf(s.schoolId)).toEqual([]);

    // A new attempt opens a new checkout (the declined one is finished).
    const retry = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    expect(retry).not.toBe(url);
  });

  it('a forged return records nothing: the gateway says the checkout is still open (CANCELLED)', async () => {
    const s = await schoolWithEntries(1);
    await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    const [checkout] = await checkoutsOf(s.schoolId);
    const forged = await browser.get(
      `/api/payment/return/${checkout!.id}?result=${encodeURIComponent('PAID (TEST mode)')}`,
    );
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(`/#/invoice/${s.schoolId}/${eventId}?result=CANCELLED`);
    expect(await paymentsOf(s.schoolId)).toEqual([]);
    expect((await checkoutsOf(s.schoolId))[0]).toMatchObject({ status: 'open', result: null });
  });

  it('answers a 404 page for a checkout that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-checkout']) {
      const res = await browser.get(`/api/payment/return/${id}?result=PAID`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    const page = await browser.get('/gateway/checkout/BG-AAAAAAAAAAAAAAAAAAAAAA');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const post = await browser.choose('/gateway/checkout/BG-AAAAAAAAAAAAAAAAAAAAAA', 'pay');
    expect(post.statusCode).toBe(404);
    expect(await t.db.select({ n: count() }).from(payments).where(like(payments.reference, 'BG-AAAA%'))).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses an outcome the gateway page does not offer', async () => {
    const s = await schoolWithEntries(1);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=PAID',
    });
    expect(res.statusCode).toBe(400);
    expect((await checkoutsOf(s.schoolId))[0]!.status).toBe('open');
  });
});

describe('with the invoice read first', () => {
  it('pays the outstanding amount of the invoice, copies the payment to the accounting system, and the invoice shows it paid', async () => {
    const s = await schoolWithEntries(2);
    const invoiceUrl = `/api/invoice/xero/${s.schoolId}/${eventId}`;
    const before = await s.agent.request({ method: 'GET', url: invoiceUrl });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ outstanding: 110, paid: false });

    const url = await startedUrl(
      await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: before.json().outstanding }),
    );
    const paid = await browser.choose(url, 'pay');
    await browser.get(String(paid.headers.location));
    await settleAccounting(t);
    const [payment] = await paymentsOf(s.schoolId);
    expect(payment, 'recorded').toBeDefined();
    expect(payment!.accountingPaymentId, 'copied to the accounting system by the worker').toBeTruthy();

    const after = await s.agent.request({ method: 'GET', url: invoiceUrl });
    expect(after.json()).toMatchObject({ outstanding: 0, paid: true });
  });

  it('the background sweep records a paid checkout whose payer never came back; reading the invoice records nothing', async () => {
    const s = await schoolWithEntries(1);
    const invoiceUrl = `/api/invoice/xero/${s.schoolId}/${eventId}`;
    expect((await s.agent.request({ method: 'GET', url: invoiceUrl })).json()).toMatchObject({
      outstanding: 80,
      onlinePayment: true,
    });
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    await browser.choose(url, 'pay');
    expect((await s.agent.request({ method: 'GET', url: invoiceUrl })).json()).toMatchObject({
      outstanding: 80,
      paid: false,
    });
    expect(await paymentsOf(s.schoolId), 'a read records nothing').toEqual([]);

    expect(await sweepMoney(t.deps, t.app.log)).toMatchObject({ payments: 1 });
    expect((await s.agent.request({ method: 'GET', url: invoiceUrl })).json()).toMatchObject({
      outstanding: 0,
      paid: true,
      testReceived: 80,
    });
    await settleAccounting(t);
    const [payment] = await paymentsOf(s.schoolId);
    expect(payment).toMatchObject({ amountCents: 8_000, test: true });
    expect(payment!.accountingPaymentId, 'copied to the built-in ledger').toBeTruthy();
    expect(
      (await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.reference, payment!.id)))[0],
    ).toMatchObject({ test: true });
    expect(await sweepMoney(t.deps, t.app.log)).toMatchObject({ payments: 0 });
    expect(await paymentsOf(s.schoolId)).toHaveLength(1);
  });

  it('a start issues the invoice it pays, so the payment is recorded against it', async () => {
    const s = await schoolWithEntries(2);
    await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    const issued = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.schoolId, s.schoolId), eq(invoices.eventId, eventId)));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ totalCents: 11_000 });
  });
});

describe('a double click never opens two payments', () => {
  it('answers the same open checkout to a second request for the same amount', async () => {
    const s = await schoolWithEntries(2);
    const first = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    const second = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    const byAdmin = await startedUrl(await start(admin, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    expect(second).toBe(first);
    expect(byAdmin).toBe(first);
    expect(await checkoutsOf(s.schoolId)).toHaveLength(1);
  });

  it('answers the same checkout to concurrent requests, and opens one checkout at the gateway', async () => {
    const s = await schoolWithEntries(3);
    const body = { schoolId: s.schoolId, eventId, outstanding: 140 };
    const answers = await Promise.all([start(s.agent, body), start(s.agent, body), start(admin, body)]);
    const urls = await Promise.all(answers.map(startedUrl));
    expect(new Set(urls).size).toBe(1);
    expect(await checkoutsOf(s.schoolId)).toHaveLength(1);
    const sessions = await t.db
      .select()
      .from(builtinGatewaySessions)
      .where(like(builtinGatewaySessions.description, `${s.name} – %`));
    expect(sessions).toHaveLength(1);
  });

  it('answers a resent request (same idempotency key) as the first time', async () => {
    const s = await schoolWithEntries(1);
    const key = randomUUID();
    const body = { schoolId: s.schoolId, eventId, outstanding: 80 };
    const first = await startedUrl(await start(s.agent, body, key));
    const again = await start(s.agent, body, key);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await startedUrl(again)).toBe(first);
  });

  it('opens a new checkout when the amount owed has changed', async () => {
    const s = await schoolWithEntries(1);
    const first = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    const [team] = await t.db.select().from(teams).where(eq(teams.schoolId, s.schoolId));
    const [p] = await t.db
      .insert(participants)
      .values({ schoolId: s.schoolId, firstname: 'Late', lastname: 'Entry' })
      .returning();
    await t.db
      .insert(teamEntries)
      .values({ teamId: team!.id, eventId, disciplineId: 1, schoolId: s.schoolId, participantId: p!.id, position: 10 });
    const second = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    expect(second).not.toBe(first);
    expect((await checkoutsOf(s.schoolId)).map((c) => c.amountCents).sort((a, b) => a - b)).toEqual([8_000, 11_000]);
  });
});

describe('refusals', () => {
  it('409 with the current amount when the amount sent is not what is owed', async () => {
    const s = await schoolWithEntries(2);
    const res = await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      message: SERVER_MESSAGES.amountOwedChanged,
      outstanding: 110,
    });
    expect(await checkoutsOf(s.schoolId)).toEqual([]);
  });

  it('422 before the invoice is available', async () => {
    const later = (
      await createEvent(t.db, {
        invoiceType: 'VIC',
        invoiceAvailable: '2026-07-01',
        registrationFee: 50,
        teamEntryFee: 30,
      })
    ).id;
    const s = await schoolWithEntries(1, later);
    const res = await start(s.agent, { schoolId: s.schoolId, eventId: later, outstanding: 80 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.RULE_VIOLATION,
      message: SERVER_MESSAGES.invoiceNotAvailable,
    });
  });

  it('422 for an NSW invoice (online payment is offered for VIC)', async () => {
    const nsw = (
      await createEvent(t.db, {
        invoiceType: 'NSW',
        invoiceAvailable: '2026-06-01',
        registrationFee: 50,
        teamEntryFee: 30,
      })
    ).id;
    const s = await schoolWithEntries(1, nsw);
    const res = await start(s.agent, { schoolId: s.schoolId, eventId: nsw, outstanding: 80 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SERVER_MESSAGES.onlinePaymentVicOnly);
    expect(await t.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.eventId, nsw))).toEqual([]);
  });

  it('422 when nothing is owed', async () => {
    const s = await schoolWithEntries(0);
    const res = await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 50 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SERVER_MESSAGES.nothingToPay);
  });

  it('404 for an event or a school that does not exist (admin)', async () => {
    const s = await schoolWithEntries(1);
    expect((await start(admin, { schoolId: s.schoolId, eventId: randomUUID(), outstanding: 80 })).statusCode).toBe(404);
    expect((await start(admin, { schoolId: randomUUID(), eventId, outstanding: 80 })).statusCode).toBe(404);
  });

  it('400 at a host we do not serve (no PUBLIC_URL): the gateway would send the payer back there', async () => {
    const s = await schoolWithEntries(1);
    const res = await s.agent.request({
      method: 'POST',
      url: '/api/transaction',
      payload: { schoolId: s.schoolId, eventId, outstanding: 80 },
      headers: { 'idempotency-key': randomUUID(), host: 'payments.attacker.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Online payment is not available at this address.');
    expect(await checkoutsOf(s.schoolId)).toEqual([]);
  });

  it('a school cannot start a payment for another school', async () => {
    const mine = await schoolWithEntries(1);
    const other = await schoolWithEntries(1);
    const res = await start(mine.agent, { schoolId: other.schoolId, eventId, outstanding: 80 });
    expect(res.statusCode).toBe(403);
    expect(await checkoutsOf(other.schoolId)).toEqual([]);
    expect(await checkoutsOf(mine.schoolId)).toEqual([]);
  });

  it('auditor and race department 403, signed out 401', async () => {
    const s = await schoolWithEntries(1);
    const body = { schoolId: s.schoolId, eventId, outstanding: 80 };
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await start(agent, body)).statusCode, type).toBe(403);
    }
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/transaction', payload: body });
    expect(signedOut.statusCode).toBe(401);
    expect(await checkoutsOf(s.schoolId)).toEqual([]);
  });
});

describe('a gateway that cannot be reached', () => {
  let down: TestApp;
  const calls = { createCheckout: 0 };
  const broken: PaymentGateway = {
    name: 'broken',
    testMode: false,
    createCheckout: async () => {
      calls.createCheckout++;
      throw new GatewayUnavailable('connection refused');
    },
    verify: async () => {
      throw new GatewayUnavailable('connection refused');
    },
  };
  beforeAll(async () => {
    down = await startTestApp({ gateway: () => broken });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers 503 with the payment system message and stores no checkout', async () => {
    const event = (
      await createEvent(down.db, {
        invoiceType: 'VIC',
        invoiceAvailable: '2026-06-01',
        registrationFee: 50,
        teamEntryFee: 0,
      })
    ).id;
    const school = await createSchool(down.db);
    const [team] = await down.db
      .insert(teams)
      .values({ schoolId: school.id, eventId: event, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Male' })
      .returning();
    const [p] = await down.db
      .insert(participants)
      .values({ schoolId: school.id, firstname: 'A', lastname: 'B' })
      .returning();
    await down.db.insert(teamEntries).values({
      teamId: team!.id,
      eventId: event,
      disciplineId: 1,
      schoolId: school.id,
      participantId: p!.id,
      position: 1,
    });
    const agent = await signIn(
      down.app,
      (await createUser(down.db, 'school', { schoolId: school.id })).email,
      undefined,
      event,
    );
    const res = await agent.request({
      method: 'POST',
      url: '/api/transaction',
      payload: { schoolId: school.id, eventId: event, outstanding: 50 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.PAYMENT_UNAVAILABLE,
      message: SERVER_MESSAGES.paymentUnavailable,
    });
    expect(calls.createCheckout).toBe(1);
    expect(await down.db.select().from(paymentCheckouts)).toEqual([]);
  });
});

describe('reconciliation', () => {
  it('settleOpenCheckouts records a paid checkout whose payer never came back, once', async () => {
    const s = await schoolWithEntries(2);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 110 }));
    const paid = await browser.choose(url, 'pay');
    expect(paid.statusCode).toBe(303); // ... and the browser never follows the redirect.
    expect(await paymentsOf(s.schoolId)).toEqual([]);

    expect(await settleOpenCheckouts(t.deps, s.schoolId, eventId, t.app.log)).toBe(1);
    const recorded = await paymentsOf(s.schoolId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 11_000, method: 'online', status: 'received' });
    expect((await checkoutsOf(s.schoolId))[0]).toMatchObject({ status: 'paid', result: 'PAID (TEST mode)' });

    // Nothing twice: a second reconciliation, then the late return.
    expect(await settleOpenCheckouts(t.deps, s.schoolId, eventId, t.app.log)).toBe(0);
    const late = await browser.get(String(paid.headers.location));
    expect(late.headers.location).toBe(`/#/invoice/${s.schoolId}/${eventId}?result=PAID%20(TEST%20mode)`);
    expect(await paymentsOf(s.schoolId)).toHaveLength(1);
  });

  it('leaves open and declined checkouts unrecorded', async () => {
    const s = await schoolWithEntries(1);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    expect(await settleOpenCheckouts(t.deps, s.schoolId, eventId, t.app.log)).toBe(0);
    expect((await checkoutsOf(s.schoolId))[0]!.status).toBe('open');
    await browser.choose(url, 'decline');
    expect(await settleOpenCheckouts(t.deps, s.schoolId, eventId, t.app.log)).toBe(0);
    expect((await checkoutsOf(s.schoolId))[0]).toMatchObject({ status: 'declined', result: 'DECLINED' });
    expect(await paymentsOf(s.schoolId)).toEqual([]);
  });

  it('a new start first records a payment made at the gateway, then finds nothing to pay', async () => {
    const s = await schoolWithEntries(1);
    const url = await startedUrl(await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 }));
    await browser.choose(url, 'pay');
    const again = await start(s.agent, { schoolId: s.schoolId, eventId, outstanding: 80 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(SERVER_MESSAGES.nothingToPay);
    expect(await paymentsOf(s.schoolId)).toHaveLength(1);
  });
});

describe('with no payment gateway configured', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ env: { PAYMENT_GATEWAY: 'none' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('refuses to start a payment (422, pay by BPAY), says so on the invoice, and serves no test checkout', async () => {
    const event = (
      await createEvent(off.db, {
        invoiceType: 'VIC',
        invoiceAvailable: '2026-06-01',
        registrationFee: 50,
        teamEntryFee: 0,
      })
    ).id;
    const school = await createSchool(off.db);
    const agent = await signIn(
      off.app,
      (await createUser(off.db, 'school', { schoolId: school.id })).email,
      undefined,
      event,
    );
    const res = await agent.request({
      method: 'POST',
      url: '/api/transaction',
      payload: { schoolId: school.id, eventId: event, outstanding: 50 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Online payment is not set up. Please pay by BPAY.',
      onlinePayment: false,
    });
    expect(await off.db.select().from(paymentCheckouts)).toEqual([]);
    const invoice = await agent.request({ method: 'GET', url: `/api/invoice/xero/${school.id}/${event}` });
    expect(invoice.json()).toMatchObject({ onlinePayment: false, event: { invoiceType: 'VIC' } });
    expect(
      (await off.app.inject({ method: 'GET', url: '/gateway/checkout/BG-aaaaaaaaaaaaaaaaaaaaaa' })).statusCode,
    ).toBe(404);
    expect(await settleOpenCheckouts(off.deps, school.id, event, off.app.log)).toBe(0);
  });
});

describe('which gateway', () => {
  const gatewayOf = (env: Record<string, string>) =>
    loadConfig({ ...SUPPLIER_ENV, DATA_DIR: '.tmp/test-data', ...env }).paymentGateway;

  it('offers the test checkout for the demo on the embedded database, and none on a deployment unless asked', () => {
    expect(gatewayOf({})).toBe('test');
    expect(gatewayOf({ PUBLIC_URL: 'http://localhost:8080' })).toBe('test');
    expect(gatewayOf({ PUBLIC_URL: 'https://interschools.example.org' })).toBe('none');
    expect(gatewayOf({ DATABASE_URL: 'postgres://u:p@db:5432/interschools' })).toBe('none');
    expect(gatewayOf({ PUBLIC_URL: 'https://interschools.example.org', PAYMENT_GATEWAY: 'test' })).toBe('test');
    expect(gatewayOf({ DATABASE_URL: 'postgres://u:p@db:5432/interschools', PAYMENT_GATEWAY: 'test' })).toBe('test');
    expect(gatewayOf({ PAYMENT_GATEWAY: 'none' })).toBe('none');
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY: must be test, stripe or none/);
  });
});
