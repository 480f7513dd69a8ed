// The admin users grid's calls (USR-*, ROLE-02, ROLE-07): staff users only, sorted by name, no
// password hash ever; one save that removes, updates and adds (a 'tempid' row becomes a user with
// a real id); an address used once, case-insensitively; never the caller's own removal, never no
// admin; a new password ends the user's other sessions; stale versions, replays and other callers.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { users } from '../../server/db/schema';
import {
  CANNOT_REMOVE_SELF,
  LAST_ADMIN,
  emailInUseMessage,
  newUserNeedsPasswordMessage,
} from '../../server/modules/users/service';
import { PASSWORD, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { startTestApp, type TestApp } from './support/test-app';

type Row = { id: string; firstname: string; lastname: string; email: string; role: string; version: number };

let t: TestApp;
let admin: Agent;
let adminRow: typeof users.$inferSelect;

const put = (
  agent: Agent,
  body: { users?: unknown[]; usersDeleted?: string[] },
  headers: Record<string, string> = {},
) =>
  agent.request({
    method: 'PUT',
    url: '/api/users',
    payload: { multi: true, users: [], usersDeleted: [], ...body },
    headers,
  });
const list = async (agent: Agent = admin) =>
  (await agent.request({ method: 'GET', url: '/api/users' })).json() as Row[];
const stored = (id: string) =>
  t.db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);
const edit = (u: typeof users.$inferSelect, over: Record<string, unknown> = {}) => ({
  id: u.id,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  role: u.type,
  newPassword: '',
  version: u.version,
  ...over,
});
const newUser = (over: Record<string, unknown> = {}) => ({
  id: `tempid-${randomUUID()}`,
  firstname: 'Nina',
  lastname: 'New',
  email: `new-${randomUUID().slice(0, 6)}@example.test`,
  role: 'racedept',
  newPassword: 'a fresh passphrase',
  ...over,
});
const whoAmI = (agent: Agent) => agent.request({ method: 'GET', url: '/api/users' }).then((r) => r.statusCode);

beforeEach(async () => {
  t = await startTestApp();
  adminRow = await createUser(t.db, 'admin', { firstname: 'Ada', lastname: 'Admin' });
  admin = await signIn(t.app, adminRow.email);
});
afterEach(async () => {
  await t.close();
});

describe('listing staff users', () => {
  it('lists admins, auditors and race department by surname then given name, without schools or hashes', async () => {
    await createUser(t.db, 'auditor', { firstname: 'Zoe', lastname: 'brown' });
    await createUser(t.db, 'racedept', { firstname: 'Al', lastname: 'Brown' });
    await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id, lastname: 'Aaron' });
    const res = await admin.request({ method: 'GET', url: '/api/users' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
    expect((res.json() as Row[]).map((r) => `${r.firstname} ${r.lastname} ${r.role}`)).toEqual([
      'Ada Admin admin',
      'Al Brown racedept',
      'Zoe brown auditor',
    ]);
  });

  it("is the admin's only: others are refused and the signed-out asked to sign in", async () => {
    const school = await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id });
    const before = await t.db.select().from(users);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect(await whoAmI(agent)).toBe(403);
      expect((await put(agent, { users: [newUser()] })).statusCode).toBe(403);
    }
    const coordinator = await signIn(t.app, school.email);
    expect(await whoAmI(coordinator)).toBe(403);
    expect((await put(coordinator, { users: [newUser()] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users', payload: { multi: true, users: [], usersDeleted: [] } }))
        .statusCode,
    ).toBe(401);
    expect((await t.db.select().from(users)).length).toBe(before.length + 2);
    expect((await t.db.select().from(users)).filter((u) => u.firstname === 'Nina')).toEqual([]);
  });
});

