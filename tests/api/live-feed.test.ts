// The live feed over real HTTP (GET /api/sync/live): a device's open stream says 'change' when a
// change its feed may carry commits, whoever made it, so the device pulls at once; a school hears
// its own school's changes, a race official every school's; the stream is unbuffered, uncached,
// holds no admission slot, and ends after its time so the device reconnects. Which messages
// concern which device is also checked on its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerns, liveScopeOf } from '../../server/modules/sync/live';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { openStream as openDeviceStream } from './support/event-stream';
import { listenOnLoopback } from './support/request-targets';
import { saveTicketOrder, schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let base = '';
let school: Agent;
let admin: Agent;
let official: Agent;

beforeAll(async () => {
  t = await startTestApp({ env: { LIVE_STREAM_MS: '60000' } });
  ({ school, admin } = await schoolInEvent(t));
  official = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
  base = `http://127.0.0.1:${await listenOnLoopback(t.app)}`;
});
afterAll(async () => {
  await t?.close();
});

const openStream = (agent: Agent) => openDeviceStream(base, agent.cookie);

it('tells a school device of a change to its school made on another device, as a stream nothing buffers or keeps', async () => {
  const stream = await openStream(school);
  expect(stream.res.status).toBe(200);
  expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(stream.res.headers.get('cache-control')).toBe('no-store');
  expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
  // The administrator gives the school its team manager passes, on another device.
  const saved = await saveTicketOrder(admin, 0);
  expect(saved.statusCode, saved.body).toBe(200);
  await stream.changes(1);
  expect(stream.text()).toMatch(/^retry: \d+$/m);
  await stream.close();
});

it("tells a race official's device of every school's changes", async () => {
  const stream = await openStream(official);
  expect((await saveTicketOrder(school, 0)).statusCode).toBe(200);
  await stream.changes(1);
  await stream.close();
});

it('answers 401 to a device that is not signed in, with no stream', async () => {
  const res = await fetch(`${base}/api/sync/live`);
  expect(res.status).toBe(401);
});

it('ends a stream after its time, so the device reconnects with its session as it is then', async () => {
  const short = await startTestApp({ env: { LIVE_STREAM_MS: '50' } });
  try {
    const s = await schoolInEvent(short);
    const res = await short.app.inject({ method: 'GET', url: '/api/sync/live', headers: { cookie: s.school.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^retry: \d+\n/);
  } finally {
    await short.close();
  }
});

describe('which changes concern a device', () => {
  const own = randomUUID();
  const other = randomUUID();
  const event = randomUUID();
  it("a school's: its own school's and those of no school (events, disciplines), not another school's", () => {
    const scope = liveScopeOf({ type: 'school', schoolId: own });
    expect(concerns(scope, `${own}|${event}`)).toBe(true);
    expect(concerns(scope, `|${event}`)).toBe(true);
    expect(concerns(scope, '|')).toBe(true);
    expect(concerns(scope, `${other}|${event}`)).toBe(false);
  });
  it("staff who read race day: every school's; an auditor: those of no school", () => {
    for (const type of ['admin', 'racedept'] as const)
      expect(concerns(liveScopeOf({ type, schoolId: null }), `${other}|${event}`)).toBe(true);
    const auditor = liveScopeOf({ type: 'auditor', schoolId: null });
    expect(concerns(auditor, `${other}|${event}`)).toBe(false);
    expect(concerns(auditor, `|${event}`)).toBe(true);
  });
});
