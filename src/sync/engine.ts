// The offline sync engine (src/sync/README.md): flushes the outbox in
// sequence order under the Web Lock 'outbox' (src/sync/flush-loop.ts, one module per kind of
// answer) and pulls the delta feed into the mirror (src/sync/pull.ts). One engine per page (or
// service worker); several engines on one database are safe: only the lock holder sends, and the
// server applies each (client id, sequence number) once.
import { closedToSchools } from '../domain/rules/event-calendar';
import type { FetchFn } from '../api/sync';
import type { InterschoolsDb } from '../db/database';
import { getSessionUser } from '../db/meta';
import { listByStatus } from '../db/outbox';
import { canViewRaceDay } from '../domain/rules/access';
import { releaseUnlocked } from './blocked';
import { createEngineContext, heldMessage, sameUser } from './engine-context';
import type { OpenStream } from './live';
import { startEngine } from './engine-start';
import { ENGINE_META } from './engine-meta';
import { createFlushLoop } from './flush-loop';
import { defaultLocks } from './lock';
import { RACE_DAY_FEED, createPull } from './pull';
import { syncStatus, type SyncStatusStore } from './status';

export interface SyncEngineOptions {
  db: InterschoolsDb;
  /** '' (default) = same origin. */
  baseUrl?: string;
  fetch?: FetchFn;
  status?: SyncStatusStore;
  /** Default navigator.locks when present; null = the in-process mutex. */
  locks?: LockManager | null;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Opens the live feed's stream (the browser's EventSource by default; none where there is none). */
  openStream?: OpenStream;
}

export interface SyncEngine {
  flush(): Promise<void>;
  pull(): Promise<void>;
  syncNow(): Promise<void>;
  start(): () => void;
  resumeFor(username: string): Promise<void>;
}

/**
 * Changes blocked by a lock go back to the queue once the pulled event no longer holds them (an
 * admin unlocked the event, moved its entries close later, or lifted its volunteer lock); the lock
 * signal goes when the session's event is open again. Returns how many changes were released.
 */
async function liftLocks(db: InterschoolsDb, status: SyncStatusStore): Promise<number> {
  const released = await releaseUnlocked(db);
  const user = await getSessionUser(db);
  const sessionEvent = user?.EventId ? await db.events.get(user.EventId) : undefined;
  if (status.get().locked && sessionEvent && !closedToSchools(sessionEvent, new Date()))
    status.set({ locked: false, message: null });
  return released;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db } = opts;
  const baseUrl = (opts.baseUrl ?? '').replace(/\/$/, '');
  const fetchFn: FetchFn = opts.fetch ?? ((...args) => globalThis.fetch(...args));
  const status = opts.status ?? syncStatus;
  const ctx = createEngineContext({ db, status, random: opts.random ?? Math.random, now: opts.now ?? Date.now });
  const loop = createFlushLoop(ctx, {
    fetchFn,
    baseUrl,
    locks: opts.locks === undefined ? defaultLocks() : opts.locks,
    sleep: opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  });
  const flush = loop.flush;
  const pullContext = { ...ctx, fetchFn, baseUrl };
  const pullMain = createPull(pullContext);
  const pullRaceDay = createPull(pullContext, RACE_DAY_FEED);

  /** The session's feed, then for race officials the race day of every event shown; changes a
   *  lock held are sent once the feed says the event is open again. A pull that gets through after
   *  calls failed says the network is back, which a browser whose connection never dropped (a
   *  site's Wi-Fi that lost its way down) does not announce: what waits goes then, not at the
   *  backoff's next try, which grows to five minutes. */
  async function pull(): Promise<void> {
    let released = 0;
    const wasOffline = !status.get().online;
    await ctx.busy(async () => {
      await pullMain();
      const user = await getSessionUser(db);
      if (user && canViewRaceDay(user.type) && status.get().online && !status.get().needsLogin) await pullRaceDay();
      released = await liftLocks(db, status);
    });
    if (released || (wasOffline && status.get().online)) {
      loop.clearWait();
      await flush();
    }
  }

  async function syncNow(): Promise<void> {
    await flush();
    await pull();
  }

  async function resumeFor(username: string): Promise<void> {
    await db.transaction('rw', db.meta, async () => {
      await db.meta.delete(ENGINE_META.pausedFor);
      await ctx.setMeta(ENGINE_META.user, username);
    });
    loop.clearWait();
    const others = (await listByStatus(db, 'pending')).filter((i) => i.userId && !sameUser(i.userId, username));
    status.set({ needsLogin: false, message: others.length ? heldMessage(others) : null });
    await syncNow();
  }

  const start = () => startEngine({ db, baseUrl, status, loop, flush, pull, syncNow, openStream: opts.openStream });
  return { flush, pull, syncNow, start, resumeFor };
}
