// Waivers: the matched lists (names compared without case, accents, spaces, hyphens or
// apostrophes; a participant's snow id; waivers matching nobody), the batch save (all or nothing,
// one transaction, who entered it taken from the session), stale versions (409 with the stored
// row), the school boundary, the event lock (410), the roles and exactly-once replays.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, participants, users, volunteers, waivers } from '../../server/db/schema';
import { IN_BOTH_LISTS } from '../../server/modules/waivers/service';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;

type Answer = {
  id: string;
  version: number;
  completed: boolean;
  createdBy: string;
  givenName: string;
  surname: string;
};
type Matched = {
  participants: {
    ParticipantId: string;
    firstname: string;
    lastname: string;
    snowId: string | null;
    waiver: Answer | null;
  }[];
  volunteers: { VolunteerId: string; firstname: string; lastname: string; waiver: Answer | null }[];
  unmatchedParticipants: Answer[];
  unmatchedVolunteers: Answer[];
};

const waiver = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'participant',
  name: 'Ava Alpine',
  givenName: 'Ava',
  surname: 'Alpine',
  completed: true,
  ...over,
});
const put = (
  agent: Agent,
  body: { data?: unknown[]; waiversDeleted?: string[] },
  headers: Record<string, string> = {},
) =>
  agent.request({
    method: 'PUT',
    url: '/api/waivers',
    headers,
    payload: { multi: true, data: body.data ?? [], waiversDeleted: body.waiversDeleted ?? [] },
  });
