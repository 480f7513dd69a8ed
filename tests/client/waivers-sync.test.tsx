// @vitest-environment node
// The waivers screen's save against the real server: a waiver added and one matched offline wait
// in the outbox, reach the server once online, and the lists the device matches from its mirror
// equal the server's GET /api/waivers/matched; a refused save names its row. Data reaches a device
// only through the real pull.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { participants, volunteers, waivers } from '../../server/db/schema';
import {
  EMPTY_DRAFT,
  editWaiver,
  matchWaiverTo,
  newWaiverFor,
  planWaiversSave,
  type WaiverDraft,
} from '../../src/features/waivers/waiver-draft';
import { saveWaivers } from '../../src/features/waivers/waiver-writes';
import { readMatchedWaivers, readWaiverRows, refusalsOf } from '../../src/features/waivers/use-waivers-data';
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
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};
const serverWaivers = () => w.t.db.select().from(waivers).where(eq(waivers.schoolId, w.schoolId));

/** The server's people and one waiver the family typed differently from the school's list. */
async function seed() {
  const [ava, ben] = await w.t.db
    .insert(participants)
    .values([
      { schoolId: w.schoolId, firstname: 'Ava', lastname: 'Alpine', snowId: '1234567' },
      { schoolId: w.schoolId, firstname: 'Ben', lastname: 'Brown', snowId: '7654321' },
    ])
    .returning();
  const [vic] = await w.t.db
    .insert(volunteers)
    .values({ schoolId: w.schoolId, eventId: w.eventId, firstname: 'Vic', lastname: 'Helper' })
    .returning();
  const [typo] = await w.t.db
    .insert(waivers)
    .values({
      schoolId: w.schoolId,
      eventId: w.eventId,
      type: 'participant',
      name: 'Benny Browne',
      givenName: 'Benny',
      surname: 'Browne',
      completed: 0,
      createdBy: 'forms@association.test',
    })
    .returning();
  return { ava: ava!, ben: ben!, vic: vic!, typo: typo! };
}

/** What the server answers, and what the device works out from its mirror, as plain JSON. */
async function serverMatched(): Promise<unknown> {
  const res = await w.jar.fetch(`${w.baseUrl}/api/waivers/matched`);
  expect(res.status).toBe(200);
  return res.json();
}
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key.startsWith('_') ? undefined : v))) as unknown;

it('keeps a waiver added and one matched offline on the device, sends them once online, and matches as the server does', async () => {
  const { ben, vic, typo } = await seed();
  const db = freshDb();
  await engineFor(w, db).engine.pull();
  const before = await readMatchedWaivers(db, w.schoolId, w.eventId);
  expect(before.unmatchedParticipants.map((x) => x.id)).toEqual([typo.id]);
  expect(plain(before)).toEqual(await serverMatched());

  // What the screen does: match the family's waiver to Ben and tick it; add Vic's paper waiver.
  const rows = await readWaiverRows(db, w.schoolId, w.eventId);
  let draft: WaiverDraft = matchWaiverTo(EMPTY_DRAFT, rows.waivers, { id: typo.id, type: 'participant' }, ben);
  draft = editWaiver(draft, rows.waivers, typo.id, { completed: true });
  const added = newWaiverFor('volunteer', vic, {
    id: uuidv7(),
    schoolId: w.schoolId,
    eventId: w.eventId,
    createdBy: w.username,
  });
  draft = { ...draft, added: [added] };
  await saveWaivers(db, planWaiversSave(rows.waivers, draft)!, user());

  // Matched on the device at once, before any network.
  const local = await readMatchedWaivers(db, w.schoolId, w.eventId);
  expect(local.participants.find((p) => p.ParticipantId === ben.id)?.waiver).toMatchObject({
    id: typo.id,
    completed: true,
    snowId: '7654321',
    _pending: true,
  });
  expect(local.volunteers.map((v) => v.waiver?.id)).toEqual([added.id]);
  expect(local.unmatchedParticipants).toEqual([]);

  // Offline: the item waits; the retry it schedules never comes (this device stays offline).
  await engineFor(w, db, { fetch: offline, sleep: () => new Promise(() => undefined) }).engine.flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect((await serverWaivers()).map((r) => r.id)).toEqual([typo.id]);

  // Back online once the back-off has run out: applied once, as one save.
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
  const { engine } = engineFor(w, db);
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const stored = await serverWaivers();
  expect(stored.map((r) => [r.id, r.givenName, r.surname, r.snowId, r.completed, r.createdBy]).sort()).toEqual(
    [
      [added.id, 'Vic', 'Helper', null, 1, w.username],
      [typo.id, 'Ben', 'Brown', '7654321', 1, 'forms@association.test'],
    ].sort(),
  );
  expect((await db.waivers.get(typo.id))?._pending).toBeUndefined();

  await engine.pull();
  const server = await serverMatched();
  expect(plain(await readMatchedWaivers(db, w.schoolId, w.eventId))).toEqual(server);
  // Another device of the school pulls the same lists.
  const other = freshDb();
  await engineFor(w, other).engine.pull();
  expect(plain(await readMatchedWaivers(other, w.schoolId, w.eventId))).toEqual(server);
});

it('sets a refused save aside and names the waiver it refused', async () => {
  const { ava } = await seed();
  const db = freshDb();
  await engineFor(w, db).engine.pull();
  // A name longer than the server keeps (an older version of the app, say) next to a good waiver.
  const good = newWaiverFor('participant', ava, {
    id: uuidv7(),
    schoolId: w.schoolId,
    eventId: w.eventId,
    createdBy: w.username,
  });
  const long = newWaiverFor(
    'participant',
    { firstname: 'x'.repeat(101), lastname: 'Long' },
    { id: uuidv7(), schoolId: w.schoolId, eventId: w.eventId, createdBy: w.username },
  );
  await saveWaivers(db, planWaiversSave([], { ...EMPTY_DRAFT, added: [good, long] })!, user());
  await engineFor(w, db).engine.flush();
  const [failed] = await db.outbox.where('status').equals('failed').toArray();
  expect(failed).toBeTruthy();
  expect([...refusalsOf(failed!).keys()]).toEqual([long.id]);
  // One transaction refused whole: nothing of it reached the server.
  expect((await serverWaivers()).map((r) => r.givenName)).toEqual(['Benny']);
});

it("sends only the fields changed of a stored waiver, so another device's change stands, and saves of it queued offline apply in order", async () => {
  const { typo } = await seed();
  const db = freshDb();
  const { engine, status } = engineFor(w, db);
  await engine.pull();
  await w.t.db.update(waivers).set({ completed: 1 }).where(eq(waivers.id, typo.id)); // another device
  const save = async (edit: Parameters<typeof editWaiver>[3]) => {
    const mirror = (await readWaiverRows(db, w.schoolId, w.eventId)).waivers;
    await saveWaivers(db, planWaiversSave(mirror, editWaiver(EMPTY_DRAFT, mirror, typo.id, edit))!, user());
  };
  await save({ givenName: 'Ben' });
  const [queued] = await db.outbox.toArray();
  expect((queued!.body as { data: unknown[] }).data).toEqual([
    { id: typo.id, givenName: 'Ben', version: typo.version },
  ]);
  await save({ surname: 'Brown' });
  await engine.flush();
  expect(status.get()).toMatchObject({ pending: 0, failed: 0 });
  // The full name was made from the two parts, so it follows them.
  expect((await serverWaivers())[0]).toMatchObject({
    givenName: 'Ben',
    surname: 'Brown',
    completed: 1,
    name: 'Ben Brown',
  });
});
