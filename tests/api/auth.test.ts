// Sign in, sign out, session idle expiry, password reset and new password, and the rate limits
// on login and reset: the whole server through app.inject, with real argon2 and a test clock.
import { count, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { hashToken } from '../../server/auth/tokens';
import { authAttempts, eventStates, passwordResets, sessions, users } from '../../server/db/schema';
import { PASSWORD, createEvent, createSchool, createTeam, createUser } from './support/factories';
import { signIn } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (
  url: string,
  payload: unknown,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => t.app.inject({ method: 'POST', url, payload: payload as object, ...extra });
const login = (username: string, password = PASSWORD, extra: { remoteAddress?: string } = {}) =>
  post('/api/login', { username, password }, extra);
const rows = async (table: typeof sessions | typeof passwordResets | typeof authAttempts) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

/** The reset link of the last mail, with the email and token it carries. */
function lastLink() {
  const link = t.mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0];
  const query = new URLSearchParams(link.split('#/reset?')[1]);
  return { link, email: query.get('email')!, token: query.get('resetToken')! };
}

/** Asks for a reset and returns what the mailed link carries. */
async function mailedReset(email: string) {
  const res = await post('/api/reset', { email });
  expect(res.statusCode, res.body).toBe(200);
  return lastLink();
}

describe('POST /api/login', () => {
  it('answers the session user for each user type and sets an HttpOnly SameSite cookie', async () => {
    // A school's sign-in is its coordinator's: Home greets them by the coordinator's first name.
    const school = await createSchool(t.db, { name: 'Thredbo High', coordinatorFirstname: 'Casey' });
    const event = await createEvent(t.db, { name: 'NSW Interschools', year: 2026, level: 'State', invoiceType: 'NSW' });
    for (const type of ['admin', 'auditor', 'racedept', 'school'] as const) {
      const user = await createUser(
        t.db,
        type,
        type === 'school' ? { schoolId: school.id, firstSeasonLogin: true } : { firstname: 'Robin' },
      );
      const res = await login(user.email);
      expect(res.statusCode, res.body).toBe(200);
      const isSchool = type === 'school';
      expect(res.json()).toEqual({
        type,
        SchoolId: isSchool ? school.id : null,
        EventId: event.id,
        eventName: 'NSW Interschools',
        schoolName: isSchool ? 'Thredbo High' : null,
        eventType: 'State',
        invoiceType: 'NSW',
        eventStates: [{ id: 3 }],
        selectedSchool: isSchool ? school.id : null,
        username: user.email,
        firstname: isSchool ? 'Casey' : 'Robin',
        firstSeasonLogin: isSchool,
        locked: false,
      });
      const cookie = res.cookies.find((c) => c.name === 'sid')!;
      expect(cookie.value).toBeTruthy();
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toMatch(/lax|strict/i);
      expect(cookie.path).toBe('/');
      // Only the token's hash is stored.
      const [row] = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(cookie.value)));
      expect(row).toMatchObject({ userId: user.id, schoolId: isSchool ? school.id : null, eventId: event.id });
    }
  });

  it('signs staff in to the named open event, else the most recent open one by year then name', async () => {
    const admin = await createUser(t.db, 'admin');
    const alpha = await createEvent(t.db, { name: 'Alpha', year: 2026 });
    const beta = await createEvent(t.db, { name: 'Beta', year: 2026 });
    await createEvent(t.db, { name: 'Older', year: 2025 });
    await createEvent(t.db, { name: 'Archived', year: 2027, archived: true });
    await createEvent(t.db, { name: 'Inactive', year: 2027, active: false });
    const eventOf = async (EventId?: unknown) =>
      (await post('/api/login', { username: admin.email, password: PASSWORD, EventId })).json().EventId;
    expect(await eventOf()).toBe(alpha.id);
    expect(await eventOf(beta.id)).toBe(beta.id);
    expect(await eventOf(0)).toBe(alpha.id);
    expect(await eventOf(null)).toBe(alpha.id);
  });

  it("signs a school in to its own state's event, never simply the first one", async () => {
    const nsw = await createEvent(t.db, { name: 'A NSW cup', year: 2026 });
    const vic = await createEvent(t.db, { name: 'B VIC cup', year: 2026, invoiceType: 'VIC' });
    await t.db.delete(eventStates).where(eq(eventStates.eventId, vic.id));
    await t.db.insert(eventStates).values({ eventId: vic.id, stateId: 7 });
    const vicSchool = await createSchool(t.db, { stateId: 7 });
    const coordinator = await createUser(t.db, 'school', { schoolId: vicSchool.id });
    const answer = (await login(coordinator.email)).json();
    expect(answer).toMatchObject({ EventId: vic.id, eventName: 'B VIC cup', invoiceType: 'VIC' });
    expect(answer.EventId).not.toBe(nsw.id);
  });

  it("keeps a school in the event it has entries in when next season's event opens, else the earliest", async () => {
    const school = await createSchool(t.db);
    const coordinator = await createUser(t.db, 'school', { schoolId: school.id });
    const current = await createEvent(t.db, { name: 'NSW Interschools', year: 2026 });
    expect((await login(coordinator.email)).json().EventId).toBe(current.id);
    const next = await createEvent(t.db, { name: 'NSW Interschools', year: 2027 });
    // No entries anywhere yet: the season that comes first.
    expect((await login(coordinator.email)).json().EventId).toBe(current.id);
    await createTeam(t.db, { schoolId: school.id, eventId: current.id });
    expect((await login(coordinator.email)).json().EventId).toBe(current.id);
    // Entries in both: the later season.
    await createTeam(t.db, { schoolId: school.id, eventId: next.id });
    expect((await login(coordinator.email)).json().EventId).toBe(next.id);
    // Another school's entries do not move this one.
    const other = await createSchool(t.db);
    const otherCoordinator = await createUser(t.db, 'school', { schoolId: other.id });
    expect((await login(otherCoordinator.email)).json().EventId).toBe(current.id);
  });

  it("refuses an event that is not open, or not open to the school's state, with a message and no session", async () => {
    const nsw = await createEvent(t.db, { name: 'NSW cup' });
    const archived = await createEvent(t.db, { archived: true });
    const inactive = await createEvent(t.db, { active: false });
    const vicSchool = await createSchool(t.db, { stateId: 7 });
    const coordinator = await createUser(t.db, 'school', { schoolId: vicSchool.id });
    const sessionsBefore = await rows(sessions);
    for (const [EventId, message] of [
      [archived.id, SERVER_MESSAGES.loginEventNotOpen],
      [inactive.id, SERVER_MESSAGES.loginEventNotOpen],
      [nsw.id, SERVER_MESSAGES.loginEventNotForState],
    ] as const) {
      const res = await post('/api/login', { username: coordinator.email, password: PASSWORD, EventId });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message, error: message });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect(await rows(sessions)).toBe(sessionsBefore);
    // Staff may choose any open event.
    const admin = await createUser(t.db, 'admin');
    expect(
      (await post('/api/login', { username: admin.email, password: PASSWORD, EventId: nsw.id })).json().EventId,
    ).toBe(nsw.id);
  });

  it('reports the event lock to school users but not to admins', async () => {
    const school = await createSchool(t.db);
    await createEvent(t.db, { locked: true });
    const coordinator = await createUser(t.db, 'school', { schoolId: school.id });
    const admin = await createUser(t.db, 'admin');
    expect((await login(coordinator.email)).json().locked).toBe(true);
    expect((await login(admin.email)).json().locked).toBe(false);
  });

  it('answers nulls for the event when no event is open', async () => {
    const admin = await createUser(t.db, 'admin');
    await createEvent(t.db, { archived: true });
    expect((await login(admin.email)).json()).toMatchObject({
      EventId: null,
      eventName: null,
      eventType: null,
      invoiceType: null,
      eventStates: [],
      locked: false,
    });
  });

  it('refuses a wrong password with 401 and the message in both message and error', async () => {
    const user = await createUser(t.db, 'school');
    const res = await login(user.email, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: SERVER_MESSAGES.wrongCredentials,
      error: SERVER_MESSAGES.wrongCredentials,
    });
    expect(res.json().username).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await rows(sessions)).toBe(0);
  });

  it('refuses an unknown user with the same answer as a wrong password', async () => {
    const known = await createUser(t.db, 'admin');
    const wrong = await login(known.email, 'not the password');
    const unknown = await login('nobody@example.test');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('matches the username case-insensitively and ignores surrounding spaces', async () => {
    const user = await createUser(t.db, 'admin', { email: 'Jo.Coordinator@Example.test' });
    const res = await login('  JO.COORDINATOR@example.TEST ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().username).toBe(user.email);
  });
});

describe('GET /api/logout', () => {
  it('deletes the session row and clears the cookie', async () => {
    const user = await createUser(t.db, 'school');
    const agent = await signIn(t.app, user.email);
    const res = await agent.request({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await rows(sessions)).toBe(0);
  });

  it('answers ok without a session, and with a cookie that names no session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/logout' })).json()).toEqual({ ok: true });
    const stale = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: 'sid=made-up' } });
    expect(stale.statusCode).toBe(200);
  });
});

