// Servers remember recent session lookups; whatever ends or changes a session or its user, by any
// write path and on any instance sharing the database, is forgotten at once (triggers NOTIFY
// 'session_changed', every instance listens). Runs on PGlite and on PostgreSQL.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { sessions, users } from '../../server/db/schema';
import { createEvent, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
/** A second server on the same database, as behind a load balancer. */
let other: FastifyInstance;
let eventId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ eventId } = await schoolInEvent(t));
  other = await buildApp(t.deps);
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const onOther = (agent: Agent, url: string) => other.inject({ method: 'GET', url, headers: { cookie: agent.cookie } });
const status = (p: Promise<{ statusCode: number }>) => p.then((r) => r.statusCode);

describe('a remembered session', () => {
  it('ends everywhere when it is signed out on one server', async () => {
    const agent = await signIn(t.app, (await createUser(t.db, 'admin')).email);
    expect(await status(onOther(agent, '/api/disciplines'))).toBe(200); // now remembered there
    expect(await status(agent.request({ method: 'GET', url: '/api/logout' }))).toBe(200);
    await expect.poll(() => status(onOther(agent, '/api/disciplines')), { timeout: 3000 }).toBe(401);
  });

  it('ends when its row is deleted by any other write path', async () => {
    const user = await createUser(t.db, 'admin');
    const agent = await signIn(t.app, user.email);
    expect(await status(agent.request({ method: 'GET', url: '/api/disciplines' }))).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect
      .poll(() => status(agent.request({ method: 'GET', url: '/api/disciplines' })), { timeout: 3000 })
      .toBe(401);
  });

  it('follows a change of event made on another server', async () => {
    const agent = await signIn(t.app, (await createUser(t.db, 'admin')).email);
    const scope = async () => (await onOther(agent, '/api/sync/changes?cursor=0')).json().scopeKey as string;
    const before = await scope();
    const next = await createEvent(t.db);
    const switched = await agent.request({
      method: 'POST',
      url: '/api/session/',
      payload: { SchoolId: null, EventId: next.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await expect.poll(scope, { timeout: 3000 }).toContain(`event:${next.id}`);
    expect(before).not.toContain(next.id);
    expect(eventId).not.toBe(next.id);
  });

  it("follows a change of the user's own row (a staff user made auditor is no longer admin)", async () => {
    const user = await createUser(t.db, 'admin');
    const agent = await signIn(t.app, user.email);
    expect(await status(agent.request({ method: 'GET', url: '/api/snowracer/count' }))).toBe(200);
    await t.db.update(users).set({ type: 'auditor' }).where(eq(users.id, user.id));
    await expect
      .poll(() => status(agent.request({ method: 'GET', url: '/api/snowracer/count' })), { timeout: 3000 })
      .toBe(403);
  });
});
