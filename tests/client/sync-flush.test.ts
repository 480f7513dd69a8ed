// The outbox flush against the real server (src/sync/README.md 'Flush').
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { afterEach, describe, expect, it } from 'vitest';
import { getClientId } from '../../src/db/meta';
import { InterschoolsDb } from '../../src/db/database';
import {
  appliedSeqs,
  dropDatabases,
  offline,
  waitFor,
  engineFor,
  freshDb,
  person,
  queueCreate,
  queuePatch,
  serverRows,
  world,
  type World,
} from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

const firstnames = async (x: World) => (await serverRows(x)).map((r) => r.firstname).sort();

describe('flush', () => {
  it('an offline edit survives a database reopen and then syncs', async () => {
    w = await world();
    const name = `sync-${crypto.randomUUID()}`;
    const first = new InterschoolsDb(name);
    const row = person(w, { firstname: 'Offline' });
    await queueCreate(first, w, row);
    first.close();

    const db = freshDb(name);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'Offline', _pending: true });
    const { engine, status } = engineFor(w, db);
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect(await firstnames(w)).toEqual(['Offline']);
    const local = await db.participants.get(row.id);
    expect(local?._pending).toBeUndefined();
    expect(local?.version).toBeTypeOf('number');
    expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({
      pending: 0,
      failed: 0,
      blocked: 0,
      syncing: false,
    });
  });

  // A browser with no Background Sync whose network never said it went (a site's Wi-Fi that lost
  // its way down): the outbox's backoff grows up to five minutes, so the first call that gets
  // through says the network is back, and what waits goes then.
  it("sends what waits as soon as a pull gets through after the network was gone, not at the backoff's next try", async () => {
    w = await world();
    const x = w;
    const db = freshDb();
    let networkUp = false;
    const { engine, status, sleeps } = engineFor(w, db, {
      fetch: (input, init) => (networkUp ? x.jar.fetch(input, init) : offline(input, init)),
      // The backoff's next try does not come within this test.
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise<void>(() => undefined);
      },
    });
    await queueCreate(db, w, person(w, { firstname: 'Waiting' }));
    await engine.flush();
    expect(status.get().online).toBe(false);
    expect(sleeps).toHaveLength(1);

    networkUp = true;
    await engine.pull();
    expect(status.get().online).toBe(true);
    expect(await firstnames(w)).toEqual(['Waiting']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a response lost after the server applied the write: applied once, later items follow in order', async () => {
    w = await world();
    const db = freshDb();
    const rows = [person(w, { firstname: 'A' }), person(w, { firstname: 'B' }), person(w, { firstname: 'C' })];
    for (const r of rows) await queueCreate(db, w, r);
    const jarFetch = w.jar.fetch;
    let dropped = 0;
    const lossy: typeof fetch = async (input, init) => {
      const res = await jarFetch(input, init);
      if (init?.method === 'POST' && dropped === 0) {
        dropped += 1;
        throw new TypeError('network connection lost');
      }
      return res;
    };
    const { engine, status, sleeps } = engineFor(w, db, { fetch: lossy });
    await engine.flush();
    expect(dropped).toBe(1);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sleeps.length).toBeGreaterThan(0);
    expect(await firstnames(w)).toEqual(['A', 'B', 'C']);
    expect(await appliedSeqs(w, await getClientId(db))).toEqual([1, 2, 3]);
    expect(status.get().online).toBe(true);
  });

  it('network flapping with 503 + Retry-After: retries, then succeeds with nothing duplicated', async () => {
    w = await world();
    const db = freshDb();
    await queueCreate(db, w, person(w, { firstname: 'A' }));
    await queueCreate(db, w, person(w, { firstname: 'B' }));
    const jarFetch = w.jar.fetch;
    let calls = 0;
    const flapping: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1 || calls === 3)
        return new Response('{"statusCode":503,"message":"down"}', { status: 503, headers: { 'retry-after': '7' } });
      if (calls === 2) throw new TypeError('fetch failed');
      return jarFetch(input, init);
    };
    const { engine, sleeps } = engineFor(w, db, { fetch: flapping });
    await engine.flush();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sleeps[0]).toBeGreaterThanOrEqual(7000);
    expect(sleeps.length).toBe(3);
    expect(await firstnames(w)).toEqual(['A', 'B']);
    expect(await appliedSeqs(w, await getClientId(db))).toEqual([1, 2]);
  });

  it('two flushers racing on the same database: each sequence number once on the server', async () => {
    w = await world();
    const db = freshDb();
    for (const n of ['A', 'B', 'C', 'D']) await queueCreate(db, w, person(w, { firstname: n }));
    const one = engineFor(w, db).engine;
    const two = engineFor(w, db).engine;
    await Promise.all([one.flush(), two.flush(), one.flush()]);
    expect(await db.outbox.count()).toBe(0);
    expect(await firstnames(w)).toEqual(['A', 'B', 'C', 'D']);
    expect(await appliedSeqs(w, await getClientId(db))).toEqual([1, 2, 3, 4]);
  });

  it('a cleared device gets a new client id and its numbering starts at 1 without being refused', async () => {
    w = await world();
    const old = freshDb();
    await queueCreate(old, w, person(w, { firstname: 'Old' }));
    await engineFor(w, old).engine.flush();
    const oldId = await getClientId(old);
    await old.delete();

    const db = freshDb();
    const item = await queueCreate(db, w, person(w, { firstname: 'New' }));
    expect(item.seq).toBe(1);
    expect(item.clientId).not.toBe(oldId);
    await engineFor(w, db).engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect(await firstnames(w)).toEqual(['New', 'Old']);
    expect(await appliedSeqs(w, item.clientId)).toEqual([1]);
  });

  it('a device clock two days ahead changes nothing', async () => {
    w = await world();
    const db = freshDb();
    const ahead = () => Date.now() + 2 * 24 * 3600_000;
    const row = person(w, { firstname: 'Clock' });
    await queueCreate(db, w, row);
    const { engine } = engineFor(w, db, { now: ahead });
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    await queuePatch(db, w, row.id, { lastname: 'Later' });
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect((await serverRows(w))[0]).toMatchObject({ firstname: 'Clock', lastname: 'Later' });
    expect(await db.participants.get(row.id)).toMatchObject({ lastname: 'Later' });
  });
});