describe('saving the grid', () => {
  it('adds a tempid row as a user with a real id who can sign in, and answers the whole list', async () => {
    const row = newUser({ email: 'Nina.New@Example.test' });
    const res = await put(admin, { users: [row] });
    expect(res.statusCode, res.body).toBe(200);
    const added = (res.json() as Row[]).find((r) => r.email === 'Nina.New@Example.test')!;
    expect(added).toMatchObject({ firstname: 'Nina', lastname: 'New', role: 'racedept' });
    expect(added.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await stored(added.id))!.passwordHash).toMatch(/^\$argon2id\$/);
    await signIn(t.app, 'nina.new@example.test', 'a fresh passphrase');
    expect((await list()).map((r) => r.id).sort()).toEqual([adminRow.id, added.id].sort());
  });

  it('updates names, address and role, keeping the password when it is left blank', async () => {
    const auditor = await createUser(t.db, 'auditor');
    const res = await put(admin, {
      users: [edit(auditor, { firstname: 'Ann', lastname: 'Other', email: 'ann@example.test', role: 'racedept' })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).find((r) => r.id === auditor.id)).toMatchObject({
      firstname: 'Ann',
      lastname: 'Other',
      email: 'ann@example.test',
      role: 'racedept',
    });
    expect((await stored(auditor.id))!.passwordHash).toBe(auditor.passwordHash);
    await signIn(t.app, 'ann@example.test', PASSWORD);
  });

  it('refuses bad rows with 400, changing nothing', async () => {
    const auditor = await createUser(t.db, 'auditor');
    const before = await t.db.select().from(users);
    const bad = [
      [edit(auditor, { role: 'school' })],
      [edit(auditor, { email: 'not an address' })],
      [edit(auditor, { firstname: ' ' })],
      [edit(auditor, { newPassword: 'short' })],
      [edit(auditor, { id: 'new-row' })],
      [edit(auditor, { lastname: 'Twice' }), edit(auditor)],
    ];
    for (const rows of bad) expect((await put(admin, { users: rows })).statusCode, JSON.stringify(rows[0])).toBe(400);
    const missing = await put(admin, {
      users: [edit(auditor, { firstname: 'Changed' }), newUser({ email: 'nopass@example.test', newPassword: '' })],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(newUserNeedsPasswordMessage('nopass@example.test'));
    expect(await t.db.select().from(users)).toEqual(before);
  });

  it('refuses an address another account holds, in any case, or given twice in one save', async () => {
    const school = await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id });
    const auditor = await createUser(t.db, 'auditor');
    const taken = await put(admin, { users: [newUser({ email: school.email.toUpperCase() })] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(emailInUseMessage(school.email.toUpperCase()));
    const clash = await put(admin, { users: [edit(auditor, { email: adminRow.email })] });
    expect(clash.json().message).toBe(emailInUseMessage(adminRow.email));
    const twice = await put(admin, {
      users: [newUser({ email: 'pair@example.test' }), newUser({ email: 'PAIR@example.test' })],
    });
    expect(twice.json().message).toBe(emailInUseMessage('PAIR@example.test'));
    // An address freed by a removal in the same save may be given at once.
    const reused = await put(admin, { users: [newUser({ email: auditor.email })], usersDeleted: [auditor.id] });
    expect(reused.statusCode, reused.body).toBe(200);
    expect((await list()).map((r) => r.email)).toContain(auditor.email);
  });

  it('never removes the caller, and never leaves the association without an admin', async () => {
    const self = await put(admin, { usersDeleted: [adminRow.id] });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(CANNOT_REMOVE_SELF);
    const demoted = await put(admin, { users: [edit(adminRow, { role: 'auditor' })] });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json().message).toBe(LAST_ADMIN);
    const other = await createUser(t.db, 'admin');
    const both = await put(admin, { users: [edit(adminRow, { role: 'auditor' })], usersDeleted: [other.id] });
    expect(both.json().message).toBe(LAST_ADMIN);
    expect((await t.db.select().from(users).where(eq(users.type, 'admin'))).length).toBe(2);
    // With another admin left, one may step down.
    expect((await put(admin, { users: [edit(adminRow, { role: 'auditor' })] })).statusCode).toBe(200);
    // The cache must not keep the old role: the former admin is refused at once.
    expect(await whoAmI(admin)).toBe(403);
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const auditor = await createUser(t.db, 'auditor');
    expect((await put(admin, { users: [edit(auditor, { firstname: 'First' })] })).statusCode).toBe(200);
    const stale = await put(admin, { users: [edit(auditor, { firstname: 'Second' })] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: SERVER_MESSAGES.staleVersion,
      current: { id: auditor.id, firstname: 'First' },
    });
    expect(stale.body).not.toMatch(/argon2/);
    expect((await stored(auditor.id))!.firstname).toBe('First');
  });

  it('does not edit or remove school users through this call', async () => {
    const school = await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id });
    expect((await put(admin, { users: [edit(school, { role: 'auditor' })] })).statusCode).toBe(404);
    expect((await put(admin, { usersDeleted: [school.id] })).statusCode).toBe(404);
    expect((await put(admin, { users: [edit(school, { id: randomUUID(), role: 'auditor' })] })).statusCode).toBe(404);
    expect(await stored(school.id)).toEqual(school);
  });

  it('applies a replayed save (same idempotency key) once', async () => {
    const key = randomUUID();
    const row = newUser();
    const first = await put(admin, { users: [row] }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(admin, { users: [row] }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await list()).filter((r) => r.email === row.email)).toHaveLength(1);
  });
});

