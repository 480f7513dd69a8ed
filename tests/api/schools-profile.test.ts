// A school's life in the API: it registers itself (public, rate-limited, argon2id, an email in use
// refused, region kept only for NSW), signs in, keeps its profile (its own only; a stale copy
// refused; a new password ends its other sessions; a new sign-in email or password only with the
// current password, the old address told, email changes limited) and an admin removes it (people
// and entries gone, invoices and payments kept for the accounts, sessions lose the pick).
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoices, participants, payments, schools, sessions, teamManagers, users } from '../../server/db/schema';
import { LIMITS } from '../../server/auth/rate-limit';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { PASSWORD, createSchool, createUser, registrationForm } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const NEW_PASSWORD = 'a long new password';

const register = (school: ReturnType<typeof registrationForm>, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/schools', payload: { school }, remoteAddress: ip });

const storedSchool = async (id: string) => (await t.db.select().from(schools).where(eq(schools.id, id)))[0];

describe('registration', () => {
  it('registers a school and its coordinator, who can then sign in and read the profile', async () => {
    const form = registrationForm();
    const res = await register(form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.schoolRegistered });
    const row = await storedSchool(form.id);
    expect(row).toMatchObject({
      name: 'Snowy Mountains Grammar',
      region: 'Southern NSW',
      stateId: 3,
      coordinatorAusEnews: true,
      bpay: '',
    });
    expect(row!.createdAt).toEqual(t.clock.now());
    const [login] = await t.db.select().from(users).where(eq(users.schoolId, form.id));
    expect(login).toMatchObject({ type: 'school', email: form.user.email });
    expect(login!.passwordHash).toMatch(/^\$argon2id\$/);

    const school = await signIn(t.app, form.user.email, form.user.password);
    const profile = await school.request({ method: 'GET', url: '/api/school' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      id: form.id,
      name: form.name,
      user: { email: form.user.email, password: null },
    });
  });

  it('keeps the region only for NSW, whatever the form sent', async () => {
    const form = registrationForm({ StateId: 7, region: 'Sydney' });
    expect((await register(form)).statusCode).toBe(200);
    expect((await storedSchool(form.id))!.region).toBe('');
  });

  it('refuses an email already in use, a short password and bad fields, creating nothing', async () => {
    const taken = await createUser(t.db, 'admin');
    const cases = [
      {
        form: registrationForm({ email: taken.email.toUpperCase() }),
        status: 409,
        message: SERVER_MESSAGES.emailInUse,
      },
      { form: registrationForm({ password: 'short' }), status: 400, message: SERVER_MESSAGES.passwordTooShort },
      { form: { ...registrationForm(), schoolType: 'Boarding' }, status: 400 },
      { form: registrationForm({ StateId: 999 }), status: 400, message: 'Unknown state 999' },
      { form: { ...registrationForm(), name: '   ' }, status: 400 },
    ];
    for (const { form, status, message } of cases) {
      const res = await register(form as ReturnType<typeof registrationForm>);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toContain(message);
      expect(await storedSchool(form.id)).toBeUndefined();
    }
  });

  it('answers a resent registration (lost answer) with success once, and never registers the id twice', async () => {
    const form = registrationForm();
    expect((await register(form)).statusCode).toBe(200);
    const again = await register(form);
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.schoolId, form.id))).toHaveLength(1);
    const otherEmail = await register({ ...form, user: { ...form.user, email: 'someone-else@smg.example' } });
    expect(otherEmail.statusCode).toBe(409);
  });

  it('limits registrations per address', async () => {
    for (let i = 0; i < LIMITS.registerAddress.max; i++) {
      expect((await register(registrationForm(), '198.51.100.9')).statusCode).toBe(200);
    }
    const refused = await register(registrationForm(), '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SERVER_MESSAGES.tooManyAttempts);
    expect((await register(registrationForm(), '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('the profile', () => {
  let schoolId: string;
  let eventId: string;
  let admin: Agent;
  let school: Agent;
  let loginEmail: string;

  beforeEach(async () => {
    ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
    loginEmail = (await t.db.select().from(users).where(eq(users.schoolId, schoolId)))[0]!.email;
  });

  const current = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/school' })).json();
  const save = (agent: Agent, school: unknown) =>
    agent.request({ method: 'PUT', url: '/api/school', payload: { school } });

  it('saves the school, its coordinator and principal, and leaves the BPAY reference alone', async () => {
    await t.db.update(schools).set({ bpay: '777' }).where(eq(schools.id, schoolId));
    const mine = await current(school);
    const res = await save(school, {
      ...mine,
      town: 'Thredbo',
      bpay: '999',
      coordinator: { ...mine.coordinator, mobile: '0411 111 111' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_MESSAGES.schoolSaved,
      school: { id: schoolId, town: 'Thredbo', version: mine.version + 1 },
    });
    expect(await storedSchool(schoolId)).toMatchObject({
      town: 'Thredbo',
      coordinatorMobile: '0411 111 111',
      bpay: '777',
    });
  });

  it('refuses another school for a school user, and a stale copy for anyone', async () => {
    const other = await createSchool(t.db, { name: 'Other School' });
    const mine = await current(school);
    expect((await save(school, { ...mine, id: other.id, name: 'Taken over' })).statusCode).toBe(403);
    expect((await storedSchool(other.id))!.name).toBe('Other School');

    expect((await save(school, { ...mine, town: 'First' })).statusCode).toBe(200);
    const stale = await save(admin, { ...mine, town: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect((await storedSchool(schoolId))!.town).toBe('First');
  });

  it('lets an admin save any school it names', async () => {
    const other = await createSchool(t.db, { name: 'Named School' });
    const theirs = (await admin.request({ method: 'GET', url: `/api/school/${other.id}` })).json();
    expect((await save(admin, { ...theirs, nickname: 'NS' })).statusCode).toBe(200);
    expect((await storedSchool(other.id))!.nickname).toBe('NS');
  });

  it("keeps the password when it is blank; a new one ends the login's other sessions but not this one", async () => {
    const elsewhere = await signIn(t.app, loginEmail);
    const mine = await current(school);
    expect((await save(school, { ...mine, user: { email: loginEmail, password: '' } })).statusCode).toBe(200);
    expect((await elsewhere.request({ method: 'GET', url: '/api/school' })).statusCode).toBe(200);

    const fresh = await current(school);
    expect(
      (await save(school, { ...fresh, user: { email: loginEmail, password: NEW_PASSWORD, currentPassword: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    expect((await elsewhere.request({ method: 'GET', url: '/api/school' })).statusCode).toBe(401);
    expect((await school.request({ method: 'GET', url: '/api/school' })).statusCode).toBe(200);
    await signIn(t.app, loginEmail, NEW_PASSWORD);
  });

  it('changes the login email, refusing one another account has', async () => {
    const taken = await createUser(t.db, 'auditor');
    const mine = await current(school);
    const refused = await save(school, {
      ...mine,
      user: { email: taken.email, password: '', currentPassword: PASSWORD },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SERVER_MESSAGES.emailInUse);
    expect(
      (
        await save(school, {
          ...mine,
          user: { email: 'new-login@school.example', password: '', currentPassword: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    await signIn(t.app, 'new-login@school.example');
  });

  it('changes the sign-in email or password only with the current password of whoever saves, changing nothing otherwise', async () => {
    const mine = await current(school);
    const hashBefore = (await t.db.select().from(users).where(eq(users.schoolId, schoolId)))[0]!.passwordHash;
    const attempts = [
      { user: { email: 'taken-over@evil.example', password: '' }, message: SERVER_MESSAGES.currentPasswordRequired },
      { user: { email: loginEmail, password: NEW_PASSWORD }, message: SERVER_MESSAGES.currentPasswordRequired },
      {
        user: { email: 'taken-over@evil.example', password: NEW_PASSWORD, currentPassword: 'a wrong guess' },
        message: SERVER_MESSAGES.currentPasswordWrong,
      },
    ];
    for (const { user, message } of attempts) {
      const res = await save(school, { ...mine, town: 'Changed', user });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields).toEqual([{ path: 'school.user.currentPassword', message }]);
    }
    const [login] = await t.db.select().from(users).where(eq(users.schoolId, schoolId));
    expect(login).toMatchObject({ email: loginEmail, passwordHash: hashBefore });
    expect((await storedSchool(schoolId))!.town).not.toBe('Changed');
    expect(t.mailer.sent).toEqual([]);
    // The admin gives its own password, not the school's.
    const byAdmin = await save(admin, {
      ...mine,
      user: { email: 'by-admin@school.example', password: '', currentPassword: PASSWORD },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    await signIn(t.app, 'by-admin@school.example');
  });

  it('counts wrong current passwords as failed sign-ins', async () => {
    const mine = await current(school);
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await save(school, {
            ...mine,
            user: { email: loginEmail, password: NEW_PASSWORD, currentPassword: `guess ${i}` },
          })
        ).statusCode,
      ).toBe(422);
    }
    const limited = await save(school, {
      ...mine,
      user: { email: loginEmail, password: NEW_PASSWORD, currentPassword: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tells the old address of an email change, once, naming the new one', async () => {
    const mine = await current(school);
    const headers = { 'idempotency-key': '0190a6c4-0000-7000-8000-00000000e1a1' };
    const payload = {
      school: { ...mine, user: { email: 'moved@school.example', password: '', currentPassword: PASSWORD } },
    };
    for (let i = 0; i < 2; i++) {
      expect((await school.request({ method: 'PUT', url: '/api/school', headers, payload })).statusCode).toBe(200);
    }
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: loginEmail });
    expect(t.mailer.sent[0]!.text).toContain('moved@school.example');
  });

  it('limits the answers to email changes per user and per address, so nobody can list who has an account', async () => {
    const probes = Array.from({ length: 30 }, (_, n) => `probe${n}@example.test`);
    await t.db
      .insert(users)
      .values(probes.map((email) => ({ email, passwordHash: 'x', type: 'auditor', firstname: 'P', lastname: 'Robe' })));
    const mine = await current(school);
    let n = 0;
    const ask = (agent: Agent, ip: string) =>
      agent.request({
        method: 'PUT',
        url: '/api/school',
        remoteAddress: ip,
        payload: { school: { ...mine, user: { email: probes[n++], password: '', currentPassword: PASSWORD } } },
      });
    for (let i = 0; i < LIMITS.emailChangeUser.max; i++)
      expect((await ask(school, '203.0.113.20')).statusCode).toBe(422);
    // The user is held back from any address, for minutes.
    const limited = await ask(school, '203.0.113.21');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(SERVER_MESSAGES.tooManyAttempts);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    // Users behind one address share that address's wider limit.
    const from = '203.0.113.30';
    const newAdmin = async () => {
      const agent = await signIn(t.app, (await createUser(t.db, 'admin')).email);
      expect(
        (
          await agent.request({
            method: 'POST',
            url: '/api/session/',
            payload: { SchoolId: schoolId, EventId: eventId },
          })
        ).statusCode,
      ).toBe(200);
      return agent;
    };
    for (let answered = 0; answered < LIMITS.emailChangeAddress.max;) {
      const agent = await newAdmin();
      for (let i = 0; i < LIMITS.emailChangeUser.max && answered < LIMITS.emailChangeAddress.max; i++, answered++) {
        expect((await ask(agent, from)).statusCode).toBe(422);
      }
    }
    const last = await newAdmin();
    expect((await ask(last, from)).statusCode).toBe(429);
    expect((await ask(last, '198.51.100.30')).statusCode).toBe(422);
    expect((await t.db.select().from(users).where(eq(users.schoolId, schoolId)))[0]!.email).toBe(loginEmail);
  });
});

describe('removing a school', () => {
  it("removes its people and logins; a school without invoices leaves no row, and the admin's pick is cleared", async () => {
    const { schoolId, eventId, admin, school } = await schoolInEvent(t);
    await t.db
      .insert(participants)
      .values({ schoolId, firstname: 'Ann', lastname: 'Lee', yearLevel: '7', gender: 'Female' });
    await t.db.insert(teamManagers).values({ schoolId, eventId, firstname: 'Tom', lastname: 'Manager' });
    const res = await admin.request({ method: 'DELETE', url: `/api/school/${schoolId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.schoolDeleted });
    expect(await storedSchool(schoolId)).toBeUndefined();
    expect(await t.db.select().from(participants).where(eq(participants.schoolId, schoolId))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.schoolId, schoolId))).toHaveLength(0);
    expect((await school.request({ method: 'GET', url: '/api/school' })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.schoolId, schoolId))).toHaveLength(0);
    expect((await admin.request({ method: 'DELETE', url: `/api/school/${schoolId}` })).statusCode).toBe(404);
  });

  it('keeps invoices and payments (and the row they name), and the school leaves every list', async () => {
    const { schoolId, eventId, admin } = await schoolInEvent(t);
    await t.db.insert(invoices).values({ schoolId, eventId, number: 'INV-0042', totalCents: 8_000, entryCount: 1 });
    await t.db.insert(payments).values({ schoolId, eventId, amountCents: 8_000, method: 'bpay' });
    await t.db
      .insert(participants)
      .values({ schoolId, firstname: 'Ann', lastname: 'Lee', yearLevel: '7', gender: 'Female' });
    expect((await admin.request({ method: 'DELETE', url: `/api/school/${schoolId}` })).statusCode).toBe(200);
    expect((await storedSchool(schoolId))!.removedAt).toEqual(t.clock.now());
    expect(await t.db.select().from(invoices).where(eq(invoices.schoolId, schoolId))).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.schoolId, schoolId))).toHaveLength(1);
    expect(await t.db.select().from(participants).where(eq(participants.schoolId, schoolId))).toHaveLength(0);
    const ids = (list: { id: string }[]) => list.map((s) => s.id);
    expect(ids((await admin.request({ method: 'GET', url: '/api/school/bpay' })).json())).not.toContain(schoolId);
    expect(
      ids((await admin.request({ method: 'GET', url: `/api/school/list?EventId=${eventId}` })).json()),
    ).not.toContain(schoolId);
    expect((await admin.request({ method: 'GET', url: `/api/school/${schoolId}` })).statusCode).toBe(404);
    expect(
      (await admin.request({ method: 'POST', url: '/api/session/', payload: { SchoolId: schoolId, EventId: eventId } }))
        .statusCode,
    ).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/school/${schoolId}` })).statusCode).toBe(404);
  });

  it("is the admin's alone", async () => {
    const { schoolId, school } = await schoolInEvent(t);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await agent.request({ method: 'DELETE', url: `/api/school/${schoolId}` })).statusCode).toBe(403);
    }
    expect((await school.request({ method: 'DELETE', url: `/api/school/${schoolId}` })).statusCode).toBe(403);
    expect(await storedSchool(schoolId)).toBeDefined();
  });
});