const matched = async (agent: Agent, query: Record<string, string> = {}): Promise<Matched> => {
  const res = await agent.request({ method: 'GET', url: '/api/waivers/matched', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Matched;
};
const rowsOf = (sid: string) => t.db.select().from(waivers).where(eq(waivers.schoolId, sid));

async function saved(agent: Agent, rows: Record<string, unknown>[]) {
  const res = await put(agent, { data: rows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer[];
}

async function addParticipant(
  sid: string,
  firstname: string,
  lastname: string,
  over: Partial<typeof participants.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(participants)
    .values({ schoolId: sid, firstname, lastname, ...over })
    .returning();
  return row!.id;
}
async function addVolunteer(sid: string, firstname: string, lastname: string, eid = eventId) {
  const [row] = await t.db
    .insert(volunteers)
    .values({ schoolId: sid, eventId: eid, firstname, lastname, mobile: '0400 000 000' })
    .returning();
  return row!.id;
}

/** Another school in the same event, its coordinator signed in, with one waiver. */
async function otherSchool() {
  const sid = (await createSchool(t.db)).id;
  const agent = await signIn(t.app, (await createUser(t.db, 'school', { schoolId: sid })).email, undefined, eventId);
  const [row] = await saved(agent, [waiver({ givenName: 'Other', name: 'Other Alpine' })]);
  return { sid, agent, waiverId: row!.id };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/waivers/matched', () => {
  it('matches names whatever their case, accents, spaces, hyphens and apostrophes', async () => {
    const zoe = await addParticipant(schoolId, 'Zoë', "O'Brien-Smith");
    const jo = await addParticipant(schoolId, 'Mary Jane', 'Lee');
    const vic = await addVolunteer(schoolId, 'Vic', 'Du Pont');
    const [a, b, c] = await saved(school, [
      waiver({ givenName: 'ZOE', surname: 'obrien smith', name: 'ZOE obrien smith' }),
      waiver({ givenName: 'mary-jane', surname: ' LEE ', completed: false }),
      waiver({ type: 'volunteer', givenName: 'vic', surname: 'dupont', name: 'vic dupont' }),
    ]);
    const answer = await matched(school);
    expect(answer.participants.map((p) => [p.ParticipantId, p.waiver?.id ?? null])).toEqual([
      [jo, b!.id],
      [zoe, a!.id],
    ]);
    expect(answer.participants[0]!.waiver).toMatchObject({ completed: false, givenName: 'mary-jane', surname: 'LEE' });
    expect(answer.volunteers).toEqual([
      { VolunteerId: vic, firstname: 'Vic', lastname: 'Du Pont', waiver: expect.objectContaining({ id: c!.id }) },
    ]);
    expect(answer.unmatchedParticipants).toEqual([]);
    expect(answer.unmatchedVolunteers).toEqual([]);
  });

  it('matches a participant waiver by snow id when both have one', async () => {
    const alex = await addParticipant(schoolId, 'Alexander', 'Brown', { snowId: '4242424' });
    const [w] = await saved(school, [waiver({ givenName: 'Alex', surname: 'Browne', snowId: '4242424' })]);
    const answer = await matched(school);
    expect(answer.participants).toEqual([
      {
        ParticipantId: alex,
        firstname: 'Alexander',
        lastname: 'Brown',
        snowId: '4242424',
        waiver: expect.objectContaining({ id: w!.id, snowId: '4242424' }),
      },
    ]);
  });

  it('lists people without a waiver and waivers that match nobody; archived participants take none', async () => {
    const ava = await addParticipant(schoolId, 'Ava', 'Alpine');
    await addParticipant(schoolId, 'Old', 'Leaver', { archived: 1 });
    const vic = await addVolunteer(schoolId, 'Vic', 'Helper');
    // A volunteer of another event is not one of this event's people.
    await addVolunteer(schoolId, 'Next', 'Season', (await createEvent(t.db)).id);
    const [leaver, stranger, helper] = await saved(school, [
      waiver({ givenName: 'Old', surname: 'Leaver' }),
      waiver({ givenName: 'Sam', surname: 'Stranger' }),
      waiver({ type: 'volunteer', givenName: 'Next', surname: 'Season' }),
    ]);
    const answer = await matched(school);
    expect(answer.participants.map((p) => [p.ParticipantId, p.waiver])).toEqual([[ava, null]]);
    expect(answer.volunteers.map((v) => [v.VolunteerId, v.waiver])).toEqual([[vic, null]]);
    expect(answer.unmatchedParticipants.map((w) => w.id)).toEqual([leaver!.id, stranger!.id]);
    expect(answer.unmatchedVolunteers.map((w) => w.id)).toEqual([helper!.id]);
  });

  it('gives a person the completed waiver when two match; the other is unmatched', async () => {
    const ava = await addParticipant(schoolId, 'Ava', 'Alpine');
    const [open, done] = await saved(school, [waiver({ completed: false }), waiver({ completed: true })]);
    const answer = await matched(school);
    expect(answer.participants.map((p) => [p.ParticipantId, p.waiver?.id])).toEqual([[ava, done!.id]]);
    expect(answer.unmatchedParticipants.map((w) => w.id)).toEqual([open!.id]);
  });
});

describe('PUT /api/waivers', () => {
  it("saves new waivers in the session's school and event, entered by the signed-in user whatever the body says", async () => {
    const [row] = await saved(school, [waiver({ createdBy: 'someone@else.test', snowId: '' })]);
    const [user] = await t.db.select().from(users).where(eq(users.schoolId, schoolId));
    expect(row).toMatchObject({
      createdBy: user!.email,
      SchoolId: schoolId,
      EventId: eventId,
      snowId: null,
      version: 1,
    });
    const [stored] = await rowsOf(schoolId);
    expect(stored).toMatchObject({ id: row!.id, createdBy: user!.email, eventId, completed: 1, type: 'participant' });
  });

  it('names the waiver from its given name and surname when no full name is sent', async () => {
    const [row] = await saved(school, [waiver({ name: undefined, givenName: ' Ava ', surname: 'Alpine ' })]);
    expect(row).toMatchObject({ name: 'Ava Alpine', givenName: 'Ava', surname: 'Alpine' });
  });

  it('updates and removes in one call, keeping who entered the waiver', async () => {
    const [keep, gone] = await saved(school, [waiver({ completed: false }), waiver({ givenName: 'Gone' })]);
    const res = await put(admin, {
      data: [waiver({ id: keep!.id, completed: true, givenName: 'Eva', version: keep!.version })],
      waiversDeleted: [gone!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      { id: keep!.id, completed: true, givenName: 'Eva', createdBy: keep!.createdBy, version: 2 },
    ]);
    expect((await rowsOf(schoolId)).map((r) => [r.id, r.givenName, r.completed])).toEqual([[keep!.id, 'Eva', 1]]);
  });

  it('treats removing a waiver already gone as done', async () => {
    expect((await put(school, { waiversDeleted: [randomUUID()] })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const [before] = await saved(school, [waiver()]);
    const cases: { body: { data?: unknown[]; waiversDeleted?: string[] }; path?: string }[] = [
      { body: { data: [waiver({ type: 'parent' })], waiversDeleted: [before!.id] } },
      { body: { data: [waiver({ id: 'not-a-uuid' })] } },
      { body: { data: [waiver({ givenName: 'x'.repeat(101) })] } },
      { body: { data: [waiver({ completed: 'yes' })] } },
      { body: { data: [waiver({ completed: undefined })] } },
      { body: { data: [waiver({ snowId: 'SR1' })] } },
      { body: { data: [waiver(), waiver({ id: before!.id })], waiversDeleted: [before!.id] }, path: 'data.1.id' },
    ];
    for (const { body, path } of cases) {
      const res = await put(school, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      if (path) expect(res.json().fields).toEqual([{ path, message: IN_BOTH_LISTS }]);
    }
    expect((await rowsOf(schoolId)).map((r) => [r.id, r.version])).toEqual([[before!.id, 1]]);
  });

  it('answers 409 with the stored row and its index for a stale version, and saves nothing of the batch', async () => {
    const [row] = await saved(school, [waiver({ completed: false })]);
    await saved(admin, [waiver({ id: row!.id, completed: true, version: row!.version })]);
    const res = await put(school, {
      data: [waiver(), waiver({ id: row!.id, givenName: 'Mine', version: row!.version })],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      index: 1,
      current: { id: row!.id, givenName: 'Ava', completed: true, version: 2 },
    });
    expect((await rowsOf(schoolId)).map((r) => r.id)).toEqual([row!.id]);
  });
});

describe('PUT /api/waivers: a waiver on record sent as only the fields changed', () => {
  it('writes only what a row carries, and a full name made from the two parts follows them', async () => {
    const [row, formName] = await saved(school, [
      waiver({ name: undefined, completed: false }),
      waiver({ name: 'Ava M. Alpine', givenName: 'Ava' }),
    ]);
    await saved(admin, [{ id: row!.id, completed: true, version: row!.version }]); // another device: version 2
    const answer = await saved(school, [
      { id: row!.id, surname: 'Summit', version: 2 },
      { id: formName!.id, givenName: 'Eva', version: formName!.version },
    ]);
    expect(answer).toMatchObject([
      {
        id: row!.id,
        name: 'Ava Summit',
        givenName: 'Ava',
        surname: 'Summit',
        completed: true,
        type: 'participant',
        version: 3,
      },
      { id: formName!.id, name: 'Ava M. Alpine', givenName: 'Eva' },
    ]);
  });

  it('refuses only-the-changes of a waiver no longer on record (404), and a new waiver without its type', async () => {
    expect((await put(school, { data: [{ id: randomUUID(), completed: true, version: 1 }] })).statusCode).toBe(404);
    expect((await put(school, { data: [{ id: randomUUID(), completed: true }] })).statusCode).toBe(400);
    expect(await rowsOf(schoolId)).toEqual([]);
  });
});

describe('a school only ever touches its own waivers', () => {
  it("never sees another school's waivers, and may not name another school", async () => {
    await addParticipant(schoolId, 'Other', 'Alpine');
    const other = await otherSchool();
    const answer = await matched(school);
    expect(answer.participants.map((p) => p.waiver)).toEqual([null]);
    expect(answer.unmatchedParticipants).toEqual([]);
    const named = await school.request({ method: 'GET', url: '/api/waivers/matched', query: { SchoolId: other.sid } });
    expect(named.statusCode).toBe(403);
    expect((await matched(other.agent)).unmatchedParticipants.map((w) => w.id)).toEqual([other.waiverId]);
  });

  it("cannot change or remove another school's waiver (404), which stays as it was", async () => {
    const other = await otherSchool();
    const before = await rowsOf(other.sid);
    const hijack = await put(school, { data: [waiver(), waiver({ id: other.waiverId, completed: false })] });
    expect(hijack.statusCode, hijack.body).toBe(404);
    expect((await put(school, { waiversDeleted: [other.waiverId] })).statusCode).toBe(404);
    expect(await rowsOf(other.sid)).toEqual(before);
    expect(await rowsOf(schoolId)).toEqual([]);
  });

  it('cannot reach its own waiver of another event through this event (404)', async () => {
    const [row] = await saved(school, [waiver()]);
    const next = (await createEvent(t.db)).id;
    const res = await put(school, { data: [waiver({ id: row!.id, completed: false })] }, { 'x-event-id': next });
    expect(res.statusCode, res.body).toBe(404);
    expect((await rowsOf(schoolId))[0]).toMatchObject({ eventId, completed: 1 });
  });
});

describe('roles', () => {
  it('lets the auditor read a school it names, but not write', async () => {
    const [row] = await saved(school, [waiver()]);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const answer = await matched(auditor, { SchoolId: schoolId, EventId: eventId });
    expect(answer.unmatchedParticipants.map((w) => w.id)).toEqual([row!.id]);
    expect((await put(auditor, { data: [waiver()] })).statusCode).toBe(403);
  });

  it('lets the admin read the school picked in the session', async () => {
    const [row] = await saved(school, [waiver()]);
    expect((await matched(admin)).unmatchedParticipants.map((w) => w.id)).toEqual([row!.id]);
  });

  it('refuses race department users (403) and callers signed out (401)', async () => {
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    expect((await racedept.request({ method: 'GET', url: '/api/waivers/matched' })).statusCode).toBe(403);
    expect((await put(racedept, { data: [waiver()] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/waivers/matched' })).statusCode).toBe(401);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: '/api/waivers',
      payload: { multi: true, data: [waiver()], waiversDeleted: [] },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await rowsOf(schoolId)).toEqual([]);
  });
});

describe('a locked event', () => {
  it("answers 410 to a school's save and changes nothing; the admin may still save", async () => {
    const [row] = await saved(school, [waiver({ completed: false })]);
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const refused = await put(school, { data: [waiver({ id: row!.id, completed: true, version: row!.version })] });
    expect(refused.statusCode, refused.body).toBe(410);
    expect(refused.json().code).toBe('EVENT_LOCKED');
    expect((await put(school, { waiversDeleted: [row!.id] })).statusCode).toBe(410);
    expect((await rowsOf(schoolId)).map((r) => [r.id, r.completed])).toEqual([[row!.id, 0]]);
    expect(
      (await put(admin, { data: [waiver({ id: row!.id, completed: true, version: row!.version })] })).statusCode,
    ).toBe(200);
    // Reading stays open.
    expect((await matched(school)).unmatchedParticipants.map((w) => w.completed)).toEqual([true]);
  });
});

describe('exactly once', () => {
  it('applies a repeated Idempotency-Key once and replays the same answer', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await put(school, { data: [waiver()] }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(school, { data: [waiver(), waiver()] }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });

  it('applies a repeated client sequence number once', async () => {
    const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1', 'idempotency-key': randomUUID() };
    const first = await put(school, { data: [waiver()] }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(school, { data: [waiver()] }, { ...headers, 'idempotency-key': randomUUID() });
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });
});
