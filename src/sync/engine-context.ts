// What the parts of the sync engine share: the database, the status store, the clock and
// randomness (injected by tests), the engine's keys in meta, and the syncing flag and outbox
// counts every screen shows.
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { getSessionUser } from '../db/meta';
import { ENGINE_META } from './engine-meta';
import type { SyncStatusStore } from './status';

export interface EngineContext {
  db: InterschoolsDb;
  status: SyncStatusStore;
  random: () => number;
  now: () => number;
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<unknown>;
  /** The user whose items are sent: the one the engine resumed for, else the session's. */
  activeUser(): Promise<string | null>;
  /** Runs `fn` with the syncing flag up (nested runs share it). */
  busy<T>(fn: () => Promise<T>): Promise<T>;
}

export function createEngineContext(parts: Pick<EngineContext, 'db' | 'status' | 'random' | 'now'>): EngineContext {
  const { db, status } = parts;
  let active = 0;
  const getMeta = async <T>(key: string): Promise<T | undefined> => (await db.meta.get(key))?.value as T | undefined;
  const setMeta = (key: string, value: unknown) => db.meta.put({ key, value });

  return {
    ...parts,
    getMeta,
    setMeta,
    async activeUser() {
      return (await getMeta<string>(ENGINE_META.user)) ?? (await getSessionUser(db))?.username ?? null;
    },
    async busy(fn) {
      active += 1;
      status.set({ syncing: true });
      try {
        return await fn();
      } finally {
        active -= 1;
        if (active === 0) status.set({ syncing: false });
      }
    },
  };
}

export const sameUser = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Items of other users are never sent under this session: say whose they are. */
export function heldMessage(items: OutboxItem[]): string {
  const owners = [...new Set(items.map((i) => i.userId))];
  return `${items.length} change(s) made by ${owners.join(', ')} are kept until ${owners.length > 1 ? 'they sign' : 'that user signs'} in again.`;
}
