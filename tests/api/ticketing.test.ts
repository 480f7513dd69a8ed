// Ticketing: a school's team manager tickets for the session's event. Saving and reading, the
// tooMany rule (422, nothing changed), who may write, and exactly-once replays.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { ticketing } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;

const tickets = (over: Record<string, number> = {}) => ({
  managerTicket1: 1,
  managerTicket2: 1,
  managerTicket3: 0,
  managerTicket4: 0,
  managerTicket5: 0,
  xcManagerTicketAlpine1: 1,
  xcManagerTicketXC1: 0,
  ...over,
});
const save = (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request({ method: 'POST', url: '/api/ticketings', payload: { ticketing: body }, headers });
const rowOf = async (sid = schoolId) =>
  (
    await t.db
      .select()
      .from(ticketing)
      .where(and(eq(ticketing.schoolId, sid), eq(ticketing.eventId, eventId)))
  )[0];

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  // The admin decides how many passes the school has.
  const res = await save(
    admin,
    tickets({ managerTicket1: 0, managerTicket2: 0, xcManagerTicketAlpine1: 0, noAvailableTeamManagerPasses: 4 }),
  );
  expect(res.statusCode, res.body).toBe(200);
});
afterEach(async () => {
  await t.close();
});

describe('GET /api/ticketing', () => {
  it('answers zeros before the first save', async () => {
    await t.db.delete(ticketing);
    const res = await school.request({ method: 'GET', url: '/api/ticketing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...tickets({ managerTicket1: 0, managerTicket2: 0, xcManagerTicketAlpine1: 0 }),
      noAvailableTeamManagerPasses: 0,
      SchoolId: schoolId,
      EventId: eventId,
      version: 0,
    });
  });
});

describe('POST /api/ticketings', () => {
  it("saves the school's tickets and answers the saved row, which GET then reads", async () => {
    const res = await save(school, tickets());
    expect(res.statusCode, res.body).toBe(200);
    const saved = { ...tickets(), noAvailableTeamManagerPasses: 4, SchoolId: schoolId, EventId: eventId, version: 2 };
    expect(res.json()).toEqual(saved);
    expect((await school.request({ method: 'GET', url: '/api/ticketing' })).json()).toEqual(saved);
    expect((await admin.request({ method: 'GET', url: '/api/ticketing' })).json()).toEqual(saved);
  });

  it('keeps the passes the admin set when a school sends its own number', async () => {
    const res = await save(school, tickets({ noAvailableTeamManagerPasses: 50 }));
    expect(res.json().noAvailableTeamManagerPasses).toBe(4);
  });

  it('refuses more tickets than passes with 422 and the domain message, changing nothing', async () => {
    const before = await rowOf();
    const res = await save(school, tickets({ managerTicket5: 2 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      message: SERVER_MESSAGES.ticketingTooMany,
      fields: [{ path: 'tooMany' }],
    });
    expect(await rowOf()).toEqual(before);
  });

  it("lands on the session's own school even when the body names another", async () => {
    const otherId = (await createSchool(t.db)).id;
    const res = await save(school, { ...tickets(), SchoolId: otherId, EventId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ SchoolId: schoolId, EventId: eventId });
    expect(await rowOf(otherId)).toBeUndefined();
  });

  it('is refused to auditor and racedept users, and without a session', async () => {
    const before = await rowOf();
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await save(agent, tickets())).statusCode).toBe(403);
      expect((await agent.request({ method: 'GET', url: '/api/ticketing' })).statusCode).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ticketings', payload: { ticketing: tickets() } })).statusCode,
    ).toBe(401);
    expect(await rowOf()).toEqual(before);
  });

  it("answers 409 with the stored row (for an offline device's merge) for a stale row version", async () => {
    const res = await save(school, { ...tickets(), version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const stale = await save(school, { ...tickets({ managerTicket1: 2 }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({
      managerTicket1: 1,
      noAvailableTeamManagerPasses: 4,
      SchoolId: schoolId,
      version: 2,
    });
    expect((await rowOf())!.managerTicket1).toBe(1);
  });
});

describe('exactly once', () => {
  it('applies a repeated Idempotency-Key once and replays the same answer', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await save(school, tickets(), headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await save(school, tickets({ managerTicket1: 3 }), headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await rowOf()).toMatchObject({ managerTicket1: 1, version: 2 });
  });

  it('applies a repeated client sequence number once', async () => {
    const headers = { 'x-client-id': randomUUID(), 'x-client-seq': '1' };
    const first = await save(school, tickets(), headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await save(school, tickets(), headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await rowOf())!.version).toBe(2);
    const next = await save(school, tickets({ managerTicket1: 2 }), { ...headers, 'x-client-seq': '2' });
    expect(next.json()).toMatchObject({ managerTicket1: 2, version: 3 });
  });

  it('replays a refusal the same way', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await save(school, tickets({ managerTicket5: 9 }), headers);
    expect(first.statusCode).toBe(422);
    const again = await save(school, tickets(), headers);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(first.json());
  });
});
