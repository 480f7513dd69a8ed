// A sign-in's credentials and what hangs on them: a reset link is bound to the address it was
// mailed to and to the account as it was, so any change of the sign-in email, password or role
// (on the school profile, in the users grid, or anywhere else) voids it; such a change also ends
// the account's other sessions, keeping the saver's own. Successful sign-ins are limited per
// account and address, and a user holds a bounded number of sessions.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { LIMITS } from '../../server/auth/rate-limit';
import { passwordResets, sessions, users } from '../../server/db/schema';
import { MAX_SESSIONS_PER_USER } from '../../src/domain/constants';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { PASSWORD, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

const NEW_PASSWORD = 'the new owner chose this';
const LINK_PASSWORD = 'set through an old link';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: object, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const login = (username: string, password = PASSWORD, remoteAddress?: string) =>
  post('/api/login', { username, password }, remoteAddress);

/** Asks for a reset of `email` and answers the token its mailed link carries. */
async function mailedToken(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  const res = await post('/api/reset', { email });
  expect(res.statusCode, res.body).toBe(200);
  expect(t.mailer.sent).toHaveLength(before + 1);
  const link = t.mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0];
  return new URLSearchParams(link.split('#/reset?')[1]).get('resetToken')!;
}

const followLink = (email: string, token: string, password = LINK_PASSWORD) =>
  post('/api/newPassword', { email, password, token });

/** The link is refused with the answer any bad link gets, telling nothing of why. */
async function expectRefused(email: string, token: string) {
  const res = await followLink(email, token);
  expect(res.statusCode, `${email}: ${res.body}`).toBe(400);
  expect(res.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: SERVER_MESSAGES.resetTokenInvalid });
}

const status = (agent: Agent, url: string) => agent.request({ method: 'GET', url }).then((r) => r.statusCode);

const sessionsOf = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const linksOf = async (userId: string) =>
  (await t.db.select().from(passwordResets).where(eq(passwordResets.userId, userId))).length;

/** A second server on the same database that remembers sessions but never hears the database's
 *  notices: only what it forgets itself is forgotten. */
async function deafServer(): Promise<FastifyInstance> {
  const deaf = await buildApp({
    ...t.deps,
    listen: (channel, _onMessage, onLost) => t.deps.listen!(channel, () => undefined, onLost),
  });
  await deaf.ready();
  return deaf;
}
const on = (server: FastifyInstance, agent: Agent, opts: Parameters<Agent['request']>[0]) =>
  server.inject({ ...opts, headers: { ...opts.headers, cookie: agent.cookie } });

describe('a school handing its sign-in over on the profile', () => {
  let schoolId: string;
  let admin: Agent;
  let school: Agent;
  let oldEmail: string;
  let loginId: string;

  beforeEach(async () => {
    ({ schoolId, admin, school } = await schoolInEvent(t));
    const [row] = await t.db.select().from(users).where(eq(users.schoolId, schoolId));
    oldEmail = row!.email;
    loginId = row!.id;
  });

  const profile = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/school' })).json();
  const saveLogin = async (agent: Agent, user: { email: string; password: string }, server?: FastifyInstance) => {
    const payload = { school: { ...(await profile(agent)), user: { ...user, currentPassword: PASSWORD } } };
    const opts = { method: 'PUT', url: '/api/school', payload } as const;
    const res = await (server ? on(server, agent, opts) : agent.request(opts));
    expect(res.statusCode, res.body).toBe(200);
  };

  it.each(['the school', 'an admin'] as const)(
    'refuses a link the departing coordinator asked for once %s changes the email and password',
    async (saver) => {
      const token = await mailedToken(oldEmail);
      await saveLogin(saver === 'the school' ? school : admin, {
        email: 'new-coordinator@school.example',
        password: NEW_PASSWORD,
      });
      await expectRefused('new-coordinator@school.example', token);
      await expectRefused(oldEmail, token);
      expect(await linksOf(loginId)).toBe(0);
      // The new owner's password stands; the departing coordinator's never took.
      expect((await login('new-coordinator@school.example', LINK_PASSWORD)).statusCode).toBe(401);
      await signIn(t.app, 'new-coordinator@school.example', NEW_PASSWORD);
    },
  );

  it("an email change alone voids the link and ends the login's other sessions, keeping the saver's", async () => {
    const elsewhere = await signIn(t.app, oldEmail);
    const token = await mailedToken(oldEmail);
    await saveLogin(school, { email: 'moved@school.example', password: '' });
    expect(await status(elsewhere, '/api/school')).toBe(401);
    expect(await status(school, '/api/school')).toBe(200);
    await expectRefused('moved@school.example', token);
    await expectRefused(oldEmail, token);
    await signIn(t.app, 'moved@school.example', PASSWORD);
  });

  it("a password change alone voids the link and ends the login's other sessions, keeping the saver's", async () => {
    const elsewhere = await signIn(t.app, oldEmail);
    const token = await mailedToken(oldEmail);
    await saveLogin(school, { email: oldEmail, password: NEW_PASSWORD });
    expect(await status(elsewhere, '/api/school')).toBe(401);
    expect(await status(school, '/api/school')).toBe(200);
    await expectRefused(oldEmail, token);
    expect((await login(oldEmail, LINK_PASSWORD)).statusCode).toBe(401);
    await signIn(t.app, oldEmail, NEW_PASSWORD);
  });

  it('the saving server forgets at once the sessions an email change ended', async () => {
    const deaf = await deafServer();
    try {
      const elsewhere = await signIn(t.app, oldEmail);
      expect((await on(deaf, elsewhere, { method: 'GET', url: '/api/school' })).statusCode).toBe(200); // remembered
      await saveLogin(school, { email: 'moved@school.example', password: '' }, deaf);
      expect((await on(deaf, elsewhere, { method: 'GET', url: '/api/school' })).statusCode).toBe(401);
      expect((await on(deaf, school, { method: 'GET', url: '/api/school' })).statusCode).toBe(200);
    } finally {
      await deaf.close();
    }
  });
});

