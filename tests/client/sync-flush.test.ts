// @vitest-environment node
// The outbox flush against the real server (ARCHITECTURE.md 'Client: offline first', 'Flush').
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getClientId } from '../../src/db/meta';
import { InterschoolsDb } from '../../src/db/database';
import {
  appliedSeqs, dropDatabases, waitFor, engineFor, freshDb, person, queueCreate, queuePatch, serverRows, world, type World,
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
    expect(status.get()).toMatchObject({ pending: 0, failed: 0, blocked: 0, syncing: false });
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
      if (calls === 1 || calls === 3) return new Response('{"statusCode":503,"message":"down"}', { status: 503, headers: { 'retry-after': '7' } });
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
