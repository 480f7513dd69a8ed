// A device never conflicts with itself: saves of the same row queued one after another (offline, or
// while an earlier save is in flight) each follow the version the device's own earlier save
// produced, whatever their shape (one-row PATCH or several-row PUT), and the server ends with the
// last value. Found from outside: a PATCH's answer did not move a later queued PUT of the same row,
// so the PUT met 409 'Someone else changed this record', was set aside, and the later value was lost.
// Rows come from the real server through the real pull; saves go through the participants screen's
// own save; the flush is the real one.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { afterEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InterschoolsDb } from '../../src/db/database';
import { participants } from '../../server/db/schema';
import { diffParticipants, type ParticipantEdits } from '../../src/features/participants/participant-rows';
import { saveParticipantChanges } from '../../src/features/participants/participant-writes';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

const NAMES = ['Ava', 'Ben', 'Cal'];

async function setUp() {
  w = await world();
  await w.t.db.insert(participants).values(
    NAMES.map((firstname) => ({
      schoolId: w!.schoolId,
      firstname,
      lastname: 'Own',
      gender: 'Female',
      yearLevel: '8',
    })),
  );
  const db = freshDb();
  const sync = engineFor(w, db);
  await sync.engine.pull();
  return { db, ...sync };
}

/** The screen's Save of these edits, on the rows as the device holds them now. */
async function save(db: InterschoolsDb, edits: Record<string, ParticipantEdits[string]>) {
  const local = await db.participants.where('SchoolId').equals(w!.schoolId).toArray();
  const byName = new Map(local.map((row) => [row.firstname.replace(/\d+$/, ''), row]));
  const keyed = Object.fromEntries(Object.entries(edits).map(([name, fields]) => [byName.get(name)!.id, fields]));
  await saveParticipantChanges(db, diffParticipants(local, keyed, new Set(), 2026), {
    username: w!.username,
    EventId: w!.eventId,
  });
}

const onServer = async () =>
  Object.fromEntries(
    (await w!.t.db.select().from(participants).where(eq(participants.schoolId, w!.schoolId))).map((row) => [
      row.lastname === 'Own' ? row.firstname.replace(/\d+$/, '') : row.firstname,
      row,
    ]),
  );

it('a one-row save then a several-row save of the same row, offline: both apply, the last value stands', async () => {
  const { db, engine, status } = await setUp();
  await save(db, { Ava: { email: 'ava1@example.com' } }); // PATCH
  await save(db, { Ava: { email: 'ava2@example.com' }, Ben: { email: 'ben2@example.com' } }); // PUT of two rows
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const rows = await onServer();
  expect(rows.Ava!.email).toBe('ava2@example.com');
  expect(rows.Ben!.email).toBe('ben2@example.com');
});

it('ten saves of one row, one-row and several-row mixed, apply in order with nothing set aside', async () => {
  const { db, engine, status } = await setUp();
  for (let i = 1; i <= 10; i++) {
    if (i % 3 === 0) await save(db, { Ava: { email: `ava${i}@example.com` }, Cal: { email: `cal${i}@example.com` } });
    else await save(db, { Ava: { email: `ava${i}@example.com` } });
  }
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const rows = await onServer();
  expect(rows.Ava!.email).toBe('ava10@example.com');
  expect(rows.Cal!.email).toBe('cal9@example.com');
  const local = await db.participants.get(rows.Ava!.id);
  expect(local).toMatchObject({ email: 'ava10@example.com', version: rows.Ava!.version });
  expect(local?._pending).toBeUndefined();
});

