// Volunteers on the server: the school's volunteers and slots saved in one transaction; a complete
// preference locks and takes one of the event's places (a reset gives it back); the last place
// raced for by many schools at once goes to exactly as many as there are places, the others
// refused on their row, no count below zero (the same file runs on PostgreSQL); the spec's
// messages; the required counts by the ratios; the admin's spots; locks, roles and isolation.
// A place goes only to a slot naming one of the school's volunteers, one place per volunteer, and
// a school holds at most twice the places its race entries require; positions are the discipline's.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, participants, teamEntries, teams, volunteerSpots } from '../../server/db/schema';
import { MAX_PLACES_PER_REQUIRED, VOLUNTEER_MESSAGES } from '../../server/modules/volunteers/service';
import { MESSAGES } from '../../src/domain/messages';
import { volunteerPositionNotOfferedMessage } from '../../src/domain/server-messages';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let school: Agent;
let admin: Agent;

type Spot = { DisciplineId: number; division: number; male: number; female: number };
type Slot = {
  id: string;
  VolunteerId: string | null;
  preferences: {
    DisciplineId: number | null;
    division: number | null;
    gender: string | null;
    position: string | null;
    isLocked: boolean;
  }[];
};

const volunteer = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  firstname: 'Val',
  lastname: 'Unteer',
  mobile: '0400 123 456',
  email: '',
  seasonPass: '0',
  ...over,
});
const pref = (over: Record<string, unknown> = {}) => ({
  DisciplineId: 2,
  division: 1,
  gender: 'Male',
  position: 'Start Marshall',
  ...over,
});
const slot = (VolunteerId: string | null, preference: Record<string, unknown> | null = pref()) => ({
  id: randomUUID(),
  VolunteerId,
  preferences: preference ? [preference] : [],
});
const save = (
  agent: Agent,
  body: Partial<{ volunteers: unknown[]; volunteersDeleted: string[]; slots: unknown[]; slotsDeleted: string[] }>,
  headers: Record<string, string> = {},
) =>
  agent.request({
    method: 'PUT',
    url: '/api/volunteers',
    headers,
    payload: { multi: true, volunteers: [], volunteersDeleted: [], slots: [], slotsDeleted: [], ...body },
  });
const get = async <T>(agent: Agent, url: string): Promise<T> => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as T;
};
const spotOf = async (disciplineId = 2, division = 1) => {
  const [row] = await t.db
    .select()
    .from(volunteerSpots)
    .where(
      and(
        eq(volunteerSpots.eventId, eventId),
        eq(volunteerSpots.disciplineId, disciplineId),
        eq(volunteerSpots.division, division),
      ),
    );
  return row!;
};

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, school, admin } = await schoolInEvent(t));
  await t.db.insert(volunteerSpots).values([
    { eventId, disciplineId: 2, division: 1, male: 2, female: 1 },
    { eventId, disciplineId: 2, division: 2, male: 0, female: 1 },
  ]);
});
afterEach(async () => {
  await t.close();
});

/** `count` race entries of a school in one discipline (teams of three, lettered A, B, ...). */
async function enterRaces(disciplineId: number, count: number, sid = schoolId) {
  for (let i = 0; i < count; i += 3) {
    const [team] = await t.db
      .insert(teams)
      .values({
        schoolId: sid,
        eventId,
        disciplineId,
        division: 1,
        gender: 'Male',
        teamRank: String.fromCharCode(65 + i / 3),
      })
      .returning();
    const people = await t.db
      .insert(participants)
      .values(
        Array.from({ length: Math.min(3, count - i) }, (_, n) => ({
          schoolId: sid,
          firstname: 'R',
          lastname: `${disciplineId}-${i + n}`,
          gender: 'Male',
          yearLevel: '9',
        })),
      )
      .returning();
    await t.db.insert(teamEntries).values(
      people.map((p, n) => ({
        teamId: team!.id,
        eventId,
        disciplineId,
        schoolId: sid,
        participantId: p.id,
        position: n + 1,
      })),
    );
  }
}

