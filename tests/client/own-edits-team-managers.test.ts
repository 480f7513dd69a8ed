// A device never conflicts with itself, for the team managers grid too: its Save is always a
// several-row PUT /api/teamManagers, so saves of one manager queued one after another follow the
// version the device's own earlier save produced, send only the fields changed (another device's
// change to a field left alone stands), and a refused save is carried by the next save of its rows.
// Rows come from the real server through the real pull; saves go through the screen's own plan and
// save; the flush is the real one.
import 'fake-indexeddb/auto';
import { outboxCounts } from '../../src/db/outbox';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, expect, it } from 'vitest';
import { teamManagers } from '../../server/db/schema';
import type { InterschoolsDb } from '../../src/db/database';
import {
  EMPTY_DRAFT,
  newTeamManager,
  planTeamManagersSave,
  type EditableKey,
} from '../../src/features/team-managers/team-manager-rows';
import { saveTeamManagers } from '../../src/features/team-managers/team-manager-writes';
import { dropDatabases, engineFor, freshDb, waitFor, world, type World } from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

const NAMES = ['Tess', 'Uma'];

async function setUp() {
  w = await world();
  await w.t.db.insert(teamManagers).values(
    NAMES.map((firstname) => ({
      schoolId: w!.schoolId,
      eventId: w!.eventId,
      firstname,
      lastname: 'Own',
      mobile: '0400 111 222',
      seasonPass: '0',
    })),
  );
  const db = freshDb();
  const sync = engineFor(w, db);
  await sync.engine.pull();
  return { db, ...sync };
}

/** The grid's Save of these edits (by first name), on the rows as the device holds them now. */
async function save(db: InterschoolsDb, edits: Record<string, Partial<Record<EditableKey, string>>>) {
  const mirror = await db.teamManagers.where('SchoolId').equals(w!.schoolId).toArray();
  const byName = new Map(mirror.map((row) => [row.firstname, row]));
  const keyed = Object.fromEntries(Object.entries(edits).map(([name, fields]) => [byName.get(name)!.id, fields]));
  await saveTeamManagers(db, planTeamManagersSave(mirror, { ...EMPTY_DRAFT, edits: keyed })!, {
    username: w!.username,
    EventId: w!.eventId,
  });
}

const onServer = async () =>
  Object.fromEntries(
    (await w!.t.db.select().from(teamManagers).where(eq(teamManagers.schoolId, w!.schoolId))).map((row) => [
      row.firstname,
      row,
    ]),
  );

it('five saves of one manager made offline apply in order, the last value of every field stands', async () => {
  const { db, engine, status } = await setUp();
  for (let i = 1; i <= 5; i++)
    await save(
      db,
      i % 2 ? { Tess: { lastname: `L${i}` } } : { Tess: { mobile: `0400 000 00${i}` }, Uma: { lastname: `L${i}` } },
    );
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  const rows = await onServer();
  expect(rows.Tess).toMatchObject({ lastname: 'L5', mobile: '0400 000 004' });
  expect(rows.Uma).toMatchObject({ lastname: 'L4' });
});

it("sends only the fields changed, so another device's change to a field left alone stands", async () => {
  const { db, engine, status } = await setUp();
  const tess = (await onServer()).Tess!;
  await w!.t.db.update(teamManagers).set({ mobile: '0499 999 999' }).where(eq(teamManagers.id, tess.id)); // another device
  await save(db, { Tess: { lastname: 'Mine' } });
  const [queued] = await db.outbox.toArray();
  expect((queued!.body as { teamManagers: unknown[] }).teamManagers).toEqual([
    { id: tess.id, lastname: 'Mine', version: tess.version },
  ]);
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  expect((await onServer()).Tess).toMatchObject({ lastname: 'Mine', mobile: '0499 999 999' });
});

it('a real conflict is set aside; saving the manager again carries its value and replaces it', async () => {
  const { db, engine, status } = await setUp();
  const tess = (await onServer()).Tess!;
  await w!.t.db.update(teamManagers).set({ lastname: 'Theirs' }).where(eq(teamManagers.id, tess.id)); // another device
  await save(db, { Tess: { lastname: 'Mine' } });
  await engine.flush();
  expect((await outboxCounts(db)).failed).toBe(1); // shown, the server's value kept
  expect((await onServer()).Tess!.lastname).toBe('Theirs');
  // Ready for a re-apply: the refused row (not the batch around it) is on the server's version.
  const [refused] = await db.outbox.toArray();
  expect(refused!.body).toEqual({
    multi: true,
    teamManagers: [{ id: tess.id, lastname: 'Mine', version: tess.version + 1 }],
    teamManagersDeleted: [],
  });
  await save(db, { Tess: { mobile: '0400 222 333' } });
  await engine.flush();
  expect((await db.outbox.toArray()).map((item) => item.error)).toEqual([]);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0 });
  expect((await onServer()).Tess).toMatchObject({ lastname: 'Mine', mobile: '0400 222 333' });
});

it('a manager added and renamed offline, pulled between its two saves, then renamed again: the last name stands', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  const user = { username: x.username, EventId: x.eventId };
  let writesLeft = Infinity;
  const fetchFn: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET' && writesLeft-- <= 0) throw new TypeError('Failed to fetch');
    return x.jar.fetch(input, init);
  };
  let clock = Date.now();
  const { engine, status } = engineFor(x, db, { fetch: fetchFn, now: () => clock });
  await engine.pull();
  const mirror = () => db.teamManagers.where('SchoolId').equals(x.schoolId).toArray();
  const added = {
    ...newTeamManager(uuidv7(), x.schoolId, x.eventId),
    firstname: 'Vic',
    lastname: 'Manager',
    mobile: '0400 000 001',
  };
  // Offline: added, then renamed (the row has no version yet: the rename sends it whole).
  await saveTeamManagers(db, planTeamManagersSave(await mirror(), { ...EMPTY_DRAFT, added: [added] })!, user);
  await saveTeamManagers(
    db,
    planTeamManagersSave(await mirror(), { ...EMPTY_DRAFT, edits: { [added.id]: { lastname: 'First' } } })!,
    user,
  );
  // One request gets through (the new manager); then a pull while the rename still waits.
  writesLeft = 1;
  await engine.flush();
  writesLeft = 0;
  await engine.pull();
  expect(await db.teamManagers.get(added.id)).toMatchObject({ lastname: 'First', _pending: true });
  // Renamed again from what the device shows; back online.
  await saveTeamManagers(
    db,
    planTeamManagersSave(await mirror(), { ...EMPTY_DRAFT, edits: { [added.id]: { lastname: 'Second' } } })!,
    user,
  );
  writesLeft = Infinity;
  clock += 3_600_000; // past the retry the failed sends were given
  // The flush the save woke may still be under way: the device settles with nothing left.
  await waitFor(async () => {
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ pending: 0, failed: 0, syncing: false });
  });
  expect((await onServer()).Vic).toMatchObject({ lastname: 'Second', version: 3 });
  expect(await db.teamManagers.get(added.id)).toMatchObject({ lastname: 'Second', version: 3 });
});
