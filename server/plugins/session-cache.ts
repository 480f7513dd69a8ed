// Recent session lookups, kept in this process's memory so that a request does not pay a query
// to learn who sent it. Sessions live in the database (several instances may share it), so an
// entry is only as good as the news of changes: triggers NOTIFY 'session_changed' whenever a
// session or a user row changes or goes (migration 0002), every instance listens and forgets
// what changed, and this instance also forgets at once what it changes itself. If the listening
// connection breaks, the cache empties and stays off until listening works again; entries also
// expire after `ttlMs` whatever happens.
//
// A lookup that was under way when news of a change arrived must not be kept: it may have read the
// row before the change (another instance's logout committing between our SELECT and our `set`),
// and nothing would forget it for `ttlMs`. So a lookup takes `mark()` before it reads and `set`
// keeps it only if nothing was forgotten since.
import type { Database, Unlisten } from '../db/client';

const SESSION_CHANNEL = 'session_changed';

type Entry<T> = { value: T; userId: string; expires: number };

export type SessionCache<T> = {
  get(tokenHash: string): T | undefined;
  /** Taken before a lookup reads the database; given to `set` with what it read. */
  mark(): number;
  /** Keeps `value` unless something was forgotten since `since` (a mark taken before the read). */
  set(tokenHash: string, userId: string, value: T, since?: number): void;
  forgetSession(tokenHash: string): void;
  forgetUser(userId: string): void;
  readonly enabled: boolean;
  close(): Promise<void>;
};

type Options = {
  listen: Database['listen'] | undefined;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  onLost?: (err: Error) => void;
};

const RELISTEN_MS = 5_000;

export async function createSessionCache<T>({
  listen,
  ttlMs,
  maxEntries,
  now = Date.now,
  onLost,
}: Options): Promise<SessionCache<T>> {
  const entries = new Map<string, Entry<T>>();
  let enabled = false;
  let closed = false;
  let unlisten: Unlisten | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Counts what was forgotten: a lookup read before a change is not kept (above). */
  let forgotten = 0;

  const forgetSession = (tokenHash: string) => {
    forgotten += 1;
    entries.delete(tokenHash);
  };
  const forgetUser = (userId: string) => {
    forgotten += 1;
    for (const [hash, entry] of entries) if (entry.userId === userId) entries.delete(hash);
  };
  const onMessage = (payload: string) => {
    if (payload.startsWith('s:')) forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) forgetUser(payload.slice(2));
  };
  const start = async (): Promise<void> => {
    if (!listen || closed) return;
    try {
      unlisten = await listen(SESSION_CHANNEL, onMessage, (err) => {
        enabled = false;
        forgotten += 1;
        entries.clear();
        onLost?.(err);
        if (!closed) retry = setTimeout(() => void start(), RELISTEN_MS);
      });
      enabled = !closed;
    } catch (err) {
      onLost?.(err as Error);
      if (!closed) retry = setTimeout(() => void start(), RELISTEN_MS);
    }
  };
  await start();

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (!enabled || entry.expires <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.value;
    },
    mark: () => forgotten,
    set(tokenHash, userId, value, since) {
      if (!enabled || (since !== undefined && since !== forgotten)) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { value, userId, expires: now() + ttlMs });
    },
    forgetSession,
    forgetUser,
    get enabled() {
      return enabled;
    },
    async close() {
      closed = true;
      enabled = false;
      clearTimeout(retry);
      entries.clear();
      await unlisten?.();
    },
  };
}
