// The volunteers screens' save against the real server, data reaching the device only through the
// real pull: a volunteer and a complete preference saved offline wait on the device, reach the
// server once online (the preference locked, its place taken) and the pull brings the new count;
// a place taken meanwhile by another school is refused on its row, and the next Save, with
// another choice, replaces the refused one so nothing typed is lost. Each school has race entries
// (a school holds at most twice the places they require) and each place names a volunteer.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  participants,
  teamEntries,
  teams,
  volunteerPreferences,
  volunteerSlots,
  volunteerSpots,
  volunteers,
} from '../../server/db/schema';
import { VOLUNTEER_MESSAGES } from '../../server/modules/volunteers/service';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas/entities';
import {
  EMPTY_DRAFT,
  editSlot,
  editVolunteer,
  planSave,
  type SlotFields,
} from '../../src/features/volunteers/volunteer-draft';
import { refusedVolunteers } from '../../src/features/volunteers/use-volunteers-data';
import { saveVolunteers } from '../../src/features/volunteers/volunteer-writes';
import { createSchool, createUser } from '../api/support/factories';
import { cookieJar, dropDatabases, engineFor, freshDb, waitFor, world, type World } from './sync-support';

let w: World;

/** One Alpine team of three racers: one volunteer required, so up to two places. */
async function enterTeam(schoolId: string) {
  const [team] = await w.t.db
    .insert(teams)
    .values({ schoolId, eventId: w.eventId, disciplineId: 1, division: 1, gender: 'Male', teamRank: 'A' })
    .returning();
  const racers = await w.t.db
    .insert(participants)
    .values(
      [1, 2, 3].map((n) => ({ schoolId, firstname: 'R', lastname: `Racer ${n}`, gender: 'Male', yearLevel: '9' })),
    )
    .returning();
  await w.t.db.insert(teamEntries).values(
    racers.map((p, i) => ({
      teamId: team!.id,
      eventId: w.eventId,
      disciplineId: 1,
      schoolId,
      participantId: p.id,
      position: i + 1,
    })),
  );
}

beforeEach(async () => {
  w = await world();
  await w.t.db.insert(volunteerSpots).values({ eventId: w.eventId, disciplineId: 2, division: 1, male: 1, female: 1 });
  await enterTeam(w.schoolId);
});
afterEach(async () => {
  await dropDatabases();
  await w.close();
});

const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

async function device() {
  const db = freshDb();
  const user = {
    type: 'school',
    username: w.username,
    SchoolId: w.schoolId,
    EventId: w.eventId,
  } as unknown as SessionUser;
  await setSessionUser(db, user);
  let online = true;
  const { engine } = engineFor(w, db, {
    fetch: (input, init) => (online ? w.jar.fetch(input, init) : offline(input, init)),
  });
  return {
    db,
    engine,
    user,
    setOnline: (on: boolean) => {
      online = on;
    },
  };
}

const spot = async () =>
  (
    await w.t.db
      .select()
      .from(volunteerSpots)
      .where(and(eq(volunteerSpots.eventId, w.eventId), eq(volunteerSpots.disciplineId, 2)))
  )[0]!;
const moguls = (gender: 'Male' | 'Female'): SlotFields['preferences'][number] => ({
  DisciplineId: 2,
  division: 1,
  gender,
  position: 'Start Marshall',
  isLocked: false,
});

it('saves a volunteer and a preference offline, then locks its place on the server and pulls the new count', async () => {
  const d = await device();
  await d.engine.pull();
  expect((await d.db.volunteerSpots.toArray()).map((s) => [s.male, s.female])).toEqual([[1, 1]]);
  d.setOnline(false);
  const volunteerId = uuidv7();
  const slotId = uuidv7();
  let draft = editVolunteer(EMPTY_DRAFT, {
    id: volunteerId,
    firstname: 'Val',
    lastname: 'Unteer',
    mobile: '0400 111 222',
    email: '',
    seasonPass: '0',
  });
  draft = editSlot(draft, { id: slotId, VolunteerId: volunteerId, preferences: [moguls('Male')] });
  await saveVolunteers(d.db, planSave(draft, new Set(), new Set()), d.user);
  await d.engine.flush();
  expect(await d.db.volunteers.get(volunteerId)).toMatchObject({ firstname: 'Val', _pending: true });
  expect(await w.t.db.select().from(volunteers)).toEqual([]);

  d.setOnline(true);
  await d.engine.syncNow();
  await waitFor(async () => expect((await spot()).male).toBe(0));
  const [pref] = await w.t.db.select().from(volunteerPreferences).where(eq(volunteerPreferences.slotId, slotId));
  expect(pref).toMatchObject({ disciplineId: 2, division: 1, gender: 'Male', isLocked: true });
  await d.engine.pull();
  expect((await d.db.volunteerSpots.toArray()).map((s) => s.male)).toEqual([0]);
  expect((await d.db.volunteerSlots.get(slotId))?.preferences[0]).toMatchObject({ isLocked: true });
});

