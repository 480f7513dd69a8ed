// The sync state every screen shows (online or offline, live, syncing) and the two
// signals the shell acts on: login required (401) and event locked (410). A tiny store with
// subscribe/get, so React reads it with useSyncExternalStore and the service worker can run
// without React. The engine (src/sync) writes it; screens only read it.

export type SyncStatus = {
  online: boolean;
  /** The live feed is open (src/sync/live.ts): other devices' changes arrive within seconds. */
  live: boolean;
  /** A flush or pull is running. */
  syncing: boolean;
  /** A 401 paused the outbox: the app goes to /login; it resumes for the same user only. */
  needsLogin: boolean;
  /** A 410 was received: editing ends, grids are read-only. */
  locked: boolean;
  lastSyncedAt: string | null;
  /** The last problem worth telling the user (e.g. a merge that kept the server's value). */
  message: string | null;
};

const initial: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  live: false,
  syncing: false,
  needsLogin: false,
  locked: false,
  lastSyncedAt: null,
  message: null,
};

export type SyncStatusStore = {
  get(): SyncStatus;
  set(patch: Partial<SyncStatus>): void;
  subscribe(listener: () => void): () => void;
};

export function createSyncStatusStore(start: Partial<SyncStatus> = {}): SyncStatusStore {
  let state: SyncStatus = { ...initial, ...start };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const next = { ...state, ...patch };
      if ((Object.keys(patch) as (keyof SyncStatus)[]).every((k) => Object.is(next[k], state[k]))) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's store. */
export const syncStatus = createSyncStatusStore();