describe("a staff user's link after an admin's save in the users grid", () => {
  let admin: Agent;
  let adminRow: typeof users.$inferSelect;

  beforeEach(async () => {
    adminRow = await createUser(t.db, 'admin');
    admin = await signIn(t.app, adminRow.email);
  });

  const saveGrid = async (agent: Agent, body: { users?: object[]; usersDeleted?: string[] }) => {
    const res = await agent.request({
      method: 'PUT',
      url: '/api/users',
      payload: { multi: true, users: [], usersDeleted: [], ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const row = async (id: string, over: Record<string, unknown>) => {
    const [u] = await t.db.select().from(users).where(eq(users.id, id));
    return {
      id: u!.id,
      firstname: u!.firstname,
      lastname: u!.lastname,
      email: u!.email,
      role: u!.type,
      newPassword: '',
      version: u!.version,
      ...over,
    };
  };

  const changes = [
    ['an email change', (id: string) => ({ users: [{ id, email: 'renamed@example.test' }] })],
    ['a password change', (id: string) => ({ users: [{ id, newPassword: 'an admin set this one' }] })],
    ['a demotion (admin to auditor)', (id: string) => ({ users: [{ id, role: 'auditor' }] })],
    ['a removal', (id: string) => ({ usersDeleted: [id] })],
  ] as const;

  it.each(changes)('%s voids the link and ends the sessions of that user', async (_name, change) => {
    const staff = await createUser(t.db, 'admin');
    const session = await signIn(t.app, staff.email);
    expect(await status(session, '/api/disciplines')).toBe(200);
    const token = await mailedToken(staff.email);

    const { users: edits = [], usersDeleted = [] } = change(staff.id) as {
      users?: ({ id: string } & Record<string, unknown>)[];
      usersDeleted?: string[];
    };
    await saveGrid(admin, { users: await Promise.all(edits.map((e) => row(e.id, e))), usersDeleted });

    await expectRefused(staff.email, token);
    await expectRefused('renamed@example.test', token);
    expect(await linksOf(staff.id)).toBe(0);
    expect(await status(session, '/api/disciplines')).toBe(401);
    expect(await status(admin, '/api/users')).toBe(200);
  });

  it('a change of name only keeps the link and the sessions', async () => {
    const staff = await createUser(t.db, 'racedept');
    const session = await signIn(t.app, staff.email);
    const token = await mailedToken(staff.email);
    await saveGrid(admin, { users: [await row(staff.id, { firstname: 'Renamed' })] });
    expect(await status(session, '/api/disciplines')).toBe(200);
    expect((await followLink(staff.email, token)).statusCode).toBe(200);
  });

  it('an admin changing their own email keeps the session they saved from and ends their others', async () => {
    const elsewhere = await signIn(t.app, adminRow.email);
    const token = await mailedToken(adminRow.email);
    await saveGrid(admin, { users: [await row(adminRow.id, { email: 'me-now@example.test' })] });
    expect(await status(admin, '/api/users')).toBe(200);
    expect(await status(elsewhere, '/api/users')).toBe(401);
    await expectRefused('me-now@example.test', token);
  });
});

describe('a reset link', () => {
  it('works once, and only with the address it was mailed to (in any case)', async () => {
    const owner = await createUser(t.db, 'auditor', { email: 'Owner@Example.test' });
    const other = await createUser(t.db, 'auditor');
    const token = await mailedToken('owner@example.test');
    await expectRefused(other.email, token);
    expect((await login(other.email, LINK_PASSWORD)).statusCode).toBe(401);
    const used = await followLink('OWNER@example.TEST', token);
    expect(used.statusCode, used.body).toBe(200);
    await expectRefused(owner.email, token);
    await signIn(t.app, owner.email, LINK_PASSWORD);
  });

  it('dies with any change of the sign-in email or password, even one made outside the app', async () => {
    const user = await createUser(t.db, 'auditor', { email: 'first@example.test' });
    const emailToken = await mailedToken(user.email);
    await t.db.update(users).set({ email: 'second@example.test' }).where(eq(users.id, user.id));
    await expectRefused('second@example.test', emailToken);
    await expectRefused('first@example.test', emailToken);

    const passwordToken = await mailedToken('second@example.test');
    const passwordHash = await hashPassword('changed by hand in the database');
    await t.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await expectRefused('second@example.test', passwordToken);
  });

  it('records the address it was mailed to', async () => {
    const user = await createUser(t.db, 'auditor', { email: 'Mixed.Case@Example.test' });
    await mailedToken('mixed.case@example.test');
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.sentTo).toBe('Mixed.Case@Example.test');
  });
});

describe('successful sign-ins', () => {
  it('are limited per account and address, answering 429 with Retry-After, and stop nobody else', async () => {
    const { max, windowMs } = LIMITS.loginSuccessPair;
    const user = await createUser(t.db, 'racedept');
    const neighbour = await createUser(t.db, 'racedept');
    const school = '203.0.113.40';
    for (let i = 0; i < max; i++) {
      expect((await login(user.email, PASSWORD, school)).statusCode, `sign-in ${i + 1}`).toBe(200);
      t.clock.advance(SECOND);
    }
    const limited = await login(user.email, PASSWORD, school);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: SERVER_MESSAGES.tooManyAttempts });
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait * SECOND).toBeLessThanOrEqual(windowMs);
    // Another account behind the same address, and the same account elsewhere, sign in.
    expect((await login(neighbour.email, PASSWORD, school)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD, '198.51.100.40')).statusCode).toBe(200);
    t.clock.advance(wait * SECOND);
    expect((await login(user.email, PASSWORD, school)).statusCode).toBe(200);
  });

  it('leave room for a school whose staff share one sign-in and one address, and a tablet that keeps signing in', async () => {
    const shared = await createUser(t.db, 'school');
    const school = '203.0.113.41';
    const answers: number[] = [];
    // A dozen teachers each sign in on two devices, and a tablet signs in again every 30 seconds,
    // all within a quarter of an hour.
    for (let i = 0; i < 12 * 2; i++) answers.push((await login(shared.email, PASSWORD, school)).statusCode);
    for (let i = 0; i < 30; i++) {
      answers.push((await login(shared.email, PASSWORD, school)).statusCode);
      t.clock.advance(30 * SECOND);
    }
    expect(answers.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('sessions of one user', () => {
  const disciplines = { method: 'GET', url: '/api/disciplines' } as const;

  it('are capped: a new sign-in past the cap ends the least recently used session, never a newer one', async () => {
    const user = await createUser(t.db, 'racedept');
    const first = await signIn(t.app, user.email);
    t.clock.advance(SECOND);
    const second = await signIn(t.app, user.email);
    // Used again after a while, the first is no longer the least recently used: the second is.
    t.clock.advance(2 * MINUTE);
    expect(await status(first, '/api/disciplines')).toBe(200);
    const later: Agent[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER - 1; i++) {
      t.clock.advance(SECOND);
      later.push(await signIn(t.app, user.email));
    }
    expect(await sessionsOf(user.id)).toBe(MAX_SESSIONS_PER_USER);
    expect(await status(second, '/api/disciplines')).toBe(401);
    expect(await status(first, '/api/disciplines')).toBe(200);
    for (const agent of later) expect(await status(agent, '/api/disciplines')).toBe(200);
  });

  it("count one user's sessions only", async () => {
    const user = await createUser(t.db, 'racedept');
    const other = await createUser(t.db, 'racedept');
    const theirs = await signIn(t.app, other.email);
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 1; i++) {
      t.clock.advance(SECOND);
      await signIn(t.app, user.email);
    }
    expect(await sessionsOf(user.id)).toBe(MAX_SESSIONS_PER_USER);
    expect(await status(theirs, '/api/disciplines')).toBe(200);
  });

  it('past the cap, the signing-in server forgets the session it ended at once', async () => {
    const deaf = await deafServer();
    try {
      const user = await createUser(t.db, 'racedept');
      const oldest = await signIn(deaf, user.email);
      expect((await on(deaf, oldest, disciplines)).statusCode).toBe(200); // remembered there now
      // Well within the cache's life (its clock is the test clock): only forgetting ends it there.
      for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
        t.clock.advance(100);
        await signIn(deaf, user.email);
      }
      expect((await on(deaf, oldest, disciplines)).statusCode).toBe(401);
    } finally {
      await deaf.close();
    }
  });
});
