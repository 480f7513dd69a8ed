// Team managers: the list (per school and event; a school only ever gets its own), the batch save
// (all or nothing, one transaction), removal of a manager who looks after a team, the phone rule,
// stale versions (409 with the stored row), the school boundary, the event lock (410) and
// exactly-once replays.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { events, teamManagers, teams } from '../../server/db/schema';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;

const manager = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  firstname: 'Tess',
  lastname: 'Manager',
  mobile: '(02) 9999-1234',
  seasonPass: '0',
  ...over,
});
const put = (
  agent: Agent,
  body: { teamManagers?: unknown[]; teamManagersDeleted?: string[] },
  headers: Record<string, string> = {},
) =>
  agent.request({
    method: 'PUT',
    url: '/api/teamManagers',
    headers,
    payload: {
      multi: true,
      teamManagers: body.teamManagers ?? [],
      teamManagersDeleted: body.teamManagersDeleted ?? [],
    },
  });
const list = (agent: Agent, filter?: unknown) =>
  agent.request({
    method: 'GET',
    url: '/api/v2/team-managers',
    query: filter ? { filter: JSON.stringify(filter) } : {},
  });
const rowsOf = (sid: string) => t.db.select().from(teamManagers).where(eq(teamManagers.schoolId, sid));

async function saved(agent: Agent, rows: Record<string, unknown>[]) {
  const res = await put(agent, { teamManagers: rows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; version: number }[];
}

/** Another school in the same event, its coordinator signed in, with one manager. */
async function otherSchool() {
  const sid = (await createSchool(t.db)).id;
  const agent = await signIn(t.app, (await createUser(t.db, 'school', { schoolId: sid })).email, undefined, eventId);
  const [row] = await saved(agent, [manager({ firstname: 'Other' })]);
  return { sid, agent, managerId: row!.id };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('PUT /api/teamManagers', () => {
  it("saves new managers with the client's ids in the session's school and event, and lists them by surname", async () => {
    // Season passes are a VIC matter (below: refused for other events).
    await t.db.update(events).set({ invoiceType: 'VIC' }).where(eq(events.id, eventId));
    const a = manager({ lastname: 'Zed', mobile: '+61 400 111 222' });
    const b = manager({ lastname: 'Abel', phoneNumber: '0400.111.333', mobile: undefined, seasonPass: '1' });
    const answer = await saved(school, [a, b]);
    expect(answer.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(answer[1]).toMatchObject({
      mobile: '0400.111.333',
      seasonPass: '1',
      SchoolId: schoolId,
      EventId: eventId,
      version: 1,
    });
    const listed = await list(school);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((r: { lastname: string }) => r.lastname)).toEqual(['Abel', 'Zed']);
  });

  it("updates and removes in one call; a removed manager's team keeps no manager", async () => {
    const [keep, gone] = await saved(school, [manager({ firstname: 'Keep' }), manager({ firstname: 'Gone' })]);
    const [team] = await t.db
      .insert(teams)
      .values({
        schoolId,
        eventId,
        disciplineId: 1,
        division: 1,
        teamRank: 'A',
        gender: 'Female',
        teamManagerId: gone!.id,
      })
      .returning();
    const withTeams = await list(school, { include: 'teams' });
    expect(withTeams.json().find((r: { id: string }) => r.id === gone!.id).teams).toMatchObject([{ id: team!.id }]);

    const res = await put(school, {
      teamManagers: [manager({ id: keep!.id, firstname: 'Kept', version: keep!.version })],
      teamManagersDeleted: [gone!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ id: keep!.id, firstname: 'Kept', version: 2 }]);
    expect((await rowsOf(schoolId)).map((r) => r.firstname)).toEqual(['Kept']);
    const [after] = await t.db.select().from(teams).where(eq(teams.id, team!.id));
    expect(after!.teamManagerId).toBeNull();
  });

  it('treats removing a manager already gone as done', async () => {
    const res = await put(school, { teamManagersDeleted: [randomUUID()] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses a mobile with fewer than 7 digits with the spec's message, changing nothing", async () => {
    const good = manager();
    for (const mobile of ['', '123 456', 'call me', '12345ext']) {
      const res = await put(school, { teamManagers: [good, manager({ mobile })] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toContainEqual({
        path: 'body.teamManagers.1.mobile',
        message: MESSAGES.teamManagerPhoneRequired,
      });
    }
    expect(await rowsOf(schoolId)).toEqual([]);
  });

  it('refuses a season pass outside a VIC event, naming the row and changing nothing; a pass already held is kept', async () => {
    const good = manager();
    for (const agent of [school, admin]) {
      const res = await put(agent, { teamManagers: [good, manager({ seasonPass: '1' })] });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields).toEqual([
        { path: 'teamManagers.1.seasonPass', message: SERVER_MESSAGES.seasonPassVicOnly },
      ]);
    }
    expect(await rowsOf(schoolId)).toEqual([]);
    const [row] = await saved(school, [good]);
    const ticked = await put(school, {
      teamManagers: [manager({ id: row!.id, seasonPass: '1', version: row!.version })],
    });
    expect(ticked.statusCode).toBe(422);
    expect((await rowsOf(schoolId))[0]).toMatchObject({ seasonPass: '0', version: row!.version });
    // A pass given while the event was VIC stays when the row is saved again.
    await t.db.update(teamManagers).set({ seasonPass: '1' }).where(eq(teamManagers.id, row!.id));
    const [held] = await rowsOf(schoolId);
    const again = await put(school, {
      teamManagers: [manager({ id: row!.id, firstname: 'Renamed', seasonPass: '1', version: held!.version })],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowsOf(schoolId))[0]).toMatchObject({ firstname: 'Renamed', seasonPass: '1' });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await saved(school, [manager()]);
    for (const body of [
      { teamManagers: [manager({ firstname: '' })], teamManagersDeleted: [before[0]!.id] },
      { teamManagers: [manager({ id: 'not-a-uuid' })], teamManagersDeleted: [before[0]!.id] },
      { teamManagers: [manager({ seasonPass: 'yes' })], teamManagersDeleted: [before[0]!.id] },
      { teamManagers: [manager({ id: before[0]!.id })], teamManagersDeleted: [before[0]!.id] },
    ]) {
      const res = await put(school, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await rowsOf(schoolId)).map((r) => r.id)).toEqual([before[0]!.id]);
  });

  it('answers 409 with the stored row and its index for a stale version, and saves nothing of the batch', async () => {
    const [row] = await saved(school, [manager()]);
    await saved(admin, [manager({ id: row!.id, firstname: 'Admin edit', version: row!.version })]);
    const fresh = manager();
    const res = await put(school, {
      teamManagers: [fresh, manager({ id: row!.id, firstname: 'Mine', version: row!.version })],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ index: 1, current: { id: row!.id, firstname: 'Admin edit', version: 2 } });
    expect((await rowsOf(schoolId)).map((r) => r.id)).toEqual([row!.id]);
  });
});

describe('rows of a manager on record with only the fields changed', () => {
  it('writes only the fields a row carries, beside whole rows in the same save', async () => {
    const [row] = await saved(school, [manager({ firstname: 'Tess', lastname: 'Old', mobile: '0400 111 222' })]);
    await saved(admin, [{ id: row!.id, mobile: '0400 999 888', version: row!.version }]); // another device: version 2
    const fresh = manager({ firstname: 'New' });
    await saved(school, [{ id: row!.id, lastname: 'Changed', version: 2 }, fresh]);
    const [stored] = (await rowsOf(schoolId)).filter((r) => r.id === row!.id);
    expect(stored).toMatchObject({
      firstname: 'Tess',
      lastname: 'Changed',
      mobile: '0400 999 888',
      seasonPass: '0',
      version: 3,
    });
    expect((await rowsOf(schoolId)).find((r) => r.id === fresh.id)).toMatchObject({
      firstname: 'New',
      lastname: 'Manager',
    });
  });

  it('checks the phone when one is sent, and a new manager whole', async () => {
    const [row] = await saved(school, [manager()]);
    const badPhone = await put(school, { teamManagers: [{ id: row!.id, mobile: '123', version: row!.version }] });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields).toContainEqual({
      path: 'body.teamManagers.0.mobile',
      message: MESSAGES.teamManagerPhoneRequired,
    });
    const newWithoutPhone = await put(school, {
      teamManagers: [{ id: randomUUID(), firstname: 'No', lastname: 'Phone' }],
    });
    expect(newWithoutPhone.json().fields).toContainEqual({
      path: 'body.teamManagers.0.mobile',
      message: MESSAGES.teamManagerPhoneRequired,
    });
    const newWithoutName = await put(school, {
      teamManagers: [{ id: randomUUID(), lastname: 'Only', mobile: '0400 111 222' }],
    });
    expect(newWithoutName.statusCode).toBe(400);
    expect(newWithoutName.json().fields.map((f: { path: string }) => f.path)).toContain(
      'body.teamManagers.0.firstname',
    );
    expect((await rowsOf(schoolId)).map((r) => r.mobile)).toEqual(['(02) 9999-1234']);
  });

  it('refuses only-the-changes of a manager no longer on record (404), and a stale one with the stored row', async () => {
    const gone = await put(school, { teamManagers: [{ id: randomUUID(), lastname: 'Nobody', version: 1 }] });
    expect(gone.statusCode).toBe(404);
    const [row] = await saved(school, [manager({ lastname: 'Kept' })]);
    const stale = await put(school, { teamManagers: [{ id: row!.id, lastname: 'Late', version: 0 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: row!.id, lastname: 'Kept' });
    expect((await rowsOf(schoolId)).map((r) => r.lastname)).toEqual(['Kept']);
  });
});

describe('a school only ever touches its own team managers', () => {
  it('gets its own school whatever the filter names', async () => {
    const other = await otherSchool();
    await saved(school, [manager({ firstname: 'Mine' })]);
    const res = await list(school, { where: { SchoolId: other.sid, EventId: eventId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: { firstname: string; SchoolId: string }) => [r.firstname, r.SchoolId])).toEqual([
      ['Mine', schoolId],
    ]);
  });

  it("cannot change or remove another school's manager (404), which stays as it was", async () => {
    const other = await otherSchool();
    const before = await rowsOf(other.sid);
    expect(
      (await put(school, { teamManagers: [manager({ id: other.managerId, firstname: 'Hijack' })] })).statusCode,
    ).toBe(404);
    expect((await put(school, { teamManagersDeleted: [other.managerId] })).statusCode).toBe(404);
    expect(await rowsOf(other.sid)).toEqual(before);
  });

  it('lets staff read a school by filter: the admin and the auditor', async () => {
    const other = await otherSchool();
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    for (const agent of [admin, auditor]) {
      const res = await list(agent, { where: { SchoolId: other.sid, EventId: eventId } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((r: { id: string }) => r.id)).toEqual([other.managerId]);
    }
  });

  it('keeps the managers of each event apart', async () => {
    await saved(school, [manager({ firstname: 'This event' })]);
    const next = (await createEvent(t.db)).id;
    const res = await list(school, { where: { EventId: next } });
    expect(res.json()).toEqual([]);
  });

  it('is refused to race department users', async () => {
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    expect((await list(racedept, { where: { SchoolId: schoolId } })).statusCode).toBe(403);
    expect((await put(racedept, { teamManagers: [manager()] })).statusCode).toBe(403);
  });
});

describe('a locked event', () => {
  it("answers 410 to a school's save and changes nothing; the admin may still save", async () => {
    const [row] = await saved(school, [manager()]);
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const refused = await put(school, { teamManagers: [manager()], teamManagersDeleted: [row!.id] });
    expect(refused.statusCode, refused.body).toBe(410);
    expect(refused.json().code).toBe('EVENT_LOCKED');
    expect((await rowsOf(schoolId)).map((r) => r.id)).toEqual([row!.id]);
    expect((await put(admin, { teamManagers: [manager()] })).statusCode).toBe(200);
  });
});

describe('exactly once', () => {
  it('applies a repeated Idempotency-Key once and replays the same answer', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const body = { teamManagers: [manager()] };
    const first = await put(school, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(school, { teamManagers: [manager(), manager()] }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });

  it('applies a repeated client sequence number once', async () => {
    const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1', 'idempotency-key': randomUUID() };
    const first = await put(school, { teamManagers: [manager()] }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(school, { teamManagers: [manager()] }, { ...headers, 'idempotency-key': randomUUID() });
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });
});
