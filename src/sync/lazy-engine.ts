// The page's sync engine, loaded when it is first needed rather than with the first page: the
// engine (outbox flush, delta pull, the feed's schemas and zod with them) is most of what the
// login screen does not need. Callers see the same SyncEngine; calls made before the code has
// arrived wait for it.
import type { InterschoolsDb } from '../db/database';
import type { SyncEngine } from './engine';

export function createLazySyncEngine(db: InterschoolsDb): SyncEngine {
  let loading: Promise<SyncEngine> | undefined;
  const engine = () => (loading ??= import('./engine').then(({ createSyncEngine }) => createSyncEngine({ db })));
  return {
    flush: () => engine().then((e) => e.flush()),
    pull: () => engine().then((e) => e.pull()),
    syncNow: () => engine().then((e) => e.syncNow()),
    resumeFor: (username) => engine().then((e) => e.resumeFor(username)),
    start() {
      let stop: (() => void) | undefined;
      let stopped = false;
      void engine().then((e) => {
        if (!stopped) stop = e.start();
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
