// The flusher's handling of refusals from the real server: 410 (lock), 401, 422 and 409.
import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import { outboxCounts } from '../../src/db/outbox';
import { afterEach, expect, it } from 'vitest';
import { registryAthletes } from '../../server/db/schema';
import { setSessionUser } from '../../src/db/meta';
import { exportBlockedCsv, listBlocked, listFailed, retryFailed } from '../../src/sync/blocked';
import { createEvent, createUser } from '../api/support/factories';
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
  type World,
} from './sync-support';

let w: World | undefined;
afterEach(async () => {
  await dropDatabases();
  await w?.close();
  w = undefined;
});

it("a lock after item 2 of 4 blocks items 3 and 4 (kept, exportable) while another event's item goes on", async () => {
  w = await world();
  const x = w;
  const otherEvent = (await createEvent(x.t.db)).id;

  const db = freshDb();
  const rows = ['One', 'Two', 'Three', '=Four'].map((n) => person(x, { firstname: n }));
  for (const r of rows) await queueCreate(db, x, r);
  await queueCreate(db, x, person(x, { firstname: 'Elsewhere' }), otherEvent);

  let sent = 0;
  // One session, as in the app: each item names its own event (X-Event-Id).
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await x.jar.fetch(input, init);
    if (res.ok && ++sent === 2) {
      const lock = await x.adminJar.fetch(`${x.baseUrl}/api/events`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: [{ id: x.eventId, locked: true }] }),
      });
      expect(lock.status, await lock.clone().text()).toBe(200);
    }
    return res;
  };
  const { engine, status } = engineFor(x, db, { fetch: fetchFn });
  await engine.flush();

  expect((await serverRows(x)).map((r) => r.firstname).sort()).toEqual(['Elsewhere', 'One', 'Two']);
  const blocked = await listBlocked(db);
  expect(blocked.map((b) => (b.body as { firstname: string }).firstname)).toEqual(['Three', '=Four']);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ locked: true, blocked: 2, pending: 0 });
  expect(await db.participants.get(rows[2]!.id)).toMatchObject({ firstname: 'Three', _pending: true });

  const csv = Papa.parse<string[]>(await exportBlockedCsv(db)).data;
  expect(csv[0]).toEqual(['queued at', 'method', 'path', 'entity', 'row', 'event', 'change']);
  expect(csv.slice(1).map((r) => r.slice(1, 6))).toEqual([
    ['POST', '/api/v2/participants', 'participants', rows[2]!.id, x.eventId],
    ['POST', '/api/v2/participants', 'participants', rows[3]!.id, x.eventId],
  ]);
  expect(JSON.parse(csv[1]![6]!)).toMatchObject({ firstname: 'Three' });
  expect(csv[2]![6]!.startsWith('{')).toBe(true);
  expect(await exportBlockedCsv(db)).not.toMatch(/,=Four/);
});

it('a 401 mid-queue pauses everything; it resumes only for the same username', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  for (const n of ['A', 'B', 'C']) await queueCreate(db, x, person(x, { firstname: n }));
  let answered = 0;
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await x.jar.fetch(input, init);
    if (++answered === 1) x.jar.cookies.clear(); // the session cookie is gone
    return res;
  };
  const { engine, status } = engineFor(x, db, { fetch: fetchFn });
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ needsLogin: true, pending: 2 });
  expect((await serverRows(x)).map((r) => r.firstname)).toEqual(['A']);
  await engine.flush(); // still paused: nothing goes out
  expect(await db.outbox.count()).toBe(2);

  const stranger = await createUser(x.t.db, 'school', { schoolId: x.schoolId });
  await x.jar.login(stranger.email, x.eventId);
  await engine.resumeFor(stranger.email);
  expect(status.get().needsLogin).toBe(false);
  expect(status.get().message).toContain(x.username);
  expect(await db.outbox.count()).toBe(2);
  expect((await serverRows(x)).map((r) => r.firstname)).toEqual(['A']);

  await x.jar.login(x.username, x.eventId);
  await engine.resumeFor(x.username);
  expect(await db.outbox.count()).toBe(0);
  expect((await serverRows(x)).map((r) => r.firstname).sort()).toEqual(['A', 'B', 'C']);
});

