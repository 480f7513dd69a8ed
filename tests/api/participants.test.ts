// Participants and their race entries: CRUD, the registry check (unknown, inactive, unreachable),
// the same-snow-id upsert, archiving (entries of the current event go), stale versions (409 with
// the stored row), the school boundary, the event lock (410) and exactly-once replays.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { events, participants, registryAthletes, teamEntries, teams } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;

const ACTIVE = '9101001';
const ACTIVE_2 = '9101002';
const ACTIVE_3 = '9101003';
const INACTIVE = '9109009';

async function seedAthletes(db: Db) {
  await db
    .insert(registryAthletes)
    .values([
      { snowId: ACTIVE, firstname: 'Ava', lastname: 'Alpine', gender: 'Female', dob: '2012-03-04', active: true },
      { snowId: ACTIVE_2, firstname: 'Ben', lastname: 'Board', gender: 'Male', dob: '2011-05-06', active: true },
      { snowId: ACTIVE_3, firstname: 'Cy', lastname: 'Cross', gender: 'Male', dob: '2010-07-08', active: true },
      { snowId: INACTIVE, firstname: 'Ina', lastname: 'Active', gender: 'Female', dob: '2010-01-01', active: false },
    ])
    .onConflictDoNothing();
}

const person = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  snowId: ACTIVE,
  firstname: 'Ava',
  lastname: 'Alpine',
  yearLevel: '7',
  gender: 'Female',
  dob: '2012-03-04',
  email: '',
  ...over,
});
const post = (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: '/api/v2/participants', payload: body, headers });
const patch = (agent: Agent, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request({ method: 'PATCH', url: `/api/v2/participants/${id}`, payload: body, headers });
const list = (agent: Agent, filter?: unknown) =>
  agent.request({
    method: 'GET',
    url: '/api/v2/participants',
    query: filter ? { filter: JSON.stringify(filter) } : {},
  });
const rowsOf = (sid: string) => t.db.select().from(participants).where(eq(participants.schoolId, sid));

async function created(agent: Agent, over: Record<string, unknown> = {}) {
  const res = await post(agent, person(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A team of the school in the event with the participant in position 1. */
async function enter(participantId: string, opts: { sid?: string; ev?: string; disciplineId?: number } = {}) {
  const sid = opts.sid ?? schoolId;
  const ev = opts.ev ?? eventId;
  const disciplineId = opts.disciplineId ?? 1;
  const [team] = await t.db
    .insert(teams)
    .values({
      schoolId: sid,
      eventId: ev,
      disciplineId,
      division: 1,
      teamRank: 'A',
      gender: 'Female',
    })
    .returning();
  const [entry] = await t.db
    .insert(teamEntries)
    .values({
      teamId: team!.id,
      eventId: ev,
      disciplineId,
      schoolId: sid,
      participantId,
      position: 1,
    })
    .returning();
  return { team: team!, entry: entry! };
}

beforeEach(async () => {
  t = await startTestApp();
  await seedAthletes(t.db);
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('POST /api/v2/participants', () => {
  it("creates the participant with the client's id, in the domain shape, and lists it", async () => {
    const body = person();
    const res = await post(school, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...body,
      snowIdActive: 1,
      SchoolId: schoolId,
      archived: 0,
      entryCount: 0,
      version: 1,
    });
    const listed = await list(school);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([res.json()]);
    expect((await list(admin)).json()).toEqual([res.json()]);
  });

  it("updates the school's participant with the same snow id and answers it under its own id", async () => {
    const first = await created(school);
    const res = await post(school, person({ firstname: 'Ava-Rose', yearLevel: '8' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, firstname: 'Ava-Rose', yearLevel: '8', version: 2 });
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });

  it('lets another school hold the same snow id', async () => {
    const otherId = (await createSchool(t.db)).id;
    const other = await signIn(
      t.app,
      (await createUser(t.db, 'school', { schoolId: otherId })).email,
      undefined,
      eventId,
    );
    await created(school);
    const res = await post(other, person());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().SchoolId).toBe(otherId);
  });

  it.each([
    ['unknown', '9100000'],
    ['inactive', INACTIVE],
  ])("refuses an %s snow id with the spec's message, writing nothing", async (_kind, snowId) => {
    const res = await post(school, person({ snowId }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      message: MESSAGES.snowIdNotFoundOrInactive,
      fields: [{ path: 'snowId', message: 'Snow Id not found or is inactive' }],
    });
    expect(await rowsOf(schoolId)).toEqual([]);
  });

  it('accepts a participant without a snow id (no lookup)', async () => {
    const res = await post(school, person({ snowId: null }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ snowId: null, snowIdActive: 1 });
  });

  it("lands on the session's school even when the body names another", async () => {
    const otherId = (await createSchool(t.db)).id;
    const res = await post(school, person({ SchoolId: otherId }));
    expect(res.json().SchoolId).toBe(schoolId);
    expect(await rowsOf(otherId)).toEqual([]);
  });

  it('lets the admin write on the picked school', async () => {
    const res = await post(admin, person());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().SchoolId).toBe(schoolId);
  });
});

describe('the registry is unreachable', () => {
  it('answers 503 REGISTRY_UNAVAILABLE (retryable) and writes nothing', async () => {
    const down = await startTestApp({
      registry: () => ({
        lookup: () => Promise.reject(new Error('ECONNREFUSED')),
        count: () => Promise.reject(new Error('ECONNREFUSED')),
      }),
    });
    try {
      const s = await schoolInEvent(down);
      const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1' };
      const res = await s.school.request({ method: 'POST', url: '/api/v2/participants', payload: person(), headers });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'REGISTRY_UNAVAILABLE', message: MESSAGES.registryConnectionError });
      expect(await down.db.select().from(participants)).toEqual([]);
      // Not recorded as applied: the same item may be sent again.
      const again = await s.school.request({ method: 'POST', url: '/api/v2/participants', payload: person(), headers });
      expect(again.statusCode).toBe(503);
      expect(again.headers['idempotent-replay']).toBeUndefined();
      // The lookup route says the same.
      const lookup = await s.school.request({ method: 'GET', url: `/api/snowracer/${ACTIVE}` });
      expect(lookup.statusCode).toBe(503);
      // A write that needs no lookup goes through.
      const plain = await s.school.request({
        method: 'POST',
        url: '/api/v2/participants',
        payload: person({ snowId: null }),
      });
      expect(plain.statusCode, plain.body).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('PATCH /api/v2/participants/:id', () => {
  it('changes only the fields sent', async () => {
    const p = await created(school, { email: 'ava@example.test' });
    const res = await patch(school, p.id, { lastname: 'Alpine-Smith', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...p, lastname: 'Alpine-Smith', version: 2 });
  });

  it('checks a changed snow id against the registry', async () => {
    const p = await created(school);
    const refused = await patch(school, p.id, { snowId: INACTIVE });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.snowIdNotFoundOrInactive);
    expect((await rowsOf(schoolId))[0]!.snowId).toBe(ACTIVE);
    const ok = await patch(school, p.id, { snowId: ACTIVE_2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ snowId: ACTIVE_2, snowIdActive: 1 });
  });

  it('refuses a snow id another participant of the school already has', async () => {
    await created(school);
    const b = await created(school, { snowId: ACTIVE_2, firstname: 'Ben' });
    const res = await patch(school, b.id, { snowId: ACTIVE });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].path).toBe('snowId');
  });

  it('answers 409 with the stored row for a stale version, changing nothing', async () => {
    const p = await created(school);
    expect((await patch(school, p.id, { firstname: 'Eva', version: 1 })).statusCode).toBe(200);
    const res = await patch(school, p.id, { lastname: 'Late', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      current: { ...p, firstname: 'Eva', version: 2 },
    });
    expect((await rowsOf(schoolId))[0]).toMatchObject({ lastname: 'Alpine', version: 2 });
  });

  it("archiving deletes the participant's entries in the current event only, and hides it from lists", async () => {
    const p = await created(school);
    const other = await created(school, { snowId: ACTIVE_2, firstname: 'Ben' });
    const here = await enter(p.id);
    const otherEvent = await createEvent(t.db);
    const there = await enter(p.id, { ev: otherEvent.id });
    const keep = await enter(other.id, { disciplineId: 2 });
    expect((await list(school)).json().find((x: { id: string }) => x.id === p.id).entryCount).toBe(1);

    const res = await patch(school, p.id, { archived: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: 1, entryCount: 0 });
    const left = (await t.db.select().from(teamEntries)).map((e) => e.id).sort();
    expect(left).toEqual([there.entry.id, keep.entry.id].sort());
    expect(left).not.toContain(here.entry.id);
    expect((await list(school)).json().map((x: { id: string }) => x.id)).toEqual([other.id]);
    expect((await list(school, { where: { archived: 1 } })).json().map((x: { id: string }) => x.id)).toEqual([p.id]);
  });
});

describe('PUT /api/v2/participants', () => {
  it('saves many rows in one go, with the same rules per row', async () => {
    const existing = await created(school);
    const fresh = person({ snowId: ACTIVE_2, firstname: 'Ben', gender: 'Male' });
    const res = await school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: { participants: [person({ id: existing.id, firstname: 'Ava-May', version: 1 }), fresh] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      { id: existing.id, firstname: 'Ava-May', version: 2 },
      { id: fresh.id, snowIdActive: 1 },
    ]);
    expect(await rowsOf(schoolId)).toHaveLength(2);
  });

  it('refuses the whole batch when one row fails, naming the row', async () => {
    const res = await school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: { participants: [person(), person({ snowId: INACTIVE })] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MESSAGES.snowIdNotFoundOrInactive,
      fields: [{ path: 'participants.1.snowId' }],
    });
    expect(await rowsOf(schoolId)).toEqual([]);
  });

  it("archives with PUT and removes the current event's entries", async () => {
    const p = await created(school);
    await enter(p.id);
    const res = await school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: { participants: [person({ id: p.id, archived: 1 })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(teamEntries)).toEqual([]);
  });

  it('answers 409 with the stored row and its index for a stale row', async () => {
    const p = await created(school);
    await patch(school, p.id, { firstname: 'Eva' });
    const res = await school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: { participants: [person({ snowId: ACTIVE_3 }), person({ id: p.id, version: 1 })] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ index: 1, current: { id: p.id, firstname: 'Eva', version: 2 } });
    expect(await rowsOf(schoolId)).toHaveLength(1);
  });
});

describe('dates of birth', () => {
  const thisYear = new Date().getUTCFullYear();
  const outOfRange = ['1899-12-31', `${thisYear + 2}-01-01`, '2030-02-30'];
  const dobIssue = (res: { json(): { fields?: { path: string; message: string }[] } }, path: string) =>
    expect(res.json().fields).toContainEqual({ path, message: MESSAGES.invalidDate });

  it('takes a year from 1900 to the current year on every write path', async () => {
    expect((await post(school, person({ dob: '1900-01-01' }))).statusCode).toBe(200);
    const [p] = await rowsOf(schoolId);
    const ok = await patch(school, p!.id, { dob: `${thisYear}-01-01` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().dob).toBe(`${thisYear}-01-01`);
  });

  it("refuses a year before 1900 or after this one with the spec's message through POST, PUT, PATCH and the spreadsheet import, changing nothing", async () => {
    const p = await created(school);
    for (const dob of outOfRange) {
      const posted = await post(school, person({ snowId: ACTIVE_2, firstname: 'Ben', dob }));
      expect(posted.statusCode, dob).toBe(400);
      dobIssue(posted, 'body.dob');
      const put = await school.request({
        method: 'PUT',
        url: '/api/v2/participants',
        payload: { participants: [person({ id: p.id, dob })] },
      });
      expect(put.statusCode, dob).toBe(400);
      dobIssue(put, 'body.participants.0.dob');
      const patched = await patch(school, p.id, { dob });
      expect(patched.statusCode, dob).toBe(400);
      dobIssue(patched, 'body.dob');
      const imported = await school.request({
        method: 'POST',
        url: '/api/xls-import/confirm',
        payload: {
          rows: [
            { snowId: null, firstname: 'Imo', lastname: 'Ported', yearLevel: '7', gender: 'Female', dob, email: '' },
          ],
        },
      });
      expect(imported.statusCode, dob).toBe(400);
      dobIssue(imported, 'body.rows.0.dob');
    }
    expect(await rowsOf(schoolId)).toEqual([expect.objectContaining({ id: p.id, dob: '2012-03-04', version: 1 })]);
  });
});

describe('team entries', () => {
  it("lists a participant's entries with their teams, lists by filter and deletes one", async () => {
    const p = await created(school);
    const { team, entry } = await enter(p.id);
    const res = await school.request({ method: 'GET', url: `/api/v2/participants/${p.id}/team-entries` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: entry.id,
        TeamId: team.id,
        ParticipantId: p.id,
        position: 1,
        bib: null,
        bibManual: false,
        version: 1,
        EventId: eventId,
        DisciplineId: 1,
        disciplineName: expect.any(String),
        division: 1,
        teamRank: 'A',
        teamGender: 'Female',
      },
    ]);
    const filtered = await school.request({
      method: 'GET',
      url: '/api/v2/team-entries',
      query: { filter: JSON.stringify({ where: { TeamId: team.id } }) },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().map((e: { id: string }) => e.id)).toEqual([entry.id]);
    const none = await school.request({
      method: 'GET',
      url: '/api/v2/team-entries',
      query: { filter: JSON.stringify({ where: { TeamId: randomUUID() } }) },
    });
    expect(none.json()).toEqual([]);

    const del = await school.request({ method: 'DELETE', url: `/api/v2/team-entries/${entry.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect(await t.db.select().from(teamEntries)).toEqual([]);
    expect((await school.request({ method: 'DELETE', url: `/api/v2/team-entries/${entry.id}` })).statusCode).toBe(404);
  });

  it("lists a school's participants for an event with their entries there", async () => {
    const p = await created(school);
    const { entry } = await enter(p.id);
    const res = await school.request({ method: 'GET', url: `/api/schools/${schoolId}/events/${eventId}/participants` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ id: p.id, entryCount: 1, TeamEntries: [{ id: entry.id }] }]);
  });
});

describe('a school only ever touches its own participants', () => {
  it('cannot read, patch, or delete the entries of another school, whose rows stay unchanged', async () => {
    const otherId = (await createSchool(t.db)).id;
    const other = await signIn(
      t.app,
      (await createUser(t.db, 'school', { schoolId: otherId })).email,
      undefined,
      eventId,
    );
    const theirs = await created(other);
    const { entry } = await enter(theirs.id, { sid: otherId });
    const before = { p: await rowsOf(otherId), e: await t.db.select().from(teamEntries) };

    expect((await list(school, { where: { SchoolId: otherId } })).statusCode).toBe(403);
    expect(
      (await school.request({ method: 'GET', url: `/api/schools/${otherId}/events/${eventId}/participants` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await school.request({
          method: 'GET',
          url: '/api/v2/team-entries',
          query: { filter: JSON.stringify({ where: { SchoolId: otherId } }) },
        })
      ).statusCode,
    ).toBe(403);
    const read = await school.request({ method: 'GET', url: `/api/v2/participants/${theirs.id}/team-entries` });
    expect(read.statusCode).toBe(404);
    const p = await patch(school, theirs.id, { firstname: 'Hacked' });
    expect(p.statusCode).toBe(404);
    expect(p.body).not.toContain(theirs.firstname);
    expect((await school.request({ method: 'DELETE', url: `/api/v2/team-entries/${entry.id}` })).statusCode).toBe(404);
    // A POST or PUT reusing their id is refused without revealing the row.
    expect((await post(school, person({ id: theirs.id, snowId: ACTIVE_2 }))).statusCode).toBe(404);
    expect(
      (
        await school.request({
          method: 'PUT',
          url: '/api/v2/participants',
          payload: { participants: [person({ id: theirs.id, snowId: ACTIVE_2 })] },
        })
      ).statusCode,
    ).toBe(404);
    // Their filtered lists do not leak into ours.
    expect((await list(school)).json()).toEqual([]);
    expect((await school.request({ method: 'GET', url: '/api/v2/team-entries' })).json()).toEqual([]);

    expect({ p: await rowsOf(otherId), e: await t.db.select().from(teamEntries) }).toEqual(before);
  });
});

describe('a locked event', () => {
  it("answers 410 to a school's writes and changes nothing; the admin may still write", async () => {
    const p = await created(school);
    const { entry } = await enter(p.id);
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const before = { p: await rowsOf(schoolId), e: await t.db.select().from(teamEntries) };

    const writes = [
      await post(school, person({ snowId: ACTIVE_2 })),
      await patch(school, p.id, { archived: 1 }),
      await school.request({
        method: 'PUT',
        url: '/api/v2/participants',
        payload: { participants: [person({ id: p.id, firstname: 'X' })] },
      }),
      await school.request({ method: 'DELETE', url: `/api/v2/team-entries/${entry.id}` }),
    ];
    for (const res of writes) {
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json().code).toBe('EVENT_LOCKED');
    }
    expect({ p: await rowsOf(schoolId), e: await t.db.select().from(teamEntries) }).toEqual(before);
    expect((await patch(admin, p.id, { firstname: 'Admin' })).statusCode).toBe(200);
  });
});

describe('exactly once', () => {
  it('applies a repeated client sequence number once and replays the answer', async () => {
    const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1' };
    const p = await created(school);
    const first = await patch(school, p.id, { firstname: 'Once', version: 1 }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await patch(school, p.id, { firstname: 'Once', version: 1 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await rowsOf(schoolId))[0]!.version).toBe(2);

    const create = { 'x-client-id': randomUUID(), 'x-client-seq': '7' };
    const body = person({ snowId: ACTIVE_2 });
    const a = await post(school, body, create);
    const b = await post(school, body, create);
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await rowsOf(schoolId)).toHaveLength(2);
  });

  it('replays a registry refusal the same way', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await post(school, person({ snowId: INACTIVE }), headers);
    expect(first.statusCode).toBe(422);
    const again = await post(school, person(), headers);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(schoolId)).toEqual([]);
  });
});
