// One device of the chaos run: a signed-in browser with its own IndexedDB database (fake-indexeddb),
// its own cookies and network, and a page running the real sync engine. A reload is what a browser
// does: the page (its engine, its open database, its unanswered requests) goes away and a new page
// opens the same database. Every outbox item the device's pages queue is noted by its local id,
// so the run can tell afterwards what became of each edit.
import 'fake-indexeddb/auto';
import { InterschoolsDb, type OutboxItem } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas/entities/user';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine';
import { createSyncStatusStore, type SyncStatusStore } from '../../src/sync/status';
import { chaosFetch, cookieFetch, type NetworkCounts, type TraceLine, type Weather } from './network';
import { rowsOfItem } from './outbox-rows';
import { pause, type Random } from './random';
import { signIn } from './server-view';

/** The engine's backoff (1 s to 5 min) run faster, so a run lasts minutes, not hours: the order of
 *  what happens is the same, the waits are shorter. */
const fastSleep = (ms: number) => pause(Math.min(ms / 10, 400));

type Page = { db: InterschoolsDb; engine: SyncEngine; status: SyncStatusStore; close(): void };

export type Device = {
  index: number;
  /** 'snowy#2': the school's key and which of its devices. */
  name: string;
  user: SessionUser;
  weather: Weather;
  /** The open page's database and engine (they change on reload). */
  page(): Page;
  /** Runs `fn` while no reload or other edit of this device is under way. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** The local ids of the outbox items queued since the last call. */
  takeQueued(): number[];
  reload(): Promise<void>;
  /** Online with no chaos: waits until the outbox holds only set-aside items, or the deadline. */
  settle(deadline: number): Promise<string | null>;
  close(): Promise<void>;
};

export type DeviceSetup = {
  url: string;
  index: number;
  name: string;
  username: string;
  password: string;
  runId: string;
  random: Random;
  counts: NetworkCounts;
  /** Where the device notes its writes and their answers. */
  trace: TraceLine[];
};

export async function openDevice(setup: DeviceSetup): Promise<Device> {
  const cookies = cookieFetch();
  const { user } = await signIn(setup.url, setup.username, setup.password, cookies);
  const dbName = `chaos-${setup.runId}-${setup.index}`;
  const weather: Weather = { offline: false, lostAnswers: 0 };
  const queued: number[] = [];
  let pages = 0;

  async function openPage(): Promise<Page> {
    const db = new InterschoolsDb(dbName, { reloadOnVersionChange: false });
    db.outbox.hook('creating', function () {
      this.onsuccess = (localId: number | undefined) => {
        if (localId !== undefined) queued.push(localId);
      };
    });
    await setSessionUser(db, user);
    const net = chaosFetch(cookies, weather, setup.random, setup.counts, {
      device: setup.name,
      page: ++pages,
      lines: setup.trace,
    });
    const status = createSyncStatusStore();
    const engine = createSyncEngine({
      db,
      baseUrl: setup.url,
      fetch: net.fetch,
      status,
      locks: null,
      random: () => setup.random.next(),
      sleep: fastSleep,
    });
    const stop = engine.start();
    return {
      db,
      engine,
      status,
      close() {
        net.kill();
        stop();
        db.close();
      },
    };
  }

  let page = await openPage();
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = turn.then(fn);
    turn = run.catch(() => undefined);
    return run;
  };

  return {
    index: setup.index,
    name: setup.name,
    user,
    weather,
    page: () => page,
    exclusive,
    takeQueued: () => queued.splice(0),
    reload: () =>
      exclusive(async () => {
        page.close();
        page = await openPage();
      }),
    async settle(deadline) {
      weather.offline = false;
      weather.lostAnswers = 0;
      for (;;) {
        const items = await page.db.outbox.toArray();
        const waiting = items.filter((item) => item.status !== 'failed');
        if (!waiting.length) return null;
        // A save of a row with a refused save waits for the user, who in this run never comes.
        const refusedRows = new Set(items.filter((item) => item.status === 'failed').flatMap(rowsOfItem));
        if (waiting.every((item) => rowsOfItem(item).some((id) => refusedRows.has(id)))) {
          return `${setup.name}: ${waiting.length} change(s) held behind a refused save of their row (${describe(waiting)})`;
        }
        if (page.status.get().needsLogin)
          return `${setup.name}: asks to sign in again with ${waiting.length} change(s) waiting`;
        if (Date.now() > deadline)
          return `${setup.name}: ${waiting.length} change(s) still waiting at the end (${describe(waiting)})`;
        await page.engine.syncNow().catch(() => undefined);
        await pause(250);
      }
    },
    async close() {
      await exclusive(async () => {
        page.close();
        await pause(50);
        const db = new InterschoolsDb(dbName, { reloadOnVersionChange: false });
        await db.delete();
      });
    },
  };
}

const describe = (items: OutboxItem[]) =>
  items
    .slice(0, 3)
    .map((i) => `${i.status} ${i.method} ${i.path}${i.error ? `: ${i.error}` : ''}`)
    .join('; ');
