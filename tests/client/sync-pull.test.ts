// The delta pull: tombstones, resetRequired (the rows of queued saves kept, a list save's too),
// pending edits kept over pulled rows, scope cursors.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { participants, teamManagers } from '../../server/db/schema';
import { getCursor } from '../../src/db/meta';
import type { SyncResponse } from '../../src/domain/schemas/api/sync';
import { EMPTY_DRAFT, newTeamManager, planTeamManagersSave } from '../../src/features/team-managers/team-manager-rows';
import { saveTeamManagers } from '../../src/features/team-managers/team-manager-writes';
import {
  cookieJar,
  dropDatabases,
  engineFor,
  freshDb,
  person,
  queueCreate,
  queuePatch,
  serverRows,
  world,
  writesOffline,
  type World,
} from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

async function serverPatch(x: World, id: string, body: Record<string, unknown>) {
  const other = cookieJar(x.baseUrl);
  await other.login(x.username, x.eventId);
  const res = await other.fetch(`${x.baseUrl}/api/v2/participants/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ version: number }>;
}

it('downloads the scope, stores the cursor per scopeKey and sets lastSyncedAt', async () => {
  w = await world();
  const x = w;
  const seeded = freshDb();
  const row = person(x, { firstname: 'Pulled' });
  await queueCreate(seeded, x, row);
  await engineFor(x, seeded).engine.flush();

  const db = freshDb();
  const { engine, status } = engineFor(x, db);
  await engine.pull();
  expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'Pulled' });
  const scope = `school:${x.schoolId}/event:${x.eventId}`;
  expect(Number(await getCursor(db, scope))).toBeGreaterThan(0);
  expect(status.get().lastSyncedAt).toBeTruthy();
});

it('tombstones in a pull delete local rows', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  const keep = person(x, { firstname: 'Keep' });
  const gone = person(x, { firstname: 'Gone' });
  await queueCreate(db, x, keep);
  await queueCreate(db, x, gone);
  const { engine } = engineFor(x, db);
  await engine.syncNow();
  expect(await db.participants.count()).toBe(2);

  await x.t.db.delete(participants).where(eq(participants.id, gone.id));
  await engine.pull();
  expect(await db.participants.get(gone.id)).toBeUndefined();
  expect(await db.participants.get(keep.id)).toMatchObject({ firstname: 'Keep' });
});

it('resetRequired: the scope is downloaded again from 0, the outbox is kept', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  const row = person(x, { firstname: 'OnServer' });
  await queueCreate(db, x, row);
  const { engine } = engineFor(x, db);
  await engine.syncNow();
  // A stale local row that the server no longer has, and an unsent local creation.
  await db.participants.put({ ...person(x, { firstname: 'Stale' }) });
  const local = person(x, { firstname: 'Unsent' });
  await queueCreate(db, x, local);

  const cursors: number[] = [];
  let resetOnce = true;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/sync/changes') {
      cursors.push(Number(url.searchParams.get('cursor')));
      if (resetOnce && Number(url.searchParams.get('cursor')) > 0) {
        resetOnce = false;
        const body: SyncResponse = {
          scopeKey: `school:${x.schoolId}/event:${x.eventId}`,
          cursor: 0,
          hasMore: false,
          resetRequired: true,
          changes: [],
        };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
    }
    return x.jar.fetch(input, init);
  };
  const { engine: pulling } = engineFor(x, db, { fetch: fetchFn });
  await pulling.pull();
  expect(cursors[0]).toBeGreaterThan(0);
  expect(cursors[1]).toBe(0);
  expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'OnServer' });
  expect((await db.participants.toArray()).map((r) => r.firstname).sort()).toEqual(['OnServer', 'Unsent']);
  expect(await db.outbox.count()).toBe(1);
  await pulling.flush();
  expect(await db.outbox.count()).toBe(0);
});

/** A participant on the server and the device, then changed on the server by someone else
 *  (firstname 'Server') while the device queues its own change of the lastname. */
async function changedOnBothSides(lastname: string) {
  w = await world();
  const x = w;
  const db = freshDb();
  const row = person(x, { firstname: 'Ava', lastname: 'Alpine' });
  await queueCreate(db, x, row);
  const { engine } = engineFor(x, db);
  await engine.syncNow();
  const v = (await db.participants.get(row.id))!.version!;
  await serverPatch(x, row.id, { firstname: 'Server', version: v });
  await queuePatch(db, x, row.id, { lastname });
  return { x, db, engine, row };
}

it('a pending local edit survives a pull of the same row', async () => {
  const { db, engine, row } = await changedOnBothSides('Local');
  await engine.pull();
  expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'Server', lastname: 'Local', _pending: true });
  const [item] = await db.outbox.toArray();
  expect(item!.serverRow).toMatchObject({ firstname: 'Server', lastname: 'Alpine' });

  await engine.syncNow();
  expect(await db.outbox.count()).toBe(0);
  const after = await db.participants.get(row.id);
  expect(after).toMatchObject({ firstname: 'Server', lastname: 'Local' });
  expect(after?._pending).toBeUndefined();
});

it("a page asked for before the device's own save was answered does not put the older row back", async () => {
  // Someone else's change: the next page carries the row.
  const { x, db, row } = await changedOnBothSides('Mine');

  // Another tab's engine sends the device's save (merged onto the server's change) while this
  // tab's page, built before that save, is on its way.
  const { engine: otherTab } = engineFor(x, db);
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await x.jar.fetch(input, init);
    if (new URL(String(input)).pathname === '/api/sync/changes') await otherTab.flush();
    return res;
  };
  await engineFor(x, db, { fetch: fetchFn }).engine.pull();

  expect(await db.outbox.count()).toBe(0);
  const [onServer] = await serverRows(x);
  expect(onServer).toMatchObject({ firstname: 'Server', lastname: 'Mine' });
  expect(await db.participants.get(row.id)).toMatchObject({
    firstname: 'Server',
    lastname: 'Mine',
    version: onServer!.version,
  });
});

it('resetRequired keeps the rows a queued list save adds: a team manager added offline stays on screen', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  const { engine } = engineFor(x, db);
  await engine.pull();
  const added = {
    ...newTeamManager(uuidv7(), x.schoolId, x.eventId),
    firstname: 'Vic',
    lastname: 'Manager',
    mobile: '0400 000 001',
  };
  const mirror = await db.teamManagers.where('SchoolId').equals(x.schoolId).toArray();
  await saveTeamManagers(db, planTeamManagersSave(mirror, { ...EMPTY_DRAFT, added: [added] })!, {
    username: x.username,
    EventId: x.eventId,
  });
  // Written offline: the save waits while the server asks for the scope to be downloaded again.
  let resetOnce = true;
  const fetchFn = writesOffline(x.jar, (url) => {
    if (url.pathname !== '/api/sync/changes' || !resetOnce || Number(url.searchParams.get('cursor')) === 0) return;
    resetOnce = false;
    const body: SyncResponse = {
      scopeKey: `school:${x.schoolId}/event:${x.eventId}`,
      cursor: 0,
      hasMore: false,
      resetRequired: true,
      changes: [],
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  await engineFor(x, db, { fetch: fetchFn }).engine.pull();
  expect(resetOnce).toBe(false);
  expect(await db.teamManagers.get(added.id)).toMatchObject({ firstname: 'Vic', _pending: true });
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const [stored] = await x.t.db.select().from(teamManagers).where(eq(teamManagers.id, added.id));
  expect(stored?.lastname).toBe('Manager');
});

it('a row removed on this device stays removed when a pull brings another change of it', async () => {
  w = await world();
  const x = w;
  const user = { username: x.username, EventId: x.eventId };
  const here = freshDb();
  const { engine } = engineFor(x, here);
  await engine.pull();
  const added = {
    ...newTeamManager(uuidv7(), x.schoolId, x.eventId),
    firstname: 'Rae',
    lastname: 'Manager',
    mobile: '0400 000 002',
  };
  await saveTeamManagers(here, planTeamManagersSave([], { ...EMPTY_DRAFT, added: [added] })!, user);
  await engine.syncNow();
  expect(await here.outbox.count()).toBe(0);

  // Removed here while offline (the list save's removed ids)...
  const mirror = await here.teamManagers.where('SchoolId').equals(x.schoolId).toArray();
  await saveTeamManagers(here, planTeamManagersSave(mirror, { ...EMPTY_DRAFT, removed: new Set([added.id]) })!, user);
  expect(await here.teamManagers.get(added.id)).toBeUndefined();
  // ...while another device renames the manager.
  const there = freshDb();
  const other = engineFor(x, there).engine;
  await other.pull();
  const theirs = await there.teamManagers.where('SchoolId').equals(x.schoolId).toArray();
  await saveTeamManagers(
    there,
    planTeamManagersSave(theirs, { ...EMPTY_DRAFT, edits: { [added.id]: { firstname: 'Renamed' } } })!,
    user,
  );
  await other.syncNow();

  await engineFor(x, here, { fetch: writesOffline(x.jar) }).engine.pull();
  expect(await here.teamManagers.get(added.id)).toBeUndefined();
});
