// The accounting worker (docs/accounting.md 'The queue'): sends what the queue holds, in the
// background, never inside a user's request. A write queues its invoice or payment and kicks the
// worker; the worker also runs every QUEUE_POLL_MS, and every READ_BACK_MS it queues whatever a
// write could not and reads back the payments made in the accounting system.
//
// What an answer means for the item, and for the others:
// - sent: done; an invoice remembers the digest of what was sent, so it is sent again only when it
//   changes.
// - refused (AccountingRefused: a validation error): parked with the accounting system's reason, on
//   the accounting screen until an admin sends it again; the others go on.
// - rate limited (AccountingRateLimited: Xero's minute or daily limit): the organisation is paused
//   until Retry-After, stored so that every server on the database respects it; its items wait
//   without counting an attempt; the other organisation goes on. Before that, an organisation
//   whose daily allowance is nearly spent (X-DayLimit-Remaining) pauses itself for an hour, keeping
//   DAY_RESERVE calls for the admin's own (the accounting sync screen).
// - unavailable (down, timed out, credentials refused): tried again after a backoff that doubles
//   with each attempt (a minute up to six hours); the organisation is left for this run.
// - any other error (our data cannot be sent: a bug): parked with the message, logged as an error.
import type { FastifyBaseLogger } from 'fastify';
import type { AccountingRegion } from '../../../src/domain/constants/choices';
import { AccountingRateLimited, AccountingRefused, AccountingUnavailable } from '../../integrations/accounting';
import {
  claimDue,
  markSent,
  organisationStates,
  park,
  pauseOrganisation,
  queueMissing,
  retryLater,
  type QueueItem,
} from './queue';
import { WAIT_FOR_INVOICE_MS, sendInvoice, sendPayment, takesTestPayments, type PushDeps } from './push';
import { readBackPayments } from './read-back';

const QUEUE_POLL_MS = 30_000;
const READ_BACK_MS = 15 * 60_000;
/** Items taken at once; a run goes on until nothing is due (or MAX_ITEMS_PER_RUN). */
const CLAIM_BATCH = 25;
const MAX_ITEMS_PER_RUN = 1000;
/** Calls of the daily allowance kept for what an admin does by hand. */
export const DAY_RESERVE = 250;
const NEARLY_SPENT_PAUSE_MS = 3_600_000;
const BACKOFF_FIRST_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;

/** The wait before the attempt after `attempts` failed ones. */
const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));

export type DrainResult = { sent: number; parked: number; retrying: number; waiting: number };

/** Sends every item that is due, as above. Never throws. */
export async function drainQueue(deps: PushDeps, log: FastifyBaseLogger): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, parked: 0, retrying: 0, waiting: 0 };
  const { db, accounting } = deps;
  try {
    const now = () => deps.now();
    /** Organisations left alone for now, until when. */
    const paused = new Map<AccountingRegion, Date>();
    for (const [org, state] of await organisationStates(db)) {
      if (state.pausedUntil && state.pausedUntil > now()) paused.set(org, state.pausedUntil);
    }
    let handled = 0;
    while (handled < MAX_ITEMS_PER_RUN) {
      const items = await claimDue(db, now(), CLAIM_BATCH);
      if (items.length === 0) break;
      for (const item of items) {
        handled += 1;
        const org = item.organisation as AccountingRegion;
        const pausedUntil = paused.get(org);
        if (pausedUntil && pausedUntil > now()) {
          await retryLater(db, item, pausedUntil, null);
          result.waiting += 1;
          continue;
        }
        const left = accounting.limits?.(org).dayRemaining;
        if (left !== undefined && left <= DAY_RESERVE) {
          const until = new Date(now().getTime() + NEARLY_SPENT_PAUSE_MS);
          await pauseOrganisation(db, org, until, `Xero's daily limit is nearly reached (${left} calls left)`);
          paused.set(org, until);
          await retryLater(db, item, until, null);
          result.waiting += 1;
          continue;
        }
        await handle(deps, item, paused, result, log);
      }
    }
  } catch (err) {
    log.error({ err, provider: accounting.name }, 'the accounting queue could not be worked through');
  }
  return result;
}

