// Client home tests on the demo data: a real server seeded with server/db/seed/demo.ts on a free
// port, demo coordinators signed in through the real login, and their mirror filled through the
// real pull (never rows written into Dexie by hand).
import { expect } from 'vitest';
import { DEMO_PASSWORDS, seedDemoData } from '../../server/db/seed/demo';
import type { SessionUser } from '../../src/domain/schemas/entities';
import { startTestApp, type TestApp } from '../api/support/test-app';
import { cookieJar, engineFor, freshDb, type Jar, type World } from './sync-support';

const DEMO_NOW = new Date('2026-06-15T09:00:00Z');

export type DemoServer = { t: TestApp; baseUrl: string; close(): Promise<void> };

export async function demoServer(): Promise<DemoServer> {
  const t = await startTestApp();
  await seedDemoData(t.db, { now: DEMO_NOW });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { t, baseUrl: `http://127.0.0.1:${address.port}`, close: () => t.close() };
}

export type SignedIn = { jar: Jar; user: SessionUser; world: World };

/** Signs the demo coordinator in (the server picks the default event) through the real login. */
export async function signInDemo(
  server: DemoServer,
  username: string,
  password: string = DEMO_PASSWORDS.school,
): Promise<SignedIn> {
  const jar = cookieJar(server.baseUrl);
  const res = await jar.fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const user = (await res.json()) as SessionUser;
  const world = {
    t: server.t,
    baseUrl: server.baseUrl,
    schoolId: user.SchoolId!,
    eventId: user.EventId!,
    username,
    jar,
    adminJar: jar,
    close: server.close,
  } satisfies World;
  return { jar, user, world };
}

/** A fresh device database filled through the real pull of this session. */
export async function pulledDevice(signedIn: SignedIn) {
  const db = freshDb();
  const { engine } = engineFor(signedIn.world, db);
  await engine.pull();
  return { db, engine };
}