it('shows a place taken meanwhile on its row, and the next Save replaces the refused one', async () => {
  const d = await device();
  await d.engine.pull();
  d.setOnline(false);
  const slotId = uuidv7();
  const volunteerId = uuidv7();
  const draft = editVolunteer(EMPTY_DRAFT, {
    id: volunteerId,
    firstname: 'Val',
    lastname: 'Unteer',
    mobile: '0400 111 222',
    email: '',
    seasonPass: '0',
  });
  await saveVolunteers(
    d.db,
    planSave(
      editSlot(draft, { id: slotId, VolunteerId: volunteerId, preferences: [moguls('Female')] }),
      new Set(),
      new Set(),
    ),
    d.user,
  );

  // Another school takes the last Female place first.
  const other = await createSchool(w.t.db);
  await enterTeam(other.id);
  const otherJar = cookieJar(w.baseUrl);
  await otherJar.login((await createUser(w.t.db, 'school', { schoolId: other.id })).email, w.eventId);
  const theirVolunteer = {
    id: uuidv7(),
    firstname: 'Other',
    lastname: 'Helper',
    mobile: '0400 333 444',
    email: '',
    seasonPass: '0',
  };
  const taken = await otherJar.fetch(`${w.baseUrl}/api/volunteers`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      multi: true,
      volunteers: [theirVolunteer],
      volunteersDeleted: [],
      slots: [{ id: uuidv7(), VolunteerId: theirVolunteer.id, preferences: [moguls('Female')] }],
      slotsDeleted: [],
    }),
  });
  expect(taken.status).toBe(200);

  d.setOnline(true);
  await d.engine.flush();
  const failed = await d.db.outbox.where('status').equals('failed').toArray();
  const refused = refusedVolunteers(failed);
  expect(refused.slots.get(slotId)).toBe(VOLUNTEER_MESSAGES.noPlaceLeft('Moguls Division 1 Female'));
  expect(refused.volunteers.size).toBe(0);
  expect(refused.draft.slots.get(slotId)?.preferences[0]?.gender).toBe('Female');

  // The coordinator picks Male instead: the refused save is replaced, nothing else is lost.
  const fixed = editSlot(refused.draft, { id: slotId, VolunteerId: volunteerId, preferences: [moguls('Male')] });
  await saveVolunteers(d.db, planSave(fixed, new Set(), new Set()), d.user);
  await d.engine.syncNow();
  expect(await d.db.outbox.count()).toBe(0);
  expect(await spot()).toMatchObject({ male: 0, female: 0 });
  expect((await w.t.db.select().from(volunteerSlots).where(eq(volunteerSlots.id, slotId))).length).toBe(1);
});

it("sends only the fields changed of a stored volunteer, so another device's change stands, and saves of it queued offline apply in order", async () => {
  const [val] = await w.t.db
    .insert(volunteers)
    .values({ schoolId: w.schoolId, eventId: w.eventId, firstname: 'Val', lastname: 'Unteer', mobile: '0400 111 222' })
    .returning();
  const d = await device();
  await d.engine.pull();
  await w.t.db.update(volunteers).set({ mobile: '0499 999 999' }).where(eq(volunteers.id, val!.id)); // another device
  d.setOnline(false);
  const save = async (fields: { lastname?: string; email?: string }) => {
    const stored = (await d.db.volunteers.toArray()).map(
      ({ id, firstname, lastname, mobile, email, seasonPass, version }) => ({
        id,
        firstname,
        lastname,
        mobile,
        email,
        seasonPass,
        version,
      }),
    );
    const draft = editVolunteer(EMPTY_DRAFT, { ...stored[0]!, ...fields });
    await saveVolunteers(d.db, planSave(draft, new Set([val!.id]), new Set(), stored), d.user);
  };
  await save({ lastname: 'First' });
  expect((await d.db.outbox.toArray())[0]!.body).toMatchObject({
    volunteers: [{ id: val!.id, lastname: 'First', version: val!.version }],
  });
  await save({ email: 'val@example.com' });
  d.setOnline(true);
  await d.db.outbox.toCollection().modify({ nextAttemptAt: 0 }); // the back-off of the offline tries has run out
  await d.engine.flush();
  expect((await d.db.outbox.toArray()).map((i) => [i.status, i.error, JSON.stringify(i.body)])).toEqual([]);
  expect((await w.t.db.select().from(volunteers).where(eq(volunteers.id, val!.id)))[0]).toMatchObject({
    firstname: 'Val',
    lastname: 'First',
    email: 'val@example.com',
    mobile: '0499 999 999',
  });
});
