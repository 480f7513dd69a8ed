// Recent session lookups, kept in this process's memory so that a request does not pay a query
// to learn who sent it. Sessions live in the database (several instances may share it), so an
// entry is only as good as the news of changes: triggers NOTIFY 'session_changed' whenever a
// session or a user row changes or goes (migration 0002), every instance listens and forgets
// what changed, and this instance also forgets at once what it changes itself. If the listening
// connection breaks, the cache empties and stays off until listening works again; entries also
// expire after `ttlMs` whatever happens.
import type { Database, Unlisten } from '../db/client';

export const SESSION_CHANNEL = 'session_changed';

type Entry<T> = { value: T; userId: string; expires: number };

export type SessionCache<T> = {
  get(tokenHash: string): T | undefined;
  set(tokenHash: string, userId: string, value: T): void;
  forgetSession(tokenHash: string): void;
  forgetUser(userId: string): void;
  readonly enabled: boolean;
  close(): Promise<void>;
};

type Options = { listen: Database['listen'] | undefined; ttlMs: number; maxEntries: number; now?: () => number; onLost?: (err: Error) => void };

const RELISTEN_MS = 5_000;

export async function createSessionCache<T>({ listen, ttlMs, maxEntries, now = Date.now, onLost }: Options): Promise<SessionCache<T>> {
  const entries = new Map<string, Entry<T>>();
  let enabled = false;
  let closed = false;
  let unlisten: Unlisten | undefined;
  let retry: NodeJS.Timeout | undefined;

  const forgetUser = (userId: string) => {
    for (const [hash, entry] of entries) if (entry.userId === userId) entries.delete(hash);
  };
  const onMessage = (payload: string) => {
    if (payload.startsWith('s:')) entries.delete(payload.slice(2));
    else if (payload.startsWith('u:')) forgetUser(payload.slice(2));
  };
  const start = async (): Promise<void> => {
    if (!listen || closed) return;
    try {
      unlisten = await listen(SESSION_CHANNEL, onMessage, (err) => {
        enabled = false;
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
    set(tokenHash, userId, value) {
      if (!enabled) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { value, userId, expires: now() + ttlMs });
    },
    forgetSession: (tokenHash) => { entries.delete(tokenHash); },
    forgetUser,
    get enabled() { return enabled; },
    async close() {
      closed = true;
      enabled = false;
      clearTimeout(retry);
      entries.clear();
      await unlisten?.();
    },
  };
}
