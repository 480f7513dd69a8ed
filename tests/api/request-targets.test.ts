// Authorisation is decided by the route matched, never by the text of the URL: the attacks that
// once went round sign-in and the role checks by spelling '/api/' otherwise ('/%61pi/users',
// 'http://x/api/users'), and the app's refusal to start with a route that does not say who may
// call it. Over real HTTP: app.inject would tidy the target up before the server saw it.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SUPPLIER_ENV } from './support/supplier-env';
import { users } from '../../server/db/schema';
import { createEvent, createSchool, createUser, registrationForm } from './support/factories';
import { listenOnLoopback, rawRequest } from './support/request-targets';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let port = 0;
let eventId = '';

beforeAll(async () => {
  t = await startTestApp();
  eventId = (await createEvent(t.db)).id;
  const schoolId = (await createSchool(t.db)).id;
  await createUser(t.db, 'admin', { email: 'staff-admin@example.test', firstname: 'Staff', lastname: 'Member' });
  await createUser(t.db, 'school', { schoolId });
  port = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = (target: string, cookie?: string) => rawRequest(port, { method: 'GET', target, cookie });

describe('signed out, the API spelt otherwise gives nothing away', () => {
  it.each([
    '/%61pi/users',
    '/%61%70%69/users',
    '/api/%75sers',
    '/api%2Fusers',
    'http://x/api/users',
    'http://127.0.0.1/api/users',
    '//api/users',
    '/api//users',
    '/api/./users',
    '/api/x/../users',
    '/api/users;a=b',
    '/API/users',
    '/api/users/',
  ])('GET %s', async (target) => {
    const res = await get(target);
    expect([400, 401, 404], res.body).toContain(res.statusCode);
    expect(res.body).not.toContain('staff-admin@example.test');
  });

  it("never answers the registry export's children's names and dates of birth", async () => {
    for (const target of [
      `/%61pi/snowracer-export?EventId=${eventId}`,
      `http://x/api/snowracer-export?EventId=${eventId}`,
    ]) {
      const res = await get(target);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    }
  });
});

it('a school that registered itself cannot make an admin through PUT /%61pi/users', async () => {
  const form = registrationForm();
  const registered = await rawRequest(port, {
    method: 'POST',
    target: '/api/schools',
    body: JSON.stringify({ school: form }),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const login = await rawRequest(port, {
    method: 'POST',
    target: '/api/login',
    body: JSON.stringify({ username: form.user.email, password: form.user.password, EventId: eventId }),
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const intruder = {
    id: 'tempid-1',
    email: 'intruder@example.test',
    newPassword: 'a long enough password',
    role: 'admin',
    firstname: 'In',
    lastname: 'Truder',
  };
  for (const target of ['/%61pi/users', 'http://x/api/users', '/api/users/']) {
    const res = await rawRequest(port, {
      method: 'PUT',
      target,
      cookie,
      body: JSON.stringify({ multi: true, users: [intruder], usersDeleted: [] }),
    });
    expect([400, 403], `${target}: ${res.body}`).toContain(res.statusCode);
  }
  expect(await t.db.select().from(users).where(eq(users.email, 'intruder@example.test'))).toEqual([]);
});

it('an API call spelt otherwise is never served from a cache', async () => {
  for (const target of ['/%61pi/states', '/api/states/']) {
    const res = await get(target);
    expect(res.headers['cache-control'], target).toBe('no-store');
  }
});

describe('every route says who may call it', () => {
  it('the app refuses to start with a route that does not', async () => {
    const app = await buildApp(t.deps);
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
    await app.close().catch(() => undefined);
  });

  it("the app's own files are declared public where they are served", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Interschools</title>');
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await buildApp({
      ...t.deps,
      config: loadConfig({
        ...process.env,
        ...SUPPLIER_ENV,
        DATA_DIR: '.tmp/test-data',
        STATIC_DIR: dir,
        LOG_LEVEL: 'silent',
      }),
    });
    try {
      await app.ready();
      expect((await app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/participant/index' })).body).toContain('Interschools');
      expect((await app.inject({ url: '/%61ssets/app-abc123.js' })).statusCode).toBe(400);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