/** A coordinator of a new school in the same event, with 16 race entries (2 volunteers required). */
async function anotherSchool(): Promise<Agent> {
  const other = await createSchool(t.db);
  await enterRaces(1, 16, other.id);
  return signIn(t.app, (await createUser(t.db, 'school', { schoolId: other.id })).email, undefined, eventId);
}

/** A save of one new volunteer and one slot naming them. */
const withVolunteer = (preference: Record<string, unknown> | null = pref()) => {
  const v = volunteer();
  return { volunteers: [v], slots: [slot(v.id, preference)] };
};

describe('saving volunteers and slots', () => {
  // 16 race entries: 2 volunteers required, so the school may hold 4 places.
  beforeEach(async () => enterRaces(1, 16));

  it('saves volunteers and a slot whose complete preference locks and takes a place', async () => {
    const v = volunteer();
    const s = slot(v.id);
    const res = await save(school, { volunteers: [v], slots: [s] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { volunteers: { id: string }[]; slots: Slot[] };
    expect(answer.volunteers.map((x) => x.id)).toEqual([v.id]);
    expect(answer.slots[0]!.preferences[0]).toMatchObject({
      DisciplineId: 2,
      division: 1,
      gender: 'Male',
      isLocked: true,
    });
    expect((await spotOf()).male).toBe(1);
    expect(await get<Spot[]>(school, '/api/volunteerSpots/available')).toEqual(
      expect.arrayContaining([expect.objectContaining({ DisciplineId: 2, division: 1, male: 1, female: 1 })]),
    );
    expect((await get<{ id: string }[]>(school, '/api/volunteers')).map((x) => x.id)).toEqual([v.id]);
    const slots = await get<Slot[]>(school, '/api/volunteerSlots');
    expect(slots).toEqual([expect.objectContaining({ id: s.id, VolunteerId: v.id })]);

    // A locked preference stays as it is when the slot is saved again with another choice.
    const again = await save(school, { slots: [{ ...s, preferences: [pref({ division: 2, gender: 'Female' })] }] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await get<Slot[]>(school, '/api/volunteerSlots'))[0]!.preferences[0]).toMatchObject({
      division: 1,
      gender: 'Male',
      isLocked: true,
    });
    expect((await spotOf(2, 2)).female).toBe(1);
  });

  it('keeps an incomplete preference unlocked, and a reset gives a locked place back', async () => {
    const v = volunteer();
    const open = slot(null, pref({ gender: null }));
    const taken = slot(v.id);
    expect((await save(school, { volunteers: [v], slots: [open, taken] })).statusCode).toBe(200);
    expect((await spotOf()).male).toBe(1);
    const slots = await get<Slot[]>(school, '/api/volunteerSlots');
    expect(slots.find((x) => x.id === open.id)!.preferences[0]!.isLocked).toBe(false);
    // Reset: the slot goes, its place comes back; a new slot in the same save takes it again.
    const renewed = slot(v.id, pref({ gender: 'Female' }));
    expect((await save(school, { slotsDeleted: [taken.id], slots: [renewed] })).statusCode).toBe(200);
    expect(await spotOf()).toMatchObject({ male: 2, female: 0 });
  });

  it("answers the spec's messages: an incomplete preference with a volunteer, a VIC preference without one, a bad phone", async () => {
    const v = volunteer();
    const incomplete = await save(school, { volunteers: [v], slots: [slot(v.id, pref({ division: null }))] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toEqual([expect.objectContaining({ message: MESSAGES.preferenceIncomplete })]);
    const phone = await save(school, { volunteers: [volunteer({ mobile: '12' })] });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields).toEqual([expect.objectContaining({ message: MESSAGES.volunteerPhoneRequired })]);

    await t.db.update(events).set({ invoiceType: 'VIC' }).where(eq(events.id, eventId));
    const vic = await save(school, { slots: [slot(null, pref({ position: null }))] });
    expect(vic.statusCode).toBe(422);
    expect(vic.json().fields).toEqual([{ path: 'slots.0.preferences.0', message: MESSAGES.volunteerRequired }]);
    expect((await spotOf()).male).toBe(2);
  });

  it('refuses the last place once taken, naming the row, and never counts below zero', async () => {
    const other = await anotherSchool();
    expect((await save(school, withVolunteer(pref({ gender: 'Female' })))).statusCode).toBe(200);
    const [v1, v2] = [volunteer(), volunteer()];
    const refused = await save(other, {
      volunteers: [v1, v2],
      slots: [slot(v1.id), slot(v2.id, pref({ gender: 'Female' }))],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual([
      { path: 'slots.1.preferences.0', message: VOLUNTEER_MESSAGES.noPlaceLeft('Moguls Division 1 Female') },
    ]);
    // The whole save was refused: the first slot's place is not taken either.
    expect(await spotOf()).toMatchObject({ male: 2, female: 0 });
  });

  it('gives the last places to exactly as many schools as there are, when they all ask at once', async () => {
    await t.db
      .update(volunteerSpots)
      .set({ male: 3 })
      .where(
        and(eq(volunteerSpots.eventId, eventId), eq(volunteerSpots.disciplineId, 2), eq(volunteerSpots.division, 1)),
      );
    const agents = [school, ...(await Promise.all(Array.from({ length: 7 }, anotherSchool)))];
    const answers = await Promise.all(agents.map((agent) => save(agent, withVolunteer())));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().fields[0].path).toBe('slots.0.preferences.0');
    expect((await spotOf()).male).toBe(0);
  });

  it("applies a replayed save once, refuses another school's slot and a stale version, and the same row in both lists", async () => {
    const mine = volunteer();
    const s = slot(mine.id);
    const key = randomUUID();
    expect((await save(school, { volunteers: [mine], slots: [s] }, { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await save(school, { volunteers: [mine], slots: [s] }, { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await spotOf()).male).toBe(1);
    const other = await anotherSchool();
    expect((await save(other, { slots: [s] })).statusCode).toBe(404);
    expect((await save(other, { slotsDeleted: [s.id] })).statusCode).toBe(404);
    expect((await spotOf()).male).toBe(1);
    const stale = await save(school, { slots: [{ ...s, version: 99 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: s.id });
    const v = volunteer();
    expect((await save(school, { volunteers: [v], volunteersDeleted: [v.id] })).statusCode).toBe(400);
    // A volunteer of another school cannot fill this school's slot.
    const theirs = volunteer();
    expect((await save(other, { volunteers: [theirs] })).statusCode).toBe(200);
    const foreign = await save(school, { slots: [slot(theirs.id, pref({ gender: 'Female' }))] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields).toEqual([
      { path: 'slots.0.VolunteerId', message: VOLUNTEER_MESSAGES.notYourVolunteer },
    ]);
  });
});

describe('who may hold a place (the attack: one school holding every place with slots naming nobody)', () => {
  beforeEach(async () => {
    // 16 race entries: 2 volunteers required, so at most 4 places; plenty of places at the event.
    await enterRaces(1, 16);
    await t.db.update(volunteerSpots).set({ male: 216, female: 216 }).where(eq(volunteerSpots.eventId, eventId));
  });

  it("refuses a complete preference naming no volunteer on any event, with the spec's message, taking nothing", async () => {
    const refused = await save(school, { slots: [slot(null), slot(null, pref({ gender: 'Female' }))] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual([{ path: 'slots.0.preferences.0', message: MESSAGES.volunteerRequired }]);
    expect(await spotOf()).toMatchObject({ male: 216, female: 216 });
    expect(await get<Slot[]>(school, '/api/volunteerSlots')).toEqual([]);
    // A slot still being filled in (no place taken) may wait for its volunteer.
    expect((await save(school, { slots: [slot(null, pref({ gender: null }))] })).statusCode).toBe(200);
  });

  it('gives one place per volunteer, in one save or across saves, naming the row', async () => {
    const v = volunteer();
    const twice = await save(school, { volunteers: [v], slots: [slot(v.id), slot(v.id, pref({ gender: 'Female' }))] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields).toEqual([
      { path: 'slots.0.VolunteerId', message: VOLUNTEER_MESSAGES.volunteerHasPlace },
      { path: 'slots.1.VolunteerId', message: VOLUNTEER_MESSAGES.volunteerHasPlace },
    ]);
    expect(await spotOf()).toMatchObject({ male: 216, female: 216 });
    expect(await get<unknown[]>(school, '/api/volunteers')).toEqual([]);

    expect((await save(school, { volunteers: [v], slots: [slot(v.id)] })).statusCode).toBe(200);
    const again = await save(school, { slots: [slot(v.id, pref({ gender: 'Female' }))] });
    expect(again.statusCode).toBe(422);
    expect(again.json().fields).toEqual([
      { path: 'slots.0.VolunteerId', message: VOLUNTEER_MESSAGES.volunteerHasPlace },
    ]);
    expect(await spotOf()).toMatchObject({ male: 215, female: 216 });
  });

  it('holds at most twice the places the race entries require; other schools still find places', async () => {
    const people = Array.from({ length: 5 }, () => volunteer());
    const five = await save(school, { volunteers: people, slots: people.map((v) => slot(v.id)) });
    expect(five.statusCode).toBe(422);
    const message = VOLUNTEER_MESSAGES.tooManyPlaces(2);
    expect(five.json().fields).toEqual(people.map((_, i) => ({ path: `slots.${i}.preferences.0`, message })));
    expect(message).toContain(`at most ${2 * MAX_PLACES_PER_REQUIRED} volunteer places`);
    expect(await spotOf()).toMatchObject({ male: 216, female: 216 });

    const four = await save(school, { volunteers: people, slots: people.slice(0, 4).map((v) => slot(v.id)) });
    expect(four.statusCode, four.body).toBe(200);
    const fifth = await save(school, { slots: [slot(people[4]!.id, pref({ gender: 'Female' }))] });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().fields).toEqual([{ path: 'slots.0.preferences.0', message }]);
    expect(await spotOf()).toMatchObject({ male: 212, female: 216 });
    expect((await save(await anotherSchool(), withVolunteer())).statusCode).toBe(200);
  });

  it('gives no place to a school without race entries', async () => {
    const other = await createSchool(t.db);
    const agent = await signIn(
      t.app,
      (await createUser(t.db, 'school', { schoolId: other.id })).email,
      undefined,
      eventId,
    );
    const refused = await save(agent, withVolunteer());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(VOLUNTEER_MESSAGES.tooManyPlaces(0));
    expect(await spotOf()).toMatchObject({ male: 216, female: 216 });
  });

  it('refuses a position the discipline does not offer, naming it, and saves nothing', async () => {
    // Alpine (1) offers the short official set: no Shovel (that is Moguls').
    await t.db.insert(volunteerSpots).values({ eventId, disciplineId: 1, division: 1, male: 5, female: 5 });
    const refused = await save(school, withVolunteer(pref({ DisciplineId: 1, position: 'Shovel' })));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      {
        path: 'body.slots.0.preferences.0.position',
        message: volunteerPositionNotOfferedMessage([
          'Start Marshall',
          'Finish Assistant',
          'Start Referee',
          'Finish Referee',
        ]),
      },
    ]);
    expect(await spotOf(1, 1)).toMatchObject({ male: 5, female: 5 });
    expect(await get<unknown[]>(school, '/api/volunteerSlots')).toEqual([]);
    expect(
      (await save(school, withVolunteer(pref({ DisciplineId: 1, position: 'Finish Assistant' })))).statusCode,
    ).toBe(200);
  });
});

describe('locks, roles and isolation', () => {
  it("answers 410 to a school's volunteer writes under the volunteer lock or the event lock; the admin may still write", async () => {
    await t.db.update(events).set({ volunteerLock: true }).where(eq(events.id, eventId));
    const locked = await save(school, { volunteers: [volunteer()] });
    expect(locked.statusCode).toBe(410);
    expect(locked.json().code).toBe('VOLUNTEERS_LOCKED');
    expect((await save(admin, { volunteers: [volunteer()] })).statusCode).toBe(200);
    await t.db.update(events).set({ volunteerLock: false, locked: true }).where(eq(events.id, eventId));
    expect((await save(school, { slots: [slot(null)] })).statusCode).toBe(410);
    expect((await spotOf()).male).toBe(2);
  });

  it("never shows a school another school's volunteers or slots; auditors read, race department nothing", async () => {
    await enterRaces(1, 3);
    const v = volunteer();
    expect((await save(school, { volunteers: [v], slots: [slot(v.id)] })).statusCode).toBe(200);
    const other = await anotherSchool();
    expect(await get<unknown[]>(other, '/api/volunteers')).toEqual([]);
    expect(await get<unknown[]>(other, '/api/volunteerSlots')).toEqual([]);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    await auditor.request({ method: 'POST', url: '/api/session/', payload: { SchoolId: schoolId, EventId: eventId } });
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    for (const url of ['/api/volunteers', '/api/volunteerSlots', '/api/requiredVolunteers']) {
      expect((await racedept.request({ method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await save(auditor, { volunteers: [volunteer()] })).statusCode).toBe(403);
  });
});

describe('required volunteers', () => {
  const enter = (disciplineId: number, count: number) => enterRaces(disciplineId, count);

  it('counts one per 8 race entries (the event may set another ratio), and VIC by its groups', async () => {
    await enter(2, 9);
    await enter(1, 3);
    expect(await get(school, '/api/requiredVolunteers')).toEqual({ total: 2 });
    expect(await get(school, '/api/requiredVolunteersAus')).toEqual({ total: 2 });
    await t.db.update(events).set({ volunteerRatio: 4 }).where(eq(events.id, eventId));
    expect(await get(school, '/api/requiredVolunteers')).toEqual({ total: 3 });
    // Ski (Moguls, 1 per 11): 9 -> 1; alpine (1 per 8): 3 -> 1; no snowboard.
    expect(await get(school, '/api/requiredVolunteersVic')).toEqual({ ski: 1, snowboard: 0, alpine: 1 });
  });
});

describe("the admin's volunteer spots", () => {
  it('reads the spots the event still races, sets them, and refuses a division it does not race', async () => {
    // Division 6 of Moguls is not raced at this event (divisions 1 to 5): left out.
    await t.db.insert(volunteerSpots).values({ eventId, disciplineId: 2, division: 6, male: 9, female: 9 });
    const spots = await get<Spot[]>(admin, '/api/volunteerSpots');
    expect(spots.map((s) => [s.DisciplineId, s.division])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    const put = await admin.request({
      method: 'PUT',
      url: '/api/volunteerSpots',
      payload: { spots: [{ DisciplineId: 2, division: 3, male: 4, female: 5 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as Spot[]).find((s) => s.division === 3)).toMatchObject({ male: 4, female: 5 });
    const bad = await admin.request({
      method: 'PUT',
      url: '/api/volunteerSpots',
      payload: { spots: [{ DisciplineId: 9, division: 5, male: 1, female: 1 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([{ path: 'spots.0.division', message: VOLUNTEER_MESSAGES.spotOutOfRange }]);
    expect((await school.request({ method: 'GET', url: '/api/volunteerSpots' })).statusCode).toBe(403);
    expect(
      (await school.request({ method: 'PUT', url: '/api/volunteerSpots', payload: { spots: [] } })).statusCode,
    ).toBe(403);
  });

  it('keeps each event to its own spots', async () => {
    const other = await createEvent(t.db);
    await t.db.insert(volunteerSpots).values({ eventId: other.id, disciplineId: 2, division: 1, male: 7, female: 7 });
    expect((await get<Spot[]>(school, '/api/volunteerSpots/available')).every((s) => s.male !== 7)).toBe(true);
  });
});