describe('batched flush', () => {
  /** The device's fetch, counting what it sends: batches and their sizes, single writes. */
  function counting(w: World) {
    const sent: { batch: number | null; path: string }[] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (init?.method && init.method !== 'GET') {
        const writes =
          url.pathname === '/api/sync/batch'
            ? (JSON.parse(String(init.body)) as { writes: unknown[] }).writes.length
            : null;
        sent.push({ batch: writes, path: url.pathname });
      }
      return w.jar.fetch(input, init);
    };
    return { sent, fetchFn };
  }

  async function fiveOnServer(w: World, db: InterschoolsDb) {
    const rows = ['A', 'B', 'C', 'D', 'E'].map((n) => person(w, { firstname: n }));
    for (const r of rows) await queueCreate(db, w, r);
    await engineFor(w, db).engine.flush();
    expect(await db.outbox.count()).toBe(0);
    return rows;
  }

  it('sends a run of edits of different rows in one request, each applied once in order', async () => {
    w = await world();
    const db = freshDb();
    const rows = await fiveOnServer(w, db);
    for (const r of rows) await queuePatch(db, w, r.id, { firstname: `${r.firstname}2` });
    const { sent, fetchFn } = counting(w);
    await engineFor(w, db, { fetch: fetchFn }).engine.flush();
    expect(sent).toEqual([{ batch: 5, path: '/api/sync/batch' }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await firstnames(w)).toEqual(['A2', 'B2', 'C2', 'D2', 'E2']);
    expect(await appliedSeqs(w, await getClientId(db))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The device's rows took the versions the server answered.
    for (const r of rows)
      expect(await db.participants.get(r.id)).toMatchObject({ firstname: `${r.firstname}2`, version: 2 });
  });

  it('stops at a refused edit: the ones before it applied, it set aside, the ones after sent next', async () => {
    w = await world();
    const db = freshDb();
    const rows = await fiveOnServer(w, db);
    await queuePatch(db, w, rows[0]!.id, { firstname: 'A2' });
    await queuePatch(db, w, rows[1]!.id, { firstname: 'B2' });
    await queuePatch(db, w, rows[2]!.id, { gender: 'Unknown' as never });
    await queuePatch(db, w, rows[3]!.id, { firstname: 'D2' });
    await queuePatch(db, w, rows[4]!.id, { firstname: 'E2' });
    const { sent, fetchFn } = counting(w);
    await engineFor(w, db, { fetch: fetchFn }).engine.flush();
    expect(sent).toEqual([
      { batch: 5, path: '/api/sync/batch' },
      { batch: 2, path: '/api/sync/batch' },
    ]);
    expect(await firstnames(w)).toEqual(['A2', 'B2', 'C', 'D2', 'E2']);
    const left = await db.outbox.toArray();
    expect(left).toEqual([expect.objectContaining({ rowId: rows[2]!.id, status: 'failed' })]);
  });

  it("a second edit of a row stating its version waits for the first one's answer", async () => {
    w = await world();
    const db = freshDb();
    const rows = await fiveOnServer(w, db);
    await queuePatch(db, w, rows[0]!.id, { firstname: 'A2' });
    await queuePatch(db, w, rows[1]!.id, { firstname: 'B2' });
    await queuePatch(db, w, rows[0]!.id, { lastname: 'Later' });
    const { sent, fetchFn } = counting(w);
    await engineFor(w, db, { fetch: fetchFn }).engine.flush();
    expect(sent.map((s) => s.batch ?? 1)).toEqual([2, 1]);
    expect(await db.outbox.count()).toBe(0);
    expect((await serverRows(w)).find((r) => r.id === rows[0]!.id)).toMatchObject({
      firstname: 'A2',
      lastname: 'Later',
    });
  });

  it('a batch whose answer is lost is sent again under the same numbers and applied once', async () => {
    w = await world();
    const db = freshDb();
    const rows = await fiveOnServer(w, db);
    for (const r of rows) await queuePatch(db, w, r.id, { firstname: `${r.firstname}2` });
    let dropped = 0;
    const lossy: typeof fetch = async (input, init) => {
      const res = await w!.jar.fetch(input, init);
      if (String(input).endsWith('/api/sync/batch') && dropped === 0) {
        dropped += 1;
        throw new TypeError('network connection lost');
      }
      return res;
    };
    await engineFor(w, db, { fetch: lossy }).engine.flush();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(dropped).toBe(1);
    expect(await firstnames(w)).toEqual(['A2', 'B2', 'C2', 'D2', 'E2']);
    expect(await appliedSeqs(w, await getClientId(db))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await serverRows(w)).every((r) => r.version === 2)).toBe(true);
  });
});
