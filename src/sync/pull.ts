// The delta pull (src/sync/README.md 'Pull'): pages of the session's scope from the server's cursor,
// each stored with its cursor in one Dexie transaction, tombstones deleting rows, rows with
// queued changes keeping them laid over the pulled row; resetRequired downloads the scope again
// and keeps the outbox. A download that begins at 0 says so on its later pages (`initial`).
// Two feeds run this way: the main one (the session's school and event) and, for race officials,
// the race-day feed (every event shown for start lists), each with its own scope, cursor and tables.
import { NetworkError, fetchChanges, type ChangesAnswer, type FeedRoute, type FetchFn } from '../api/sync';
import type { InterschoolsDb } from '../db/database';
import { RACE_DAY_SYNC_SCOPE, getCursor, setCursor, setLastSyncedAt } from '../db/meta';
import { syncApi, type SyncResponse } from '../domain/schemas/api/sync';
import { queuedForRows, rowsWithQueuedWrites } from '../db/outbox';
import { answersStored } from './answered-rows';
import { ENGINE_META, rowKeyString } from './engine-meta';
import { keyFromString, keyOfRow, rowOnArrival, type Row } from './rows';
import type { SyncStatusStore } from './status';

/** Rows asked for per page: fewer pages are fewer round trips and transactions, and a page of
 *  2,000 rows is still stored well within a second on a tablet. */
export const PAGE_LIMIT = 2000;

export interface Feed {
  name: 'main' | 'raceDay';
  route: FeedRoute;
  /** The meta key of the feed's last scope key. */
  scopeMeta: string;
  /** The meta scope under which the last sync time is kept for screens ('as of 09:42'). */
  syncedScope: string | null;
}

/** A page asked for, with the count of stored answers when it was asked for. */
type Asked = { answer: ChangesAnswer; answersBefore: number };

const MAIN_FEED: Feed = { name: 'main', route: syncApi.changes, scopeMeta: ENGINE_META.scope, syncedScope: null };
export const RACE_DAY_FEED: Feed = {
  name: 'raceDay',
  route: syncApi.raceDay,
  scopeMeta: ENGINE_META.raceDayScope,
  syncedScope: RACE_DAY_SYNC_SCOPE,
};

export type PullContext = {
  db: InterschoolsDb;
  fetchFn: FetchFn;
  baseUrl: string;
  status: SyncStatusStore;
  now: () => number;
  getMeta<T>(key: string): Promise<T | undefined>;
  setMeta(key: string, value: unknown): Promise<unknown>;
  activeUser(): Promise<string | null>;
};

/** Stores one table's changes of a page, inside the page's transaction: tombstones delete, and a
 *  row with queued changes keeps them laid over the pulled row (rows.ts `rowOnArrival`). */
async function storeTableChanges(
  db: InterschoolsDb,
  entity: string,
  changes: SyncResponse['changes'],
  answeredMeanwhile: boolean,
): Promise<void> {
  const table = db.table(entity);
  const deletes: unknown[] = [];
  const upserts: { key: unknown; row: Row }[] = [];
  for (const change of changes) {
    if (change.deleted || !change.row) deletes.push(keyFromString(table, change.key));
    else
      upserts.push({
        key: keyOfRow(table, change.row as Row) ?? keyFromString(table, change.key),
        row: change.row as Row,
      });
  }
  if (deletes.length) await table.bulkDelete(deletes as never[]);
  // A save of several rows is queued for each of them: a pulled row keeps what it changes.
  const queuedByRow = await queuedForRows(
    db,
    entity,
    upserts.map((u) => rowKeyString(u.key)),
  );
  const queuedOf = (key: unknown) => queuedByRow.get(rowKeyString(key)) ?? [];
  // The device's row matters where something of it is queued, or an answer stored since the
  // page was asked for may hold a newer row than the page's.
  const asked = upserts.filter((u) => answeredMeanwhile || queuedOf(u.key).length > 0);
  const held = asked.length ? ((await table.bulkGet(asked.map((u) => u.key) as never[])) as (Row | undefined)[]) : [];
  const locals = new Map(asked.map((u, i) => [u, held[i]]));
  const puts: Row[] = [];
  for (const upsert of upserts) {
    const queued = queuedOf(upsert.key);
    for (const q of queued) await db.outbox.update(q.localId!, { serverRow: upsert.row });
    const stored = rowOnArrival(locals.get(upsert), upsert.row, queued);
    if (stored) puts.push(stored);
  }
  if (puts.length) await table.bulkPut(puts);
}

/** Stores a page asked for when `answersBefore` answers had been stored (answered-rows.ts), with
 *  its cursor, in one transaction. */
