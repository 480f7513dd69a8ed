// Admission control: API requests beyond the concurrency limit wait in arrival order, and one that
// waits too long is answered 503 with Retry-After at once (the outbox backs off), never held for
// seconds; a slot is always given back, so the server recovers as soon as the load falls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdmission } from '../../server/plugins/admission';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

describe('the admission queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits up to the limit, then first come first served, and gives up after the wait', async () => {
    // Only the clock of the wait is faked: admission itself happens on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const admission = createAdmission({ maxConcurrent: 2, maxQueueMs: 50 }); // gives up after twice that
    const order: string[] = [];
    const enter = (name: string) =>
      admission.enter().then((ok) => {
        order.push(`${name} ${ok}`);
      });
    const arrivals = ['first', 'second', 'third', 'fourth'].map(enter);
    await Promise.all(arrivals.slice(0, 2));
    expect(order).toEqual(['first true', 'second true']);
    expect(admission.waiting).toBe(2);
    admission.leave();
    await arrivals[2];
    expect(order).toEqual(['first true', 'second true', 'third true']);
    await vi.advanceTimersByTimeAsync(100);
    await arrivals[3];
    expect(order).toEqual(['first true', 'second true', 'third true', 'fourth false']);
    expect(admission.running).toBe(2);
    expect(admission.waiting).toBe(0);
    admission.leave();
    admission.leave();
    expect(admission.running).toBe(0);
  });
});

describe('shedding on arrival', () => {
  it('refuses at once a newcomer whose wait would pass the limit, by the recent service time', async () => {
    // In line only with half as much again to spare: 1.5 x the rounds waited beyond the one under
    // way within 150 ms.
    const admission = createAdmission({ maxConcurrent: 1, maxQueueMs: 150 });
    expect(await admission.enter()).toBe(true);
    admission.leave(50); // requests hold a slot 50 ms
    expect(await admission.enter()).toBe(true);
    const second = admission.enter(); // next when the slot frees: in line
    const third = admission.enter(); // one round more, 50 ms (75 with the margin): in line
    const fourth = admission.enter(); // two rounds, 100 ms (150): in line
    let answered: boolean | undefined;
    void admission.enter().then((ok) => {
      answered = ok;
    }); // three rounds, 150 ms (225): refused now
    await Promise.resolve();
    expect(answered).toBe(false);
    expect(admission.waiting).toBe(3);
    for (const waiting of [second, third, fourth]) {
      admission.leave(50);
      expect(await waiting).toBe(true);
    }
    admission.leave(50);
  });
});

describe('one slow request', () => {
  it('does not make the next newcomer behind a full house be refused', async () => {
    const admission = createAdmission({ maxConcurrent: 2, maxQueueMs: 1000 });
    expect(await admission.enter()).toBe(true);
    admission.leave(5000); // a large download held its slot 5 s
    expect(await admission.enter()).toBe(true);
    expect(await admission.enter()).toBe(true);
    const next = admission.enter(); // both slots busy: next in line all the same
    admission.leave(10);
    expect(await next).toBe(true);
    admission.leave(10);
    admission.leave(10);
  });
});

describe('an overloaded server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('answers 503 with Retry-After to what cannot be served in time, and recovers', async () => {
    // A registry that takes 20 ms a lookup: real waiting, during which other requests arrive.
    const slowRegistry = () => ({
      lookup: async () => {
        await new Promise((r) => setTimeout(r, 20));
        return null;
      },
      count: async () => 0,
    });
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUE_MS: '30' }, registry: slowRegistry });
    const { school } = await schoolInEvent(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => school.request({ method: 'GET', url: `/api/snowracer/${500000 + i}` })),
    );
    const refused = answers.filter((a) => a.statusCode === 503);
    const served = answers.filter((a) => a.statusCode === 404);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(refused.length + served.length).toBe(20);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toMatchObject({ code: 'OVERLOADED', message: SERVER_MESSAGES.overloaded });
    }
    // Every slot came back: requests one at a time are all served.
    for (let i = 0; i < 5; i++)
      expect((await school.request({ method: 'GET', url: '/api/states' })).statusCode).toBe(200);
  });

  it('refuses API calls while the event loop lags (the embedded database works inside it)', async () => {
    t = await startTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '100' } });
    const block = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        /* the loop is stuck */
      }
    };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    let refused;
    for (let i = 0; i < 5 && !refused; i++) {
      block(1100);
      await tick();
      const res = await t.app.inject({ method: 'GET', url: '/api/states' });
      if (res.statusCode === 503) refused = res;
    }
    expect(refused?.headers['retry-after']).toBe('2');
    expect(refused?.json()).toMatchObject({ code: 'OVERLOADED' });
    // The shell is still served: the app can open and say it is waiting.
    expect((await t.app.inject({ method: 'GET', url: '/utils/host' })).statusCode).toBe(200);
  });

  it('answers a shed request 503 within 100 ms, not after the longest wait', async () => {
    // 150 ms a lookup, two at a time, a second's line: about a dozen can be served in time.
    const slowRegistry = () => ({
      lookup: async () => {
        await new Promise((r) => setTimeout(r, 150));
        return null;
      },
      count: async () => 0,
    });
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUE_MS: '1000' }, registry: slowRegistry });
    const { school } = await schoolInEvent(t);
    const lookup = async (i: number) => {
      const sent = performance.now();
      const res = await school.request({ method: 'GET', url: `/api/snowracer/${600000 + i}` });
      return { status: res.statusCode, ms: performance.now() - sent };
    };
    await Promise.all([lookup(0), lookup(1)]); // the server learns how long a lookup takes
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => lookup(i + 2)));
    const shed = answers.filter((a) => a.status === 503);
    expect(shed.length).toBeGreaterThan(5);
    expect(answers.filter((a) => a.status === 404).length).toBeGreaterThanOrEqual(10);
    expect(shed.length + answers.filter((a) => a.status === 404).length).toBe(40);
    expect(Math.max(...shed.map((a) => a.ms)), 'slowest 503 (ms)').toBeLessThan(100);
  });

  it('never holds the client files or the host check', async () => {
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUE_MS: '1' } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t!.app.inject({ method: 'GET', url: '/utils/host' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});
