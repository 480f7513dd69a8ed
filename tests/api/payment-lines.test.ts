// A school's payments line by line (GET /api/v2/payments/{SchoolId}/{EventId}, POST
// /api/v2/payments): the admin records a payment (BPAY or cheque) with the day the money came, a
// refund (money paid back: below 0, sent to the accounting system) or a correction (signed, nothing
// moved); the lines come back oldest first and the grid's total follows them. Refused, nothing
// written: a payment or refund that is not positive, a refund or correction taking back more than
// was paid, a correction below what was paid online, a day that does not exist, an unknown or
// removed school. Auditors read, only admins record; a replayed record applies once.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments, schools } from '../../server/db/schema';
import {
  PAYMENT_NOT_POSITIVE_MESSAGE,
  paymentBelowOnlineMessage,
  refundAboveReceivedMessage,
} from '../../src/domain/server-messages';
import { formatMoney } from '../../src/domain/rules/money';
import { queued } from './support/accounting';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

type Line = { id: string; date: string; amount: number; method: string; reference: string; test: boolean };

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;
let auditor: Agent;

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  await t.db.update(schools).set({ name: 'Alpine College' }).where(eq(schools.id, schoolId));
  auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
});
afterEach(async () => {
  await t?.close();
});

const record = (agent: Agent, body: Record<string, unknown>, key = randomUUID()) =>
  agent.request({
    method: 'POST',
    url: '/api/v2/payments',
    headers: { 'idempotency-key': key },
    payload: { SchoolId: schoolId, EventId: eventId, date: '2026-06-03', ...body },
  });
const lines = async (agent: Agent = admin): Promise<Line[]> => {
  const res = await agent.request({ method: 'GET', url: `/api/v2/payments/${schoolId}/${eventId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Line[];
};
const gridAmount = async () => {
  const res = await admin.request({ method: 'GET', url: '/api/payment', query: { EventId: eventId } });
  return (res.json() as { SchoolId: string; amount: number }[]).find((r) => r.SchoolId === schoolId)?.amount;
};
const stored = () =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.eventId, eventId)));

describe('recording a payment line', () => {
  it('records a payment, a refund and a correction, each its own line, and the total follows', async () => {
    let res = await record(admin, { date: '2026-06-03', amount: 120.5, kind: 'bpay', reference: 'BPAY 8812' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        date: '2026-06-03',
        amount: 120.5,
        method: 'bpay',
        reference: 'BPAY 8812',
        test: false,
      },
    ]);
    res = await record(admin, { date: '2026-06-10', amount: 20, kind: 'refund', reference: 'EFT back' });
    expect(res.statusCode, res.body).toBe(200);
    res = await record(admin, { date: '2026-06-12', amount: -0.5, kind: 'correction' });
    expect(res.statusCode, res.body).toBe(200);

    const all = await lines();
    expect(all.map((l) => [l.date, l.amount, l.method])).toEqual([
      ['2026-06-03', 120.5, 'bpay'],
      ['2026-06-10', -20, 'refund'],
      ['2026-06-12', -0.5, 'adjustment'],
    ]);
    expect(await gridAmount()).toBe(100);
    // The refund is money out: the accounting system is told, in the background.
    const refund = (await stored()).find((p) => p.method === 'refund')!;
    expect(await queued(t.deps, 'payment', refund.id)).toMatchObject({ state: 'waiting' });
  });

  it('lists the lines by the day the money moved, not the order they were typed', async () => {
    await record(admin, { date: '2026-07-01', amount: 50, kind: 'cheque', reference: 'CHQ 1' });
    await record(admin, { date: '2026-05-20', amount: 30, kind: 'bpay' });
    expect((await lines(auditor)).map((l) => [l.date, l.reference])).toEqual([
      ['2026-05-20', ''],
      ['2026-07-01', 'CHQ 1'],
    ]);
  });

  it('refuses what would make the books wrong, writing nothing', async () => {
    await record(admin, { amount: 40, kind: 'bpay' });
    const refusals: [Record<string, unknown>, number, string | null][] = [
      [{ amount: -5, kind: 'bpay' }, 422, PAYMENT_NOT_POSITIVE_MESSAGE],
      [{ amount: -5, kind: 'refund' }, 422, PAYMENT_NOT_POSITIVE_MESSAGE],
      [{ amount: 41, kind: 'refund' }, 422, refundAboveReceivedMessage(formatMoney(40))],
      [{ amount: -41, kind: 'correction' }, 422, refundAboveReceivedMessage(formatMoney(40))],
      [{ amount: 0, kind: 'cheque' }, 400, null],
      [{ amount: 10.005, kind: 'cheque' }, 400, null],
      [{ amount: 10, kind: 'online' }, 400, null],
      [{ amount: 10, kind: 'bpay', date: '2026-02-30' }, 400, null],
      [{ amount: 10, kind: 'bpay', SchoolId: randomUUID() }, 404, null],
    ];
    for (const [body, status, message] of refusals) {
      const res = await record(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await stored()).toHaveLength(1);
  });

  it('never corrects away what was paid online', async () => {
    await t.db
      .insert(payments)
      .values({ schoolId, eventId, amountCents: 6000, method: 'online', reference: 'gw-1', status: 'received' });
    await record(admin, { amount: 10, kind: 'bpay' });
    const res = await record(admin, { amount: -20, kind: 'correction' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(paymentBelowOnlineMessage('Alpine College', formatMoney(60)));
    expect(await stored()).toHaveLength(2);
  });

  it('refuses a removed school', async () => {
    await t.db.update(schools).set({ removedAt: new Date() }).where(eq(schools.id, schoolId));
    expect((await record(admin, { amount: 10, kind: 'bpay' })).statusCode).toBe(404);
  });

  it('applies a replayed record once', async () => {
    const key = randomUUID();
    expect((await record(admin, { amount: 25, kind: 'bpay' }, key)).statusCode).toBe(200);
    expect((await record(admin, { amount: 25, kind: 'bpay' }, key)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('lets auditors read the lines but only admins record, and schools neither', async () => {
    expect((await record(auditor, { amount: 10, kind: 'bpay' })).statusCode).toBe(403);
    expect((await record(school, { amount: 10, kind: 'bpay' })).statusCode).toBe(403);
    const read = await school.request({ method: 'GET', url: `/api/v2/payments/${schoolId}/${eventId}` });
    expect(read.statusCode).toBe(403);
    expect(await lines(auditor)).toEqual([]);
  });
});