it("a 422 is set aside with the server's message; the row's later items wait, unrelated ones go", async () => {
  w = await world();
  const x = w;
  await x.t.db
    .insert(registryAthletes)
    .values({
      snowId: '9101001',
      firstname: 'Ava',
      lastname: 'Alpine',
      gender: 'Female',
      dob: '2012-03-04',
      active: true,
    })
    .onConflictDoNothing();
  const db = freshDb();
  const holder = person(x, { snowId: '9101001' });
  const target = person(x, { firstname: 'Target' });
  await queueCreate(db, x, holder);
  await queueCreate(db, x, target);
  const { engine, status } = engineFor(x, db);
  await engine.flush();

  await queuePatch(db, x, target.id, { snowId: '9101001' }); // taken: 422
  await queuePatch(db, x, target.id, { lastname: 'Held' });
  const unrelated = person(x, { firstname: 'Unrelated' });
  await queueCreate(db, x, unrelated);
  await engine.flush();

  const failed = await listFailed(db);
  expect(failed).toHaveLength(1);
  expect(failed[0]!.error).toBeTruthy();
  expect(failed[0]!.fields?.[0]?.path).toContain('snowId');
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ failed: 1, pending: 1 });
  expect(status.get().message).toBe(failed[0]!.error);
  const server = await serverRows(x);
  expect(server.map((r) => r.firstname).sort()).toEqual(['Ava', 'Target', 'Unrelated']);
  expect(server.find((r) => r.id === target.id)?.lastname).toBe('Alpine');
  const held = (await db.outbox.toArray()).find((i) => i.status === 'pending');
  expect(held?.body).toMatchObject({ lastname: 'Held' });
});

it('a 409 merges different fields, and on the same field the server wins and the user is told', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  const row = person(x, { firstname: 'Ava', lastname: 'Alpine' });
  await queueCreate(db, x, row);
  const { engine, status } = engineFor(x, db);
  await engine.flush();
  const v = (await db.participants.get(row.id))!.version;

  // Someone else changes the first name on the server.
  const other = cookieJar(x.baseUrl);
  await other.login(x.username, x.eventId);
  const res = await other.fetch(`${x.baseUrl}/api/v2/participants/${row.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: 'Server', version: v }),
  });
  expect(res.status, await res.clone().text()).toBe(200);

  // Different field: merged and re-sent.
  await queuePatch(db, x, row.id, { lastname: 'Local' });
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  expect((await serverRows(x))[0]).toMatchObject({ firstname: 'Server', lastname: 'Local' });
  expect(await db.participants.get(row.id)).toMatchObject({ firstname: 'Server', lastname: 'Local' });

  // Same field: the server's value stands.
  const v2 = (await db.participants.get(row.id))!.version;
  const res2 = await other.fetch(`${x.baseUrl}/api/v2/participants/${row.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lastname: 'Theirs', version: v2 }),
  });
  expect(res2.status).toBe(200);
  await queuePatch(db, x, row.id, { lastname: 'Mine' });
  await engine.flush();
  expect((await serverRows(x))[0]).toMatchObject({ lastname: 'Theirs' });
  expect(await db.participants.get(row.id)).toMatchObject({ lastname: 'Theirs' });
  const failed = await listFailed(db);
  expect(failed).toHaveLength(1);
  expect(status.get().message).toContain('lastname');
  expect((await outboxCounts(db)).failed).toBe(1);

  // The user re-applies theirs.
  await retryFailed(db, failed[0]!.localId!);
  await engine.flush();
  expect((await serverRows(x))[0]).toMatchObject({ lastname: 'Mine' });
  expect(await db.outbox.count()).toBe(0);
});

it('sends the changes a lock held once the pull finds the event unlocked, and lifts the lock signal', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  await setSessionUser(db, await x.jar.login(x.username, x.eventId));
  const setLock = async (locked: boolean) => {
    const res = await x.adminJar.fetch(`${x.baseUrl}/api/events`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ id: x.eventId, locked }] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const { engine, status } = engineFor(x, db);
  await engine.pull();
  await setLock(true);
  const row = person(x, { firstname: 'Held' });
  await queueCreate(db, x, row);
  await engine.flush();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ locked: true, blocked: 1 });

  // Still locked: a pull changes nothing.
  await engine.pull();
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ locked: true, blocked: 1 });
  expect(await serverRows(x)).toEqual([]);

  await setLock(false);
  await engine.pull();
  expect((await serverRows(x)).map((r) => r.firstname)).toEqual(['Held']);
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ locked: false, blocked: 0, pending: 0 });
  expect(await db.outbox.count()).toBe(0);
});

it('sets aside a change the server answers 2xx with an err, showing that message', async () => {
  w = await world();
  const x = w;
  const db = freshDb();
  await queueCreate(db, x, person(x, { firstname: 'Refused' }));
  // The spec's older answer shape: success status, refusal in `err`.
  const fetchFn: typeof fetch = async () =>
    new Response(JSON.stringify({ err: 'That school name is already taken.' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const { engine, status } = engineFor(x, db, { fetch: fetchFn });
  await engine.flush();
  const [failed] = await listFailed(db);
  expect(failed).toMatchObject({ status: 'failed', error: 'That school name is already taken.' });
  expect({ ...status.get(), ...(await outboxCounts(db)) }).toMatchObject({ failed: 1, pending: 0 });
});
