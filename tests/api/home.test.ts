// Home and the first-season carry-over: GET /api/metrics (roles, school A vs school B, bad
// params), GET /api/participants/year12, and POST /api/v2/new-season-updates (one transaction,
// the flag cleared, a replay harmless, 409 once done, bad input and the lock changing nothing).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_SEASON_ALREADY_DONE } from '../../src/domain/rules/new-season';
import {
  events,
  participants,
  teamEntries,
  teamManagers,
  teams,
  users,
  volunteerSlots,
  volunteers,
  waivers,
} from '../../server/db/schema';
import { PASSWORD, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;
let schoolUserId: string;

const metricsOf = (agent: Agent, sid = schoolId, ev = eventId) =>
  agent.request({ method: 'GET', url: `/api/metrics/${ev}/${sid}` });
const person = (over: Partial<typeof participants.$inferInsert> = {}) => ({
  id: randomUUID(),
  schoolId,
  firstname: 'Pat',
  lastname: randomUUID().slice(0, 6),
  yearLevel: '7',
  gender: 'Female',
  ...over,
});
const participantsOf = async (sid = schoolId) =>
  new Map((await t.db.select().from(participants).where(eq(participants.schoolId, sid))).map((p) => [p.id, p]));

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  const [coordinator] = await t.db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId));
  schoolUserId = coordinator!.id;
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/metrics/{EventId}/{SchoolId}', () => {
  async function seedSchool() {
    const [a, b, gone] = [person(), person(), person({ archived: 1 })];
    await t.db.insert(participants).values([a, b, gone]);
    const [team] = await t.db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female' })
      .returning();
    await t.db.insert(teamEntries).values([
      { teamId: team!.id, eventId, disciplineId: 1, schoolId, participantId: a.id, position: 1 },
      { teamId: team!.id, eventId, disciplineId: 1, schoolId, participantId: null, position: 2 },
    ]);
    await t.db.insert(teamManagers).values({ schoolId, eventId, firstname: 'Tess' });
    const [volunteer] = await t.db.insert(volunteers).values({ schoolId, eventId, firstname: 'Val' }).returning();
    await t.db.insert(volunteerSlots).values([
      { schoolId, eventId, volunteerId: volunteer!.id },
      { schoolId, eventId },
    ]);
    await t.db.insert(waivers).values([
      { schoolId, eventId, type: 'participant', completed: 1 },
      { schoolId, eventId, type: 'participant', completed: 0 },
      { schoolId, eventId, type: 'volunteer', completed: 1 },
    ]);
  }

  it("answers the school's numbers for the event", async () => {
    await seedSchool();
    const res = await metricsOf(school);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      participantCount: 2,
      teamManagerCount: 1,
      teamsCount: 1,
      raceEntriesCount: 1,
      volunteerCount: 1,
      noPositionsAssignedToVolunteer: 1,
      noPositionsNotAssignedToVolunteer: 1,
      enteredParticipantsCount: 1,
      completedParticipantsWaiversCount: 1,
      completedVolunteerWaiversCount: 1,
      results: [],
    });
  });

  it('refuses a school user another school (403); admin and auditor read any school; racedept nothing', async () => {
    await seedSchool();
    const otherId = (await createSchool(t.db)).id;
    expect((await metricsOf(school, otherId)).statusCode).toBe(403);
    const theirs = await metricsOf(admin, otherId);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().participantCount).toBe(0);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    expect((await metricsOf(auditor)).json().participantCount).toBe(2);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    expect((await metricsOf(racedept)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/metrics/${eventId}/${schoolId}` })).statusCode).toBe(401);
  });

  it('answers 400 for ids that are not ids, 404 for an unknown event', async () => {
    expect((await school.request({ method: 'GET', url: `/api/metrics/not-an-id/${schoolId}` })).statusCode).toBe(400);
    expect((await school.request({ method: 'GET', url: `/api/metrics/${eventId}/42` })).statusCode).toBe(400);
    expect((await metricsOf(school, schoolId, randomUUID())).statusCode).toBe(404);
  });
});

describe('first-season carry-over', () => {
  const carryOver = (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    agent.request({
      method: 'POST',
      url: '/api/v2/new-season-updates',
      payload: { SchoolId: schoolId, year: 2026, participantsArchive: [], participants: [], ...body },
      headers,
    });
  const flag = async () => (await t.db.select().from(users).where(eq(users.id, schoolUserId)))[0]!.firstSeasonLogin;

  let kept: ReturnType<typeof person>;
  let removed: ReturnType<typeof person>;
  let leaver: ReturnType<typeof person>;
  let kinder: ReturnType<typeof person>;
  beforeEach(async () => {
    await t.db.update(users).set({ firstSeasonLogin: true }).where(eq(users.id, schoolUserId));
    [kept, removed, leaver, kinder] = [
      person({ yearLevel: '11' }),
      person({ yearLevel: '8' }),
      person({ yearLevel: '12' }),
      person({ yearLevel: 'K' }),
    ];
    await t.db
      .insert(participants)
      .values([kept, removed, leaver, kinder, person({ schoolId: (await createSchool(t.db)).id, yearLevel: '12' })]);
  });

  it("GET /api/participants/year12 answers the school's Year 12s (last season's leavers) only", async () => {
    const res = await school.request({ method: 'GET', url: '/api/participants/year12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((p: { id: string }) => p.id)).toEqual([leaver.id]);
  });

  it('moves year levels up, archives the removed and the leavers, clears the flag: one transaction', async () => {
    const [team] = await t.db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId: 1, division: 3, teamRank: 'A', gender: 'Female' })
      .returning();
    await t.db
      .insert(teamEntries)
      .values({ teamId: team!.id, eventId, disciplineId: 1, schoolId, participantId: removed.id, position: 1 });
    const res = await carryOver(school, {
      participantsArchive: [removed.id, leaver.id],
      participants: [
        { id: kept.id, yearLevel: '12' },
        { id: kinder.id, yearLevel: '1' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await participantsOf();
    expect([kept, kinder, removed, leaver].map((p) => [rows.get(p.id)!.yearLevel, rows.get(p.id)!.archived])).toEqual([
      ['12', 0],
      ['1', 0],
      ['8', 1],
      ['12', 1],
    ]);
    expect(await t.db.select().from(teamEntries).where(eq(teamEntries.participantId, removed.id))).toEqual([]);
    expect(await flag()).toBe(false);
    // A new sign-in is told so.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        username: (await t.db.select().from(users).where(eq(users.id, schoolUserId)))[0]!.email,
        password: PASSWORD,
        EventId: eventId,
      },
    });
    expect(login.json().firstSeasonLogin).toBe(false);
  });

  it('archives a Year 12 the client did not name (they leave school)', async () => {
    expect((await carryOver(school, { participants: [{ id: kept.id, yearLevel: '12' }] })).statusCode).toBe(200);
    expect((await participantsOf()).get(leaver.id)!.archived).toBe(1);
  });

  it('a replay is harmless; a second carry-over answers 409 (already done) and changes nothing', async () => {
    const body = { participants: [{ id: kinder.id, yearLevel: '1' }] };
    const key = { 'idempotency-key': randomUUID() };
    expect((await carryOver(school, body, key)).statusCode).toBe(200);
    const again = await carryOver(school, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    const other = await carryOver(admin, { participants: [{ id: kinder.id, yearLevel: '2' }] });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: NEW_SEASON_ALREADY_DONE });
    expect((await participantsOf()).get(kinder.id)!.yearLevel).toBe('1');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await participantsOf();
    const foreign = (await t.db.select().from(participants).where(eq(participants.yearLevel, '12'))).find(
      (p) => p.schoolId !== schoolId,
    )!;
    const cases = [
      { participantsArchive: [foreign.id] },
      { participants: [{ id: randomUUID(), yearLevel: '3' }] },
      { participantsArchive: [kept.id], participants: [{ id: kept.id, yearLevel: '12' }] },
      { participants: [{ id: kept.id, yearLevel: '13' }] },
      { participantsArchive: ['not-an-id'] },
      { year: 'next' },
    ];
    for (const body of cases) expect((await carryOver(school, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await participantsOf()).toEqual(before);
    expect(await flag()).toBe(true);
  });

  it('answers 410 while the event is locked (admins exempt) and changes nothing', async () => {
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    expect((await carryOver(school, { participantsArchive: [removed.id] })).statusCode).toBe(410);
    expect((await participantsOf()).get(removed.id)!.archived).toBe(0);
    expect(await flag()).toBe(true);
    expect((await carryOver(admin, { participantsArchive: [removed.id] })).statusCode).toBe(200);
    expect(await flag()).toBe(false);
  });

  it("carries over the school user's own school even when the body names another", async () => {
    const otherId = (await createSchool(t.db)).id;
    expect((await carryOver(school, { SchoolId: otherId, participantsArchive: [removed.id] })).statusCode).toBe(200);
    expect((await participantsOf()).get(removed.id)!.archived).toBe(1);
  });
});