describe('session idle expiry', () => {
  it('keeps a session used within 12 hours and drops one idle for longer', async () => {
    const user = await createUser(t.db, 'admin');
    const agent = await signIn(t.app, user.email);
    const touch = () => agent.request({ method: 'GET', url: '/utils/host' });
    t.clock.advance(11 * HOUR);
    await touch();
    t.clock.advance(11 * HOUR); // 22 h since login, but only 11 h idle
    await touch();
    expect(await rows(sessions)).toBe(1);
    t.clock.advance(12 * HOUR + 1000);
    await touch(); // the session plugin finds it idle too long and treats the request as signed out
    expect(await rows(sessions)).toBe(0);
  });
});

describe('POST /api/reset', () => {
  it("answers 404 with the spec's message for an unknown email, and mails nothing", async () => {
    const res = await post('/api/reset', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Sorry, we don't have that email address in our records");
    expect(t.mailer.sent).toHaveLength(0);
    expect(await rows(passwordResets)).toBe(0);
  });

  it('mails a single-use link and stores only the hash of its token, valid for 24 hours', async () => {
    const user = await createUser(t.db, 'school', { email: 'Coord@School.test' });
    const res = await post('/api/reset', { email: 'coord@school.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'An email containing a link to reset your password has been sent to your inbox',
    });
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe(user.email);
    const { link, email, token } = lastLink();
    expect(link.startsWith('http://localhost:80/#/reset?email=')).toBe(true);
    expect(email).toBe(user.email);
    const [stored] = await t.db.select().from(passwordResets);
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime()).toBe(t.clock.now().getTime() + 24 * HOUR);
  });

  it('builds the link on PUBLIC_URL when it is set', async () => {
    await t.close();
    t = await startTestApp({ env: { PUBLIC_URL: 'https://entries.example.org/' } });
    const user = await createUser(t.db, 'admin');
    const { link } = await mailedReset(user.email);
    expect(link.startsWith('https://entries.example.org/#/reset?email=')).toBe(true);
  });

  it('never builds a link on a host it does not serve', async () => {
    const user = await createUser(t.db, 'admin');
    const res = await post('/api/reset', { email: user.email }, { headers: { host: 'evil.example.com' } });
    expect(res.statusCode).toBe(400);
    expect(t.mailer.sent).toHaveLength(0);
    expect(await rows(passwordResets)).toBe(0);
  });
});

