// The session's context: the host check, the admin's school and event switch (and the school
// picker behind it), and reading a school profile in that context.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventStates, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const switchTo = (agent: Agent, payload: unknown, url = '/api/session/') =>
  agent.request({ method: 'POST', url, payload: payload as object });
const sessionRow = async (agent: Agent) => {
  const token = agent.cookie.replace(/^sid=/, '');
  return (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!;
};
const signInAs = async (type: 'admin' | 'auditor' | 'racedept' | 'school', schoolId?: string) =>
  signIn(t.app, (await createUser(t.db, type, schoolId ? { schoolId } : {})).email);

describe('GET /utils/host', () => {
  it('answers the host and whether it is one we serve', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/utils/host', headers: { host: 'localhost:8080' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ host: 'localhost', allowed: true });
    const other = await t.app.inject({ method: 'GET', url: '/utils/host', headers: { host: 'evil.example.com' } });
    expect(other.json()).toEqual({ host: 'evil.example.com', allowed: false });
  });
});

describe('POST /api/session', () => {
  it('lets an admin pick a school and an event, stored on the session row', async () => {
    const school = await createSchool(t.db, { name: 'Jindabyne Central' });
    const event = await createEvent(t.db, { name: 'VIC Champs', level: 'National', invoiceType: 'VIC' });
    await t.db.insert(eventStates).values({ eventId: event.id, stateId: 7 });
    const admin = await signInAs('admin');
    for (const url of ['/api/session/', '/api/session']) {
      const res = await switchTo(admin, { SchoolId: school.id, EventId: event.id }, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        SchoolId: school.id,
        EventId: event.id,
        schoolName: 'Jindabyne Central',
        eventName: 'VIC Champs',
        eventType: 'National',
        invoiceType: 'VIC',
        eventStates: [{ id: 3 }, { id: 7 }],
      });
    }
    expect(await sessionRow(admin)).toMatchObject({ schoolId: school.id, eventId: event.id });
    // The choice is what later calls work on.
    expect((await admin.request({ method: 'GET', url: '/api/school' })).json()).toMatchObject({ id: school.id });
  });

  it("clears the school when the event chosen is not open to the school's state", async () => {
    const nswSchool = await createSchool(t.db, { name: 'Jindabyne Central', stateId: 3 });
    const nsw = await createEvent(t.db, { name: 'NSW Champs' });
    const vic = await createEvent(t.db, { name: 'VIC Champs', invoiceType: 'VIC' });
    await t.db.delete(eventStates).where(eq(eventStates.eventId, vic.id));
    await t.db.insert(eventStates).values({ eventId: vic.id, stateId: 7 });
    const admin = await signInAs('admin');
    expect((await switchTo(admin, { SchoolId: nswSchool.id, EventId: nsw.id })).json()).toMatchObject({
      SchoolId: nswSchool.id,
    });
    const moved = await switchTo(admin, { SchoolId: nswSchool.id, EventId: vic.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ SchoolId: null, schoolName: null, EventId: vic.id, eventName: 'VIC Champs' });
    expect(await sessionRow(admin)).toMatchObject({ schoolId: null, eventId: vic.id });
    // Nothing of that school can be edited inside the other state's event.
    expect((await admin.request({ method: 'GET', url: '/api/school' })).statusCode).toBe(400);
  });

  it('takes 0 or null as none and answers null', async () => {
    const admin = await signInAs('admin');
    for (const none of [0, null, '0']) {
      const res = await switchTo(admin, { SchoolId: none, EventId: none });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        SchoolId: null,
        EventId: null,
        schoolName: null,
        eventName: null,
        eventType: null,
        invoiceType: null,
        eventStates: [],
      });
    }
    expect(await sessionRow(admin)).toMatchObject({ schoolId: null, eventId: null });
  });

  it('answers 404 for an unknown school or event and keeps the session as it was', async () => {
    const school = await createSchool(t.db);
    const event = await createEvent(t.db);
    const admin = await signInAs('admin');
    await switchTo(admin, { SchoolId: school.id, EventId: event.id });
    for (const body of [
      { SchoolId: randomUUID(), EventId: event.id },
      { SchoolId: school.id, EventId: randomUUID() },
    ]) {
      const res = await switchTo(admin, body);
      expect(res.statusCode).toBe(404);
    }
    expect(await sessionRow(admin)).toMatchObject({ schoolId: school.id, eventId: event.id });
  });

  it('is refused to school, auditor and racedept users (403) and without a session (401)', async () => {
    const school = await createSchool(t.db);
    const other = await createSchool(t.db);
    const event = await createEvent(t.db);
    for (const type of ['school', 'auditor', 'racedept'] as const) {
      const agent = await signInAs(type, type === 'school' ? school.id : undefined);
      const before = await sessionRow(agent);
      const res = await switchTo(agent, { SchoolId: other.id, EventId: event.id });
      expect(res.statusCode, type).toBe(403);
      expect(await sessionRow(agent)).toEqual(before);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/session/',
      payload: { SchoolId: 0, EventId: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/school/list', () => {
  it('lists the schools of the states the event is open to, by name', async () => {
    const event = await createEvent(t.db);
    await createSchool(t.db, { name: 'Zeta NSW', stateId: 3 });
    await createSchool(t.db, { name: 'Alpha NSW', stateId: 3 });
    await createSchool(t.db, { name: 'Beta VIC', stateId: 7 });
    const admin = await signInAs('admin');
    const res = await admin.request({ method: 'GET', url: `/api/school/list?EventId=${event.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Alpha NSW', 'Zeta NSW']);
    const all = await admin.request({ method: 'GET', url: '/api/school/list' });
    expect(all.json().map((s: { name: string }) => s.name)).toEqual(['Alpha NSW', 'Beta VIC', 'Zeta NSW']);
    expect((await admin.request({ method: 'GET', url: `/api/school/list?EventId=${randomUUID()}` })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/school and /api/school/:SchoolId', () => {
  it('answers the school with coordinator, principal and login email, never a password', async () => {
    const school = await createSchool(t.db, {
      name: 'Cooma North',
      coordinatorFirstname: 'Kim',
      coordinatorLastname: 'Lee',
      coordinatorMobile: '0400 000 000',
      principalFirstname: 'Pat',
      principalLastname: 'Ng',
      principalEmail: 'pat@cooma.test',
      createdAt: new Date('2014-03-01T00:00:00Z'),
    });
    const user = await createUser(t.db, 'school', { schoolId: school.id });
    const agent = await signIn(t.app, user.email);
    const own = await agent.request({ method: 'GET', url: '/api/school' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: school.id,
      name: 'Cooma North',
      StateId: 3,
      createdAt: '2014-03-01T00:00:00.000Z',
      coordinator: { firstname: 'Kim', lastname: 'Lee', phone: '', mobile: '0400 000 000', fax: '', ausEnews: true },
      principal: { firstname: 'Pat', lastname: 'Ng', email: 'pat@cooma.test' },
      user: { email: user.email, password: null },
    });
    expect(own.body).not.toContain(user.passwordHash);
    const byId = await agent.request({ method: 'GET', url: `/api/school/${school.id}` });
    expect(byId.json()).toEqual(own.json());
  });

  it('asks staff to choose a school first when the session has none', async () => {
    const admin = await signInAs('admin');
    const res = await admin.request({ method: 'GET', url: '/api/school' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a school first.');
  });
});
