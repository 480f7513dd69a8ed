// Admission control for API requests: at most `maxConcurrent` run at once (the database does the
// work, and a few requests running to completion finish sooner than hundreds interleaved), the
// rest wait in arrival order; one that has waited `maxQueueMs` is answered 503 with Retry-After at
// once. An overloaded server so says so quickly, and the client's outbox backs off (it honours
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
 */
export function createAdmission({ maxConcurrent, maxQueueMs }: Pick<AdmissionOptions, 'maxConcurrent' | 'maxQueueMs'>) {
  let running = 0;
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
    /** Resolves true when admitted, false when it waited too long. */
    enter(): Promise<boolean> {
      return new Promise((resolve) => {
        const waiter: Waiter = {
          admit: () => { clearTimeout(waiter.timer); resolve(true); },
          timer: setTimeout(() => { queue.splice(queue.indexOf(waiter), 1); resolve(false); }, maxQueueMs),
        };
        queue.push(waiter);
        schedule();
      });
    },
    leave(): void {
      running--;
      schedule();
    },
    get running() { return running; },
    get waiting() { return queue.length; },
  };
}

/** Seconds a refused client should wait: long enough for the queue to drain. */
const RETRY_AFTER_S = 2;

const overloaded = (reply: FastifyReply) => {
  reply.code(503).header('retry-after', String(RETRY_AFTER_S));
  return { statusCode: 503, error: 'Service Unavailable', message: SERVER_MESSAGES.overloaded, code: ERROR_CODES.OVERLOADED };
};

export const admissionPlugin = fp<AdmissionOptions>(async (app, opts) => {
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
    if (!isApiRoute(request.routeOptions.url)) return;
    if (!(await admission.enter())) {
      request.log.warn({ running: admission.running, waiting: admission.waiting }, 'overloaded: request refused');
      return reply.send(overloaded(reply));
    }
    // The client may have gone while it waited: then the slot is not kept.
    if (reply.raw.closed || request.raw.socket?.destroyed) return admission.leave();
    // 'close' comes exactly once, when the answer is sent or the connection is gone.
    reply.raw.once('close', () => admission.leave());
  });
}, { name: 'admission' });
