// The outbox flush (src/sync/README.md 'Flush'): one flusher at a time under the Web Lock 'outbox';
// runs of items go out in sequence order (one request, or one batch), each answer is dealt with by
// its status (src/sync/answers.ts), and a wait the server or the network asks for is scheduled
// here, so a second flush meanwhile returns at once.
import { NetworkError, sendOutboxBatch, sendOutboxItem, type FetchFn, type WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import { handleAnswer } from './answers';
import { applySuccesses, leadingSuccesses } from './answer-success';
import { retryDelay } from './backoff';
import { heldMessage, type EngineContext } from './engine-context';
import { ENGINE_META } from './engine-meta';
import { pickNext, prepareRun } from './flush-runs';
import { OUTBOX_LOCK, withLockIfAvailable } from './lock';

export interface FlushOptions {
  fetchFn: FetchFn;
  baseUrl: string;
  locks: LockManager | null;
  sleep: (ms: number) => Promise<void>;
}

export interface FlushLoop {
  flush(): Promise<void>;
  /** Forgets a scheduled wait (back online, a new session, changes a lock released). */
  clearWait(): void;
  /** No more scheduled flushes (the engine stopped). */
  stop(): void;
  resume(): void;
}

/** One item as its own request; several in one batch. A batch the server would not take as a
 *  whole (not an overload or an ended session: those hold for every item alike) is retried as
 *  its first item alone, so no item is ever refused for the batch's sake. */
async function send(opts: FlushOptions, run: readonly OutboxItem[]): Promise<WriteAnswer[]> {
  if (run.length === 1) return [await sendOutboxItem(opts.fetchFn, opts.baseUrl, run[0]!)];
  const { answers, whole } = await sendOutboxBatch(opts.fetchFn, opts.baseUrl, run);
  if (!whole) return answers;
  const s = whole.status;
  if (s === 401 || s === 408 || s === 429 || s >= 500) return [whole];
  return [await sendOutboxItem(opts.fetchFn, opts.baseUrl, run[0]!)];
}

/** Sends until the outbox has nothing sendable; returns the wait before the next try, if any. */
async function flushLocked(ctx: EngineContext, opts: FlushOptions): Promise<number | null> {
  const { db, status, random, now } = ctx;
  if ((await ctx.getMeta<string>(ENGINE_META.pausedFor)) !== undefined) {
    status.set({ needsLogin: true });
    return null;
  }
  const merges = new Map<number, number>();
  let preferred: number | null = null;
  let reportedHeld = false;
  for (;;) {
    const { item: next, heldForOthers, run: candidates } = await pickNext(ctx, preferred);
    preferred = null;
    if (heldForOthers.length && !reportedHeld) {
      reportedHeld = true;
      status.set({ message: heldMessage(heldForOthers) });
    }
    if (!next) return null;
    const run = await prepareRun(ctx, candidates);
    if (!run.length) continue;
    let answers: WriteAnswer[];
    try {
      answers = await send(opts, run);
      // Refused as a whole before anything was applied (an ended session, too many requests):
      // the first item's answer stands for all, which go again later in their order.
      const whole =
        answers.length === 1 && run.length > 1 && (answers[0]!.status === 401 || answers[0]!.status === 429);
      if (whole)
        await db.outbox.bulkUpdate(
          run.slice(1).map((item) => ({ key: item.localId!, changes: { inFlightSeq: undefined } })),
        );
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      status.set({ online: false });
      const ms = retryDelay(run[0]!.attempts, random, null);
      await db.outbox.update(run[0]!.localId!, { nextAttemptAt: now() + ms });
      return ms;
    }
    status.set({ online: true });
    // Each answer dealt with as if its item had been sent alone (the successes at the head
    // together); the items after the last answer were not tried and go again (under their
    // numbers, still in flight).
    const successes = leadingSuccesses(answers);
    if (successes > 1) {
      await applySuccesses(db, run.slice(0, successes), answers.slice(0, successes));
    }
    for (const [i, answer] of answers.entries()) {
      if (successes > 1 && i < successes) continue;
      const step = await handleAnswer(ctx, run[i]!, answer, merges);
      if (step.kind === 'stop') return null;
      if (step.kind === 'retry') return step.ms;
      if (step.kind === 'again') {
        preferred = step.localId;
        break;
      }
    }
  }
}

export function createFlushLoop(ctx: EngineContext, opts: FlushOptions): FlushLoop {
  const { db, now } = ctx;
  let flushing = false;
  let flushAgain = false;
  let retryScheduled = false;
  let notBefore = 0;
  let stopped = false;

  function scheduleRetry(ms: number): void {
    notBefore = now() + ms;
    if (retryScheduled) return;
    retryScheduled = true;
    void opts.sleep(ms).then(() => {
      retryScheduled = false;
      notBefore = 0;
      if (!stopped) void flush().catch(() => undefined);
    });
  }

  async function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return;
    }
    if (notBefore && now() < notBefore) return; // a retry is scheduled (backoff, Retry-After)
    flushing = true;
    let retryIn: number | null = null;
    try {
      await ctx.busy(async () => {
        do {
          flushAgain = false;
          const result = await withLockIfAvailable(opts.locks, OUTBOX_LOCK, `${OUTBOX_LOCK}:${db.name}`, () =>
            flushLocked(ctx, opts),
          );
          retryIn = result.ran ? result.value : null;
        } while (flushAgain && retryIn === null);
      });
    } finally {
      flushing = false;
    }
    // After the lock and the flag are released, or the retry would find them taken.
    if (retryIn !== null) scheduleRetry(retryIn);
  }

  return {
    flush,
    clearWait: () => {
      notBefore = 0;
    },
    stop: () => {
      stopped = true;
    },
    resume: () => {
      stopped = false;
    },
  };
}
