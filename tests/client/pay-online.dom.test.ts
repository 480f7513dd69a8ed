// 'Pay online' (PAY-05/06): the call it sends and what the invoice screen is told. The network is
// a fetch stub.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnlinePayment } from '../../src/features/money/pay-online';

type Sent = { method: string; path: string; headers: Headers; body: unknown };
let sent: Sent[] = [];

function answer(status: number, body: unknown) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const text = await request.text();
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        headers: request.headers,
        body: text ? JSON.parse(text) : null,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const SCHOOL = '0190a5c4-0000-7000-8000-000000000001';
const EVENT = '0190a5c4-0000-7000-8000-000000000002';

describe('startOnlinePayment', () => {
  it('posts schoolId, eventId and outstanding with an idempotency key, and answers the url', async () => {
    answer(200, { url: '/gateway/checkout/BG-abc' });
    expect(await startOnlinePayment(SCHOOL, EVENT, 110.5)).toEqual({ ok: true, url: '/gateway/checkout/BG-abc' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/transaction',
      body: { schoolId: SCHOOL, eventId: EVENT, outstanding: 110.5 },
    });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses a new idempotency key per click', async () => {
    answer(200, { url: '/gateway/checkout/BG-abc' });
    await startOnlinePayment(SCHOOL, EVENT, 10);
    const first = sent[0]!.headers.get('Idempotency-Key');
    answer(200, { url: '/gateway/checkout/BG-abc' });
    await startOnlinePayment(SCHOOL, EVENT, 10);
    expect(sent[0]!.headers.get('Idempotency-Key')).not.toBe(first);
  });

  it.each([
    [500, { message: 'Server Error' }],
    [503, { message: 'Error connecting to the payment system. Please try again later.' }],
    [422, { message: 'There is nothing outstanding to pay.' }],
    [403, { message: 'You are not allowed to do this.' }],
    [200, { nope: true }],
  ])('a %i answer shows exactly "Server Error"', async (status, body) => {
    answer(status, body);
    expect(await startOnlinePayment(SCHOOL, EVENT, 10)).toEqual({ ok: false, message: 'Server Error' });
  });

  it('shows the server message when the amount owed has changed (409)', async () => {
    answer(409, { message: 'The amount owed has changed. Reload the invoice.', outstanding: 140 });
    expect(await startOnlinePayment(SCHOOL, EVENT, 110)).toEqual({
      ok: false,
      message: 'The amount owed has changed. Reload the invoice.',
    });
  });

  it('shows the server message when online payment is not set up (422, onlinePayment false)', async () => {
    answer(422, {
      code: 'RULE_VIOLATION',
      message: 'Online payment is not set up. Please pay by BPAY.',
      onlinePayment: false,
    });
    expect(await startOnlinePayment(SCHOOL, EVENT, 110)).toEqual({
      ok: false,
      message: 'Online payment is not set up. Please pay by BPAY.',
    });
  });

  it('a network failure shows "Server Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await startOnlinePayment(SCHOOL, EVENT, 10)).toEqual({ ok: false, message: 'Server Error' });
  });
});