async function applyPage(db: InterschoolsDb, scope: string, page: SyncResponse, answersBefore: number): Promise<void> {
  await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    // An answer stored since the page was asked for may hold a newer row than the page's.
    const answeredMeanwhile = (await answersStored(db)) !== answersBefore;
    const kept = new Set(db.mirrorTables().map((t) => t.name));
    const byEntity = new Map<string, SyncResponse['changes']>();
    for (const change of page.changes) {
      const list = byEntity.get(change.entity);
      if (list) list.push(change);
      else byEntity.set(change.entity, [change]);
    }
    // The server sends each row at most once a page, so deletes and puts of a table can be batched.
    for (const [entity, changes] of byEntity) {
      // A table this device no longer keeps (an older server's feed): nothing to store.
      if (kept.has(entity)) await storeTableChanges(db, entity, changes, answeredMeanwhile);
    }
    await setCursor(db, scope, String(page.cursor));
  });
}

/** resetRequired: the feed's scope is downloaded again; rows with queued items stay (the outbox too). */
async function resetMirror(db: InterschoolsDb, feed: Feed, scope: string): Promise<void> {
  await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    const queued = await rowsWithQueuedWrites(db);
    for (const table of db.feedTables(feed.name)) {
      const keep = queued.get(table.name);
      if (!keep?.size) await table.clear();
      else await table.filter((row: Row) => !keep.has(rowKeyString(keyOfRow(table, row)))).delete();
    }
    await setCursor(db, scope, '0');
  });
}

/** Returns the pull of a feed: one run downloads every page of its current scope. */
export function createPull(ctx: PullContext, feed: Feed = MAIN_FEED): () => Promise<void> {
  const { db, fetchFn, baseUrl, status, now, getMeta, setMeta, activeUser } = ctx;

  async function pullOnce(): Promise<void> {
    if ((await getMeta<string>(ENGINE_META.pausedFor)) !== undefined) {
      status.set({ needsLogin: true });
      return;
    }
    let scope = (await getMeta<string>(feed.scopeMeta)) ?? null;
    let cursor = scope ? Number((await getCursor(db, scope)) ?? 0) : 0;
    let resets = 0;
    // A download that begins at 0 tells the server so on its later pages (see readChanges).
    let initial = cursor === 0;
    // The next page is asked for while this one is stored: on mountain Wi-Fi the round trip, not
    // IndexedDB, is most of a download. A page that changes the scope or asks for a reset drops it.
    let next: Promise<Asked> | null = null;
    const ask = async (from: number, sayInitial: boolean): Promise<Asked> => {
      const answersBefore = await answersStored(db);
      return { answersBefore, answer: await fetchChanges(fetchFn, baseUrl, from, PAGE_LIMIT, sayInitial, feed.route) };
    };
    for (let guard = 0; guard < 100_000; guard += 1) {
      let asked: Asked;
      try {
        asked = await (next ?? ask(cursor, initial && cursor > 0));
      } catch (err) {
        if (err instanceof NetworkError) {
          status.set({ online: false });
          return;
        }
        throw err;
      } finally {
        next = null;
      }
      const { answer, answersBefore } = asked;
      status.set({ online: true });
      if (answer.status === 401) {
        await setMeta(ENGINE_META.pausedFor, (await activeUser()) ?? '');
        status.set({ needsLogin: true });
        return;
      }
      const page = answer.page;
      if (!page) return; // no scope yet (no school/event picked), or the server cannot answer now
      if (page.scopeKey !== scope) {
        scope = page.scopeKey;
        await setMeta(feed.scopeMeta, scope);
        // Race day's scope is the set of events shown: a new set replaces the old rows.
        if (feed.name === 'raceDay') await resetMirror(db, feed, scope);
        if (cursor !== 0) {
          cursor = 0; // that scope starts from the beginning
          initial = true;
          continue;
        }
      }
      if (page.resetRequired) {
        if (++resets > 2) throw new Error('The change feed keeps asking for a reset');
        await resetMirror(db, feed, scope);
        cursor = 0;
        initial = true;
        continue;
      }
      if (page.hasMore) {
        next = ask(page.cursor, initial);
        // Awaited on the next turn; a store that fails first must not leave it unhandled.
        next.catch(() => undefined);
      }
      await applyPage(db, scope, page, answersBefore);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    if (scope) {
      const at = new Date(now()).toISOString();
      await setLastSyncedAt(db, feed.syncedScope ?? scope, at);
      if (feed.name === 'main') status.set({ lastSyncedAt: at });
    }
  }

  return pullOnce;
}
