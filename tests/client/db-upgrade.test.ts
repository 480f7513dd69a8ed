import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { InterschoolsDb, SCHEMA_V1 } from '../../src/db/database';
import { listByStatus } from '../../src/db/outbox';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

it('upgrades a version-1 database, keeping queued outbox items and filling their scope', async () => {
  const name = `t-${crypto.randomUUID()}`;
  names.push(name);
  const eventId = crypto.randomUUID();

  // A device still on version 1: only version 1's stores are declared.
  const v1 = new Dexie(name);
  v1.version(1).stores({ ...SCHEMA_V1 });
  await v1.open();
  const base = {
    clientId: 'c1',
    userId: 'u1',
    method: 'PUT',
    body: {},
    createdAt: new Date().toISOString(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  };
  await v1.table('outbox').bulkAdd([
    { ...base, seq: 1, path: '/api/teams', idempotencyKey: 'k1', entity: 'teams', rowId: 'r1', eventId },
    { ...base, seq: 2, path: '/api/users', idempotencyKey: 'k2', entity: 'users', rowId: 'r2', eventId: null },
  ]);
  await v1.table('meta').put({ key: 'nextSeq', value: 3 });
  v1.close();

  const db = new InterschoolsDb(name);
  await db.open();
  expect(db.verno).toBe(3);
  // Version 3's race-day mirror is there, empty.
  expect(await db.raceEntries.count()).toBe(0);
  expect(await db.raceMarks.where('EventId').equals(eventId).count()).toBe(0);

  const items = await db.outbox.orderBy('seq').toArray();
  expect(items.map((i) => [i.seq, i.idempotencyKey, i.scope])).toEqual([
    [1, 'k1', `event:${eventId}`],
    [2, 'k2', 'global'],
  ]);
  // Queryable by the new indexes.
  expect((await listByStatus(db, 'pending')).map((i) => i.seq)).toEqual([1, 2]);
  expect(await db.outbox.where('[status+seq]').equals(['pending', 2]).count()).toBe(1);
  expect(await db.outbox.where('scope').equals('global').count()).toBe(1);
  expect((await db.meta.get('nextSeq'))?.value).toBe(3);
  db.close();
});

it('closes an old connection when another opens a newer version', async () => {
  const name = `t-${crypto.randomUUID()}`;
  names.push(name);
  const db = new InterschoolsDb(name, { reloadOnVersionChange: false });
  await db.open();

  const newer = new Dexie(name);
  newer.version(4).stores({ ...SCHEMA_V1, outbox: '++localId, seq, status, [entity+rowId], eventId, [status+seq], scope' });
  await newer.open();
  expect(newer.verno).toBe(4);
  expect(db.isOpen()).toBe(false);
  newer.close();
});
