// Admission control: API requests beyond the concurrency limit wait in arrival order, and one that
// waits too long is answered 503 with Retry-After at once (the outbox backs off), never held for
// seconds; a slot is always given back, so the server recovers as soon as the load falls.
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AthleteRegistry } from '../../server/integrations/registry';
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

/** A count that can be waited for: `reached(n)` resolves once it is at least `n`. */
function counter() {
  let value = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    add() {
      value += 1;
      for (const w of waiting.filter((w) => value >= w.n)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    },
    reached: (n: number) =>
      value >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve })),
  };
}

/**
 * A registry whose lookups are held until the test lets them go: a request holds its slot exactly
 * as long as the test says, never for a time it guessed.
 */
function heldRegistry() {
  const begun = counter();
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  return {
    registry: (): AthleteRegistry => ({
      lookup: async () => {
        begun.add();
        await gate;
        return null;
      },
      count: async () => 0,
    }),
    /** Resolves once `n` lookups have begun in all (each holds its slot until `open`). */
    begun: begun.reached,
    /** Lets the held lookups go; those that begin later pass at once, until `close`. */
    open: () => open(),
    close: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

/** Requests sent at once, and the order in which their answers came (indexes of `sent`). */
function sendAll(sent: Promise<LightMyRequestResponse>[]) {
  const order: number[] = [];
  const answered = counter();
  sent.forEach((p, i) =>
    p.then(() => {
      order.push(i);
      answered.add();
    }),
  );
  return {
    order,
    /** Resolves once `n` of them have been answered. */
    answered: answered.reached,
    all: () => Promise.all(sent),
  };
}

const expectOverloaded = (r: LightMyRequestResponse) => {
  expect(r.statusCode, r.body).toBe(503);
  expect(r.headers['retry-after']).toBe('2');
  expect(r.json()).toMatchObject({ code: 'OVERLOADED', message: SERVER_MESSAGES.overloaded });
};

describe('an overloaded server', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('answers 503 with Retry-After to what cannot be served in time, and recovers', async () => {
    // Both slots held by lookups the registry does not answer until the test says: nothing in
    // line can be served, so whatever waits is answered 503 once it has waited too long.
    const held = heldRegistry();
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUE_MS: '30' }, registry: held.registry });
    const { school } = await schoolInEvent(t);
    const burst = sendAll(
      Array.from({ length: 20 }, (_, i) => school.request({ method: 'GET', url: `/api/snowracer/${500000 + i}` })),
    );
    await held.begun(2);
    await burst.answered(18);
    const refused = [...burst.order];
    held.open();
    const answers = await burst.all();
    for (const i of refused) expectOverloaded(answers[i]!);
    // The two that held the slots are served once the registry answers.
    const served = answers.filter((_, i) => !refused.includes(i));
    expect(served.map((a) => a.statusCode)).toEqual([404, 404]);
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

  it('answers a shed request 503 on arrival, before those already in line have waited their time', async () => {
    // MAX_QUEUE_MS 250: one let in line is refused after 500 ms at the latest (the backstop).
    const held = heldRegistry();
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUE_MS: '250' }, registry: held.registry });
    const { school } = await schoolInEvent(t);
    const lookup = (i: number) => school.request({ method: 'GET', url: `/api/snowracer/${600000 + i}` });
    // The server learns how long a lookup holds its slot: two lookups are held until a third
    // request, in line behind them, has been refused by the backstop, so each held its slot
    // longer than the line may last.
    const learning = [lookup(0), lookup(1)];
    await held.begun(2);
    expectOverloaded(await lookup(2));
    held.open();
    expect((await Promise.all(learning)).map((a) => a.statusCode)).toEqual([404, 404]);

    // Both slots held again, then a crowd: the first few are let in line, the rest are refused
    // on arrival, which is before anyone in line has waited its time (the slots stay held until
    // every other request has had its answer).
    held.close();
    const burst = sendAll(Array.from({ length: 20 }, (_, i) => lookup(i + 3)));
    await held.begun(4);
    await burst.answered(18);
    const refused = [...burst.order];
    held.open();
    const answers = await burst.all();
    for (const i of refused) expectOverloaded(answers[i]!);
    expect(answers.filter((_, i) => !refused.includes(i)).map((a) => a.statusCode)).toEqual([404, 404]);
    // The first request sent after the two that hold the slots waits in line (nobody is ahead of
    // it) and is refused only when its wait runs out; the last one sent, behind a full line, was
    // answered before it: refused at once, not after the longest wait.
    const firstInLine = Math.min(...refused);
    const last = answers.length - 1;
    expect(refused, 'the last request sent was refused').toContain(last);
    expect(refused.indexOf(last), `answer order ${refused.join(',')}`).toBeLessThan(refused.indexOf(firstInLine));
  });

  it('never holds the client files or the host check', async () => {
    t = await startTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUE_MS: '1' } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t!.app.inject({ method: 'GET', url: '/utils/host' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});
