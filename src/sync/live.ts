// The live feed on a device (GET /api/sync/live; server/modules/sync/live.ts): while the page is
// visible, online and signed in, a stream stays open and each 'change' it says asks for a pull,
// coalesced (one pull at a time, and changes said during a pull make one more after it). Once the
// stream has said 'ready' the device is live, and the engine's timer no longer pulls (the push
// brings changes sooner, so the device never pulls more than it would have). A stream that fails
// or never says 'ready' (a proxy that buffers it, the server away) is tried again with back-off,
// 1 s doubling to a minute, while the timed pull carries on as before.
import { LIVE_PATH } from '../domain/schemas/api/live-path';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** The part of the browser's EventSource the feed uses (a test may give its own). */
export interface StreamSource {
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}
export type OpenStream = (url: string) => StreamSource;

export interface LiveFeedOptions {
  baseUrl: string;
  /** Pulls the device's feeds (the engine's pull). */
  pull(): Promise<void>;
  /** Whether a stream should be open now: signed in, online, the page visible. */
  wanted(): boolean;
  /** Told when the device becomes live or stops being live. */
  onLive(live: boolean): void;
  open?: OpenStream;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface LiveFeed {
  /** Opens or closes the stream as `wanted()` now says (called on online, offline, visibility). */
  update(): void;
  readonly live: boolean;
  stop(): void;
}

const browserStream: OpenStream | undefined =
  typeof EventSource === 'undefined' ? undefined : (url) => new EventSource(url, { withCredentials: true });

/** Runs `task` now, or once more after the run under way when asked during it (never two at once,
 *  and any number of asks during a run make one more). Its failures are the next run's to mend. */
function coalesced(task: () => Promise<void>): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

export function createLiveFeed(opts: LiveFeedOptions): LiveFeed {
  const open = opts.open ?? browserStream;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let source: StreamSource | null = null;
  let live = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: unknown = null;
  let stopped = false;
  const pullSoon = coalesced(opts.pull);

  const setLive = (next: boolean) => {
    if (next !== live) {
      live = next;
      opts.onLive(next);
    }
  };

  function close() {
    source?.close();
    source = null;
    setLive(false);
  }

  function connect() {
    if (!open || stopped || source || retry !== null || !opts.wanted()) return;
    const stream = open(`${opts.baseUrl}${LIVE_PATH}`);
    source = stream;
    stream.addEventListener('ready', () => {
      if (source !== stream) return;
      retryMs = FIRST_RETRY_MS;
      setLive(true);
      // What changed while the device was not live is pulled now.
      pullSoon();
    });
    stream.addEventListener('change', () => {
      if (source === stream) pullSoon();
    });
    stream.addEventListener('error', () => {
      if (source !== stream) return;
      // The browser would retry at once and for ever; the feed backs off instead.
      close();
      retry = setTimer(() => {
        retry = null;
        connect();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    });
  }

  return {
    update() {
      if (opts.wanted()) connect();
      else close();
    },
    get live() {
      return live;
    },
    stop() {
      stopped = true;
      if (retry !== null) clearTimer(retry);
      retry = null;
      close();
    },
  };
}