it('a write whose send failed on the network is sent before an older one released later, so it is never refused as already sent', async () => {
  const { db } = await setUp();
  await save(db, { Ava: { email: 'not an address' } }); // refused 400/422: set aside
  await save(db, { Ava: { email: 'ava2@example.com' } }); // held behind the refused one
  await save(db, { Ben: { email: 'ben@example.com' } }); // its send fails before reaching the server
  let failBen = true;
  const flaky: typeof fetch = async (input, init) => {
    if (failBen && String(init?.body ?? '').includes('ben@example.com')) {
      failBen = false;
      throw new TypeError('Failed to fetch');
    }
    return w!.jar.fetch(input, init);
  };
  // The retry after the network error waits for the clock (moved by hand below), not for a timer.
  let clock = 1_000;
  const { engine, status } = engineFor(w!, db, {
    fetch: flaky,
    now: () => clock,
    sleep: () => new Promise(() => undefined),
  });
  // The first flush sets the bad one aside, holds Ava's next save and loses Ben's on the network.
  await engine.flush();
  clock += 3_600_000;
  expect((await outboxCounts(db)).failed).toBe(1);
  const refused = (await db.outbox.where('status').equals('failed').toArray())[0]!;
  const { discardFailed } = await import('../../src/sync/blocked');
  await discardFailed(db, refused.localId!);
  await engine.flush();
  expect((await db.outbox.toArray()).map((item) => item.error)).toEqual([]);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const rows = await onServer();
  expect(rows.Ava!.email).toBe('ava2@example.com');
  expect(rows.Ben!.email).toBe('ben@example.com');
});

it('a refused save does not poison the next save of its row: the next one carries its fields', async () => {
  const { db, engine } = await setUp();
  await save(db, { Ava: { lastname: 'Refused', email: 'not an address' } });
  await engine.flush();
  expect((await outboxCounts(db)).failed).toBe(1);
  await save(db, { Ava: { email: 'ava@example.com' } });
  await engine.flush();
  expect((await db.outbox.toArray()).map((item) => item.error)).toEqual([]);
  const rows = await onServer();
  expect(rows.Ava).toMatchObject({ lastname: 'Refused', email: 'ava@example.com' });
});

it("another device's change to the same field is a real conflict; saving the row again re-applies this device's value", async () => {
  const { db, engine, status } = await setUp();
  const ava = (await onServer()).Ava!;
  await w!.t.db.update(participants).set({ yearLevel: '10' }).where(eq(participants.id, ava.id)); // another device
  await save(db, { Ava: { yearLevel: '9' } });
  await engine.flush();
  expect((await outboxCounts(db)).failed).toBe(1); // shown, the server's value kept
  expect((await onServer()).Ava!.yearLevel).toBe('10');
  await save(db, { Ava: { email: 'ava@example.com' } });
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  expect((await onServer()).Ava).toMatchObject({ yearLevel: '9', email: 'ava@example.com' });
});

it('a several-row save waits behind an earlier refused save of one of its rows, so an older value never overtakes it', async () => {
  const { db, engine, status } = await setUp();
  const ava = (await onServer()).Ava!;
  await w!.t.db.update(participants).set({ yearLevel: '10' }).where(eq(participants.id, ava.id)); // another device
  await save(db, { Ava: { yearLevel: '9' } }); // a real conflict: set aside
  await save(db, { Ava: { lastname: 'Two' } }); // held behind it
  await save(db, { Ava: { lastname: 'Three' }, Ben: { lastname: 'Three' } }); // must not overtake 'Two'
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ failed: 1, pending: 2 });
  const refused = (await db.outbox.where('status').equals('failed').toArray())[0]!;
  const { discardFailed } = await import('../../src/sync/blocked');
  await discardFailed(db, refused.localId!);
  await engine.flush();
  expect((await db.outbox.toArray()).map((item) => [item.method, item.error])).toEqual([]);
  const rows = await onServer();
  expect(rows.Ava!.lastname).toBe('Three');
  expect(rows.Ben!.lastname).toBe('Three');
  expect(await db.participants.get(rows.Ava!.id)).toMatchObject({ lastname: 'Three' });
});

it("a several-row save sends only the fields changed, so another device's change to a field left alone stands", async () => {
  const { db, engine, status } = await setUp();
  const ava = (await onServer()).Ava!;
  await w!.t.db.update(participants).set({ yearLevel: '10' }).where(eq(participants.id, ava.id)); // another device
  await save(db, { Ava: { lastname: 'Both' }, Ben: { lastname: 'Both' } });
  const [queued] = await db.outbox.toArray();
  expect((queued!.body as { participants: { id: string }[] }).participants.find((row) => row.id === ava.id)).toEqual({
    id: ava.id,
    lastname: 'Both',
    version: ava.version,
  });
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const rows = await onServer();
  expect(rows.Ava).toMatchObject({ lastname: 'Both', yearLevel: '10' });
  expect(rows.Ben).toMatchObject({ lastname: 'Both' });
});