describe('sessions after a save', () => {
  it("a new password ends the user's sessions; the old password no longer works", async () => {
    const auditor = await createUser(t.db, 'auditor');
    const session = await signIn(t.app, auditor.email);
    expect((await session.request({ method: 'GET', url: '/api/school/bpay' })).statusCode).toBe(200); // remembered now
    expect((await put(admin, { users: [edit(auditor, { newPassword: 'another passphrase' })] })).statusCode).toBe(200);
    expect((await session.request({ method: 'GET', url: '/api/school/bpay' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: auditor.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    await signIn(t.app, auditor.email, 'another passphrase');
  });

  it("changing one's own password keeps the current session and ends the others", async () => {
    const elsewhere = await signIn(t.app, adminRow.email);
    expect(await whoAmI(elsewhere)).toBe(200);
    expect((await put(admin, { users: [edit(adminRow, { newPassword: 'my new passphrase' })] })).statusCode).toBe(200);
    expect(await whoAmI(admin)).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(401);
  });

  it('a removed user is signed out at once and cannot sign in', async () => {
    const racedept = await createUser(t.db, 'racedept');
    const session = await signIn(t.app, racedept.email);
    expect((await session.request({ method: 'GET', url: '/api/disciplines' })).statusCode).toBe(200); // remembered now
    const res = await put(admin, { usersDeleted: [racedept.id, randomUUID()] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).map((r) => r.id)).toEqual([adminRow.id]);
    expect((await session.request({ method: 'GET', url: '/api/disciplines' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: racedept.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("the saving server forgets its own remembered sessions at once, without waiting for the database's notice", async () => {
    // A server that remembers sessions but never hears the database's notices.
    const deaf = await buildApp({
      ...t.deps,
      listen: (channel, _onMessage, onLost) => t.deps.listen!(channel, () => undefined, onLost),
    });
    await deaf.ready();
    try {
      const onDeaf = (agent: Agent, opts: Parameters<Agent['request']>[0]) =>
        deaf.inject({ ...opts, headers: { ...opts.headers, cookie: agent.cookie } });
      const racedept = await createUser(t.db, 'racedept');
      const session = await signIn(t.app, racedept.email);
      const disciplines = { method: 'GET', url: '/api/disciplines' } as const;
      expect((await onDeaf(session, disciplines)).statusCode).toBe(200); // remembered there now
      const res = await onDeaf(admin, {
        method: 'PUT',
        url: '/api/users',
        payload: { multi: true, users: [], usersDeleted: [racedept.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await onDeaf(session, disciplines)).statusCode).toBe(401);
    } finally {
      await deaf.close();
    }
  });
});
