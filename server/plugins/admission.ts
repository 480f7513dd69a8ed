// Admission control for API requests: at most `maxConcurrent` run at once (the database does the
// work, and a few requests running to completion finish sooner than hundreds interleaved), the
// rest wait in arrival order. A request that would wait longer than `maxQueueMs` (the line ahead of
// it times the recent service time, shared among the slots) is answered 503 with Retry-After on
// arrival; one let in line is served, unless service slows so much that it has waited twice
// `maxQueueMs` (the backstop for a wrong estimate), when it is answered 503 then. An overloaded server
// so says so quickly, and the client's outbox backs off (it honours
// Retry-After), instead of every request being held for seconds until clients time out.
// Static files and the host check need no database and are never held. Which requests are API
// calls is decided by the route matched, never by the text of the URL.
//
// The embedded database (PGlite) runs inside this process: its queries keep the event loop busy,
// so there the sign of overload is the loop's lag, measured by @fastify/under-pressure; past
// `maxEventLoopDelayMs` API requests are refused the same way.
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../src/domain/errors';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { isApiRoute } from './authz';

export type AdmissionOptions = { maxConcurrent: number; maxQueueMs: number; maxEventLoopDelayMs: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route holds no slot itself: it sends requests of its own through the app, each admitted
     *  as if sent alone (POST /api/sync/batch). Holding a slot too, a few batches could hold every
     *  slot while their writes waited for one; and a batch admitted once ran its writes unadmitted. */
    admitsEachRequest?: boolean;
    /** The route stays open for minutes (the live stream): it holds no slot, or a few devices
     *  would hold every one; it does no database work while open. */
    longLived?: boolean;
  }
}

/** A request let in line gives up after this many times `maxQueueMs` (its estimate was wrong). */
const BACKSTOP_FACTOR = 2;

/** The estimate is of a recent past: a busy machine serves slower than it was, so a newcomer is
 *  let in line only with this much room to spare (a test on a loaded machine met the backstop). */
const ESTIMATE_MARGIN = 1.5;

/** Weight of the newest service time in the moving average. */
const SERVICE_SMOOTHING = 0.2;

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/**
 * A counting semaphore whose waiters are served first come, first served, or give up in time.
 *
 * Every request waits at least until the check phase of the event loop (setImmediate), even with
 * a slot free: by then Node has read every connection that was ready, so all of them are in line
 * in arrival order. Without that hop, a saturated server answers whichever connections libuv
 * happens to read first, over and over: measured with a 1.5 ms synchronous handler (the embedded
 * database's queries are synchronous work) at 200 connections, the slowest answers took 5 s;
 * through this line, 0.7 s at the same throughput.
 *
 * Shedding on arrival: waiting the whole `maxQueueMs` only to be refused helps nobody (a shed
 * request once took 3.8 s to hear 503). `leave(serviceMs)` feeds a moving average of how long a
 * request holds its slot; a newcomer whose expected wait is past `maxQueueMs` is refused at once.
 */
export function createAdmission({ maxConcurrent, maxQueueMs }: Pick<AdmissionOptions, 'maxConcurrent' | 'maxQueueMs'>) {
  let running = 0;
  /** Moving average of the time a request holds a slot (ms); null until one has left. */
  let serviceMs: number | null = null;
  /** How long a newcomer would wait for a slot beyond the round now being served: a round of
   *  service for every `maxConcurrent` requests in line ahead of it past the free slots. The round
   *  under way is not counted: its slots come free at any moment, and one slow request (a large
   *  download) must not make every newcomer behind a full house be refused. */
  const expectedWaitMs = () => {
    const beyondFree = queue.length - Math.max(0, maxConcurrent - running);
    return serviceMs === null || beyondFree < 0 ? 0 : Math.floor(beyondFree / maxConcurrent) * serviceMs;
  };
  const queue: Waiter[] = [];
  let pumping = false;
  const pump = () => {
    pumping = false;
    while (running < maxConcurrent && queue.length) {
      running++;
      queue.shift()!.admit();
    }
  };
  const schedule = () => {
    if (pumping || !queue.length) return;
    pumping = true;
    setImmediate(pump);
  };
  return {
    /** Resolves true when admitted, false when it would wait or has waited too long. */
    enter(): Promise<boolean> {
      if (ESTIMATE_MARGIN * expectedWaitMs() > maxQueueMs) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter: Waiter = {
          admit: () => {
            clearTimeout(waiter.timer);
            resolve(true);
          },
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(waiter), 1);
            resolve(false);
          }, BACKSTOP_FACTOR * maxQueueMs),
        };
        queue.push(waiter);
        schedule();
      });
    },
    /** Gives the slot back; `heldMs`, how long it was held, teaches the expected wait. */
    leave(heldMs?: number): void {
      if (heldMs !== undefined)
        serviceMs = serviceMs === null ? heldMs : serviceMs + SERVICE_SMOOTHING * (heldMs - serviceMs);
      running--;
      schedule();
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Seconds a refused client should wait: long enough for the queue to drain. */
const RETRY_AFTER_S = 2;

const overloaded = (reply: FastifyReply) => {
  reply.code(503).header('retry-after', String(RETRY_AFTER_S));
  return {
    statusCode: 503,
    error: 'Service Unavailable',
    message: SERVER_MESSAGES.overloaded,
    code: ERROR_CODES.OVERLOADED,
  };
};

export const admissionPlugin = fp<AdmissionOptions>(
  async (app, opts) => {
    if (opts.maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: opts.maxEventLoopDelayMs,
        retryAfter: RETRY_AFTER_S,
        // Undefined lets the request through (only API calls are refused); a value is sent as the
        // answer. Its type says void, but under-pressure sends whatever the handler returns.
        pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
          if (!isApiRoute(request.routeOptions.url)) return undefined;
          request.log.warn({ type, value }, 'overloaded: request refused');
          return overloaded(reply);
        }) as never,
      });
    }
    const admission = createAdmission(opts);
    app.addHook('onRequest', async (request, reply) => {
      const { admitsEachRequest, longLived } = request.routeOptions.config;
      if (!isApiRoute(request.routeOptions.url) || admitsEachRequest || longLived) return;
      if (!(await admission.enter())) {
        request.log.warn({ running: admission.running, waiting: admission.waiting }, 'overloaded: request refused');
        return reply.send(overloaded(reply));
      }
      // The client may have gone while it waited: then the slot is not kept.
      if (reply.raw.closed || request.raw.socket?.destroyed) return admission.leave();
      const admitted = performance.now();
      // 'close' comes exactly once, when the answer is sent or the connection is gone.
      reply.raw.once('close', () => admission.leave(performance.now() - admitted));
    });
  },
  { name: 'admission' },
);