async function handle(
  deps: PushDeps,
  item: QueueItem,
  paused: Map<AccountingRegion, Date>,
  result: DrainResult,
  log: FastifyBaseLogger,
) {
  const { db, accounting } = deps;
  const org = item.organisation as AccountingRegion;
  const context = {
    kind: item.kind,
    subjectId: item.subjectId,
    organisation: org,
    provider: accounting.name,
    attempts: item.attempts,
  };
  try {
    const outcome = item.kind === 'invoice' ? await sendInvoice(deps, item) : await sendPayment(deps, item);
    if (outcome.kind === 'wait') {
      await retryLater(db, item, new Date(deps.now().getTime() + WAIT_FOR_INVOICE_MS), null);
      result.waiting += 1;
      return;
    }
    await markSent(db, item, outcome.digest, deps.now());
    result.sent += 1;
    log.info(context, `${item.kind} in the accounting system`);
  } catch (err) {
    const now = deps.now();
    if (err instanceof AccountingRateLimited) {
      const until = new Date(now.getTime() + err.retryAfterMs);
      await pauseOrganisation(db, org, until, `Xero's ${err.limit} limit is reached`);
      paused.set(org, until);
      await retryLater(db, item, until, null);
      result.waiting += 1;
      log.warn({ ...context, until }, 'the accounting system asked us to wait (rate limit)');
    } else if (err instanceof AccountingRefused) {
      await park(db, item, err.reason, now);
      result.parked += 1;
      log.warn({ ...context, reason: err.reason }, `${item.kind} refused by the accounting system: parked`);
    } else if (err instanceof AccountingUnavailable) {
      const at = new Date(now.getTime() + backoffMs(item.attempts + 1));
      await retryLater(db, item, at, err.message);
      paused.set(org, at);
      result.retrying += 1;
      log.warn(
        { ...context, err, retryAt: at },
        'the accounting system is unavailable; our record stands and is sent later',
      );
    } else {
      const message = err instanceof Error ? err.message : String(err);
      await park(db, item, message, now);
      result.parked += 1;
      log.error({ ...context, err }, `${item.kind} could not be sent to the accounting system: parked`);
    }
  }
}

/** Queues what writes could not, sends what is due, and reads back payments made there. */
export async function catchUp(deps: PushDeps, log: FastifyBaseLogger): Promise<void> {
  try {
    await queueMissing(deps.db, deps.now(), takesTestPayments(deps.accounting));
  } catch (err) {
    log.error({ err }, 'queueing what the accounting system is missing failed');
  }
  await drainQueue(deps, log);
  await readBackPayments(deps, log);
}

let kicked: (() => void) | null = null;

/** Asks the running worker to look at the queue now (after a write queued something). */
export function kickAccounting(): void {
  kicked?.();
}

/** Runs the worker in this process until the answer is called. One run at a time: a kick during a
 *  run starts another right after it. */
export function startAccountingWorker(deps: PushDeps, log: FastifyBaseLogger): () => void {
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = (work: () => Promise<unknown>) => {
    if (running) {
      again = true;
      return;
    }
    running = work().finally(() => {
      running = null;
      if (again) {
        again = false;
        run(() => drainQueue(deps, log));
      }
    });
  };
  kicked = () => run(() => drainQueue(deps, log));
  run(() => catchUp(deps, log));
  const timers = [
    setInterval(() => run(() => drainQueue(deps, log)), QUEUE_POLL_MS),
    setInterval(() => run(() => catchUp(deps, log)), READ_BACK_MS),
  ];
  for (const timer of timers) timer.unref();
  return () => {
    timers.forEach(clearInterval);
    kicked = null;
  };
}
