// The team managers screen's save against the real server: a manager saved offline waits in the
// outbox and reaches the server once online, and another device pulls it; a refusal (the phone
// rule) comes back as a message on its row. Data reaches a device only through the real pull.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { teamManagers } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { EMPTY_DRAFT, newTeamManager, planTeamManagersSave } from '../../src/features/team-managers/team-manager-rows';
import { saveTeamManagers } from '../../src/features/team-managers/team-manager-writes';
import { refusalsOf } from '../../src/features/team-managers/use-team-managers-data';
import type { InterschoolsDb } from '../../src/db/database';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

let w: World;
beforeEach(async () => {
  w = await world();
});
afterEach(async () => {
  await dropDatabases();
  await w.close();
});

const user = () => ({ username: w.username, EventId: w.eventId });

/** What Save does with one new row typed into the grid. */
async function saveNew(db: InterschoolsDb, fields: { firstname: string; lastname: string; mobile: string }) {
  const row = newTeamManager(uuidv7(), w.schoolId, w.eventId);
  const plan = planTeamManagersSave([], { ...EMPTY_DRAFT, added: [row], edits: { [row.id]: fields } });
  await saveTeamManagers(db, plan!, user());
  return row.id;
}

const serverRows = () => w.t.db.select().from(teamManagers).where(eq(teamManagers.schoolId, w.schoolId));
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

it('keeps a manager saved offline on the device, sends it once online, and another device pulls it', async () => {
  const db = freshDb();
  const id = await saveNew(db, { firstname: 'Tess', lastname: 'Offline', mobile: '0400 123 456' });
  expect(await db.teamManagers.get(id)).toMatchObject({ firstname: 'Tess', _pending: true });

  // Offline: the retry it schedules never comes (this device stays offline until the next engine).
  await engineFor(w, db, { fetch: offline, sleep: () => new Promise(() => undefined) }).engine.flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect(await serverRows()).toEqual([]);

  // Back online once the back-off has run out.
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
  await engineFor(w, db).engine.flush();
  expect(await db.outbox.count()).toBe(0);
  expect((await serverRows()).map((r) => [r.id, r.firstname, r.mobile, r.eventId])).toEqual([
    [id, 'Tess', '0400 123 456', w.eventId],
  ]);
  expect((await db.teamManagers.get(id))?._pending).toBeUndefined();

  const other = freshDb();
  await engineFor(w, other).engine.pull();
  expect(await other.teamManagers.get(id)).toMatchObject({
    firstname: 'Tess',
    lastname: 'Offline',
    SchoolId: w.schoolId,
    EventId: w.eventId,
  });
});

it('removes a manager everywhere and leaves the team without one', async () => {
  const db = freshDb();
  const id = await saveNew(db, { firstname: 'Gone', lastname: 'Soon', mobile: '0400 123 456' });
  const { engine } = engineFor(w, db);
  await engine.syncNow();
  const [mirrorRow] = await db.teamManagers.toArray();
  await saveTeamManagers(db, planTeamManagersSave([mirrorRow!], { ...EMPTY_DRAFT, removed: new Set([id]) })!, user());
  expect(await db.teamManagers.count()).toBe(0);
  await engine.flush();
  expect(await serverRows()).toEqual([]);
});

it("sets a refused save aside and names the row and the spec's phone message", async () => {
  const db = freshDb();
  await saveNew(db, { firstname: 'Good', lastname: 'Number', mobile: '02 9999 1234' });
  // A mobile that slipped past the grid's check (an older version of the app, say).
  const shortId = await saveNew(db, { firstname: 'Short', lastname: 'Number', mobile: '12 34' });
  await engineFor(w, db).engine.flush();
  const [failed] = await db.outbox.where('status').equals('failed').toArray();
  expect(failed).toBeTruthy();
  expect(refusalsOf(failed!)).toEqual(new Map([[shortId, MESSAGES.teamManagerPhoneRequired]]));
  expect((await serverRows()).map((r) => r.firstname)).toEqual(['Good']);
});
