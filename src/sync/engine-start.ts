// What sets an engine going on a page (engine.ts `start`): the browser's signals (online, offline,
// focus, the page shown again) ask for a sync, the live feed pulls while the server pushes
// (live.ts), the 30 s timer sends and, while not live, pulls, and a write queued in another tab
// or the service worker is sent. Returns what stops it all.
import type { InterschoolsDb } from '../db/database';
import { createLiveFeed, type OpenStream } from './live';
import type { SyncStatusStore } from './status';
import { onOutboxChange } from './writes';

/** The timed pull: every 30 s while the device is not live (src/sync/live.ts). */
export const TIMER_MS = 30_000;

export interface EngineParts {
  db: InterschoolsDb;
  baseUrl: string;
  status: SyncStatusStore;
  loop: { resume(): void; stop(): void; clearWait(): void };
  flush(): Promise<void>;
  pull(): Promise<void>;
  syncNow(): Promise<void>;
  openStream?: OpenStream;
}

const hasWindow = () => typeof window !== 'undefined' && typeof window.addEventListener === 'function';
const hasDocument = () => typeof document !== 'undefined' && typeof document.addEventListener === 'function';

/** Listens for a browser event until the returned function is called. */
function listen(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  type: string,
  listener: () => void,
): () => void {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/** The browser's signals: online (the network is back: the backoff's wait ends), offline, focus and
 *  the page shown again ask for a sync; the page shown or hidden is also told to `visibility`. */
function pageSignals(
  status: SyncStatusStore,
  loop: EngineParts['loop'],
  kick: () => void,
  visibility: () => void,
): (() => void)[] {
  const stops: (() => void)[] = [];
  if (hasWindow()) {
    stops.push(
      listen(window, 'online', () => {
        status.set({ online: true });
        loop.clearWait();
        kick();
      }),
      listen(window, 'offline', () => status.set({ online: false })),
      listen(window, 'focus', kick),
    );
  }
  if (hasDocument()) {
    stops.push(
      listen(document, 'visibilitychange', () => {
        visibility();
        if (document.visibilityState === 'visible') kick();
      }),
    );
  }
  return stops;
}

export function startEngine({ db, baseUrl, status, loop, flush, pull, syncNow, openStream }: EngineParts): () => void {
  loop.resume();
  const kick = () => void syncNow().catch(() => undefined);
  const send = () => void flush().catch(() => undefined);
  // Live, changes are pulled as the server says them; the timer then only sends (live.ts).
  const liveFeed = createLiveFeed({
    baseUrl,
    pull,
    wanted: () =>
      status.get().online &&
      !status.get().needsLogin &&
      (typeof document === 'undefined' || document.visibilityState !== 'hidden'),
    onLive: (live) => status.set({ live }),
    open: openStream,
  });
  // A hidden page closes its stream; shown again, it opens it and syncs.
  const cleanups = pageSignals(status, loop, kick, () => liveFeed.update());
  cleanups.push(
    status.subscribe(() => liveFeed.update()),
    () => liveFeed.stop(),
  );
  liveFeed.update();
  const timer = setInterval(() => (liveFeed.live ? send() : kick()), TIMER_MS);
  cleanups.push(() => clearInterval(timer));
  cleanups.push(
    onOutboxChange((message) => {
      if (message?.database === db.name) send();
    }),
  );
  kick();
  return () => {
    loop.stop();
    for (const c of cleanups.splice(0)) c();
  };
}