describe('POST /api/newPassword', () => {
  it('sets the password once; the old one stops working, other sessions and links end', async () => {
    const user = await createUser(t.db, 'school');
    const bystander = await createUser(t.db, 'admin');
    await signIn(t.app, user.email);
    await signIn(t.app, bystander.email);
    const first = await mailedReset(user.email);
    const second = await mailedReset(user.email);

    const res = await post('/api/newPassword', { email: first.email, password: NEW_PASSWORD, token: first.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.passwordChanged });
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left).toEqual([{ userId: bystander.id }]);

    const reused = await post('/api/newPassword', {
      email: first.email,
      password: 'yet another one',
      token: first.token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: SERVER_MESSAGES.resetTokenInvalid });
    const other = await post('/api/newPassword', {
      email: second.email,
      password: 'yet another one',
      token: second.token,
    });
    expect(other.statusCode).toBe(400);

    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db, 'admin');
    const { token } = await mailedReset(user.email);
    t.clock.advance(25 * HOUR);
    const res = await post('/api/newPassword', { email: user.email, password: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a token with another user's email, and a made-up token", async () => {
    const owner = await createUser(t.db, 'admin');
    const other = await createUser(t.db, 'admin');
    const { token } = await mailedReset(owner.email);
    expect((await post('/api/newPassword', { email: other.email, password: NEW_PASSWORD, token })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/newPassword', { email: owner.email, password: NEW_PASSWORD, token: 'made-up' })).statusCode,
    ).toBe(400);
    expect((await post('/api/newPassword', { email: owner.email, password: NEW_PASSWORD, token })).statusCode).toBe(
      200,
    );
  });

  it('refuses a password shorter than 8 characters, naming the field, and keeps the token usable', async () => {
    const user = await createUser(t.db, 'admin');
    const { token } = await mailedReset(user.email);
    const res = await post('/api/newPassword', { email: user.email, password: 'short', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'body.password', message: SERVER_MESSAGES.passwordTooShort }]);
    expect((await post('/api/newPassword', { email: user.email, password: NEW_PASSWORD, token })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('slows one account from one address after 10 failures in 15 minutes, with Retry-After, then lifts', async () => {
    const user = await createUser(t.db, 'admin');
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong password')).statusCode).toBe(401);
    t.clock.advance(60_000);
    const limited = await login(user.email); // from the guessing address even the right password waits
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: SERVER_MESSAGES.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBe(14 * 60);
    t.clock.advance(14 * 60_000);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('50 failures on one account from 127.0.0.2 do not stop its owner signing in from 127.0.0.3', async () => {
    const user = await createUser(t.db, 'school');
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push((await login(user.email, 'wrong password', { remoteAddress: '127.0.0.2' })).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    expect((await login(user.email, PASSWORD, { remoteAddress: '127.0.0.3' })).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD, { remoteAddress: '127.0.0.2' })).statusCode).toBe(429);
  });

  it('30 coordinators behind one address who each mistype once still sign in', async () => {
    const school = { remoteAddress: '203.0.113.30' };
    const coordinators = [];
    for (let i = 0; i < 30; i++) coordinators.push(await createUser(t.db, 'school'));
    for (const c of coordinators) expect((await login(c.email, 'mistyped password', school)).statusCode).toBe(401);
    for (const c of coordinators) expect((await login(c.email, PASSWORD, school)).statusCode).toBe(200);
  });

  it('stops stuffing: 100 failures from one address across accounts refuse that address for 15 minutes only', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    const user = await createUser(t.db, 'school');
    for (let i = 0; i < 100; i++)
      expect((await login(`guess${i}@example.test`, 'wrong password', from)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, from)).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await login(user.email, PASSWORD, from)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front', async () => {
    const user = await createUser(t.db, 'admin');
    const forged = (n: number) => ({
      remoteAddress: '203.0.113.50',
      headers: { 'x-forwarded-for': `198.51.100.${n}` },
    });
    // Without a trusted proxy a forged header cannot buy fresh addresses: all 11 tries count together.
    for (let i = 0; i < 10; i++)
      await post('/api/login', { username: user.email, password: 'wrong password' }, forged(i));
    expect((await post('/api/login', { username: user.email, password: PASSWORD }, forged(99))).statusCode).toBe(429);

    const proxied = await startTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const admin = await createUser(proxied.db, 'admin');
      const send = (n: number, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: admin.email, password },
          ...forged(n),
        });
      for (let i = 0; i < 10; i++) expect((await send(1, 'wrong password')).statusCode).toBe(401);
      expect((await send(1, PASSWORD)).statusCode).toBe(429);
      // Behind the proxy each client is told apart by the address the proxy reports.
      expect((await send(2, PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("clears an account's failures on a successful sign-in", async () => {
    const user = await createUser(t.db, 'admin');
    for (let i = 0; i < 9; i++) await login(user.email, 'wrong password');
    expect((await login(user.email)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(user.email, 'wrong password');
    expect((await login(user.email)).statusCode).toBe(200);
    const under = async (prefix: string) =>
      (
        await t.db
          .select({ n: count() })
          .from(authAttempts)
          .where(like(authAttempts.key, `${prefix}%`))
      )[0]!.n;
    expect(await under('login:pair:')).toBe(0);
    expect(await under('login:address:')).toBe(18); // the address's failures stay counted
    expect(await under('login:success:')).toBe(2); // successes count toward a limit of their own
  });

  it('mails an account at most 3 links in 15 minutes, answering every request alike, so an attacker never locks the owner out', async () => {
    const user = await createUser(t.db, 'admin');
    const MINUTE = 60_000;
    const mailedAt: number[] = [];
    // Someone asks every minute for half an hour, each time from a fresh address.
    for (let minute = 0; minute <= 30; minute++) {
      const before = t.mailer.sent.length;
      const res = await post('/api/reset', { email: user.email }, { remoteAddress: `198.51.100.${minute + 1}` });
      expect(res.statusCode, `minute ${minute}`).toBe(200);
      expect(res.json()).toEqual({
        message: 'An email containing a link to reset your password has been sent to your inbox',
      });
      if (t.mailer.sent.length > before) mailedAt.push(minute);
      t.clock.advance(MINUTE);
    }
    // At most 3 mails in any 15 minutes, and a fresh one at least every quarter of an hour.
    expect(mailedAt).toEqual([0, 1, 2, 15, 16, 17, 30]);
    expect(t.mailer.sent.every((m) => m.to === user.email)).toBe(true);
    // The owner, meanwhile, follows the latest link in the mailbox.
    const { token } = lastLink();
    expect((await post('/api/newPassword', { email: user.email, password: NEW_PASSWORD, token })).statusCode).toBe(200);
  });

  it('limits reset requests per address for minutes, not hours', async () => {
    const user = await createUser(t.db, 'admin');
    const from = { remoteAddress: '203.0.113.8' };
    for (let i = 0; i < 5; i++)
      expect((await post('/api/reset', { email: `unknown${i}@example.test` }, from)).statusCode).toBe(404);
    const limited = await post('/api/reset', { email: user.email }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(t.mailer.sent).toHaveLength(0);
    // Elsewhere the owner is served at once; from that address once the wait is over.
    expect((await post('/api/reset', { email: user.email }, { remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
    t.clock.advance(wait * 1000);
    expect((await post('/api/reset', { email: user.email }, from)).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('prunes attempts that no window counts any more', async () => {
    await login('nobody@example.test', 'wrong password');
    expect(await rows(authAttempts)).toBe(2);
    t.clock.advance(2 * HOUR);
    await login('nobody@example.test', 'wrong password');
    expect(await rows(authAttempts)).toBe(2);
  });
});

describe('bad input', () => {
  const cases: [string, string, unknown, string?][] = [
    ['login', '/api/login', '{"username": ', undefined],
    ['login', '/api/login', { password: PASSWORD }, 'body.username'],
    ['login', '/api/login', { username: 42, password: PASSWORD }, 'body.username'],
    ['login', '/api/login', { username: 'a@b.test', password: ['x'] }, 'body.password'],
    ['login', '/api/login', { username: 'a@b.test', password: PASSWORD, EventId: 'not-an-id' }, 'body.EventId'],
    ['reset', '/api/reset', '{oops', undefined],
    ['reset', '/api/reset', {}, 'body.email'],
    ['reset', '/api/reset', { email: 7 }, 'body.email'],
    ['newPassword', '/api/newPassword', 'not json', undefined],
    ['newPassword', '/api/newPassword', { password: NEW_PASSWORD, token: 'x' }, 'body.email'],
    ['newPassword', '/api/newPassword', { email: 'a@b.test', password: NEW_PASSWORD }, 'body.token'],
    ['newPassword', '/api/newPassword', { email: 'a@b.test', password: 12345678, token: 'x' }, 'body.password'],
  ];

  it.each(cases)('%s answers 400 for %s %j and changes nothing', async (_name, url, payload, field) => {
    const user = await createUser(t.db, 'admin', { email: 'a@b.test' });
    await mailedReset(user.email);
    const before = {
      sessions: await rows(sessions),
      resets: await rows(passwordResets),
      attempts: await rows(authAttempts),
      mails: t.mailer.sent.length,
    };
    const res =
      typeof payload === 'string'
        ? await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })
        : await post(url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    if (field) expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    expect({
      sessions: await rows(sessions),
      resets: await rows(passwordResets),
      attempts: await rows(authAttempts),
      mails: t.mailer.sent.length,
    }).toEqual(before);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('answers 400 for a login without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(res.statusCode).toBe(400);
    expect(await rows(sessions)).toBe(0);
  });
});
