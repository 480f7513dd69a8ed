// Race and overall results (RES-01..08; docs/decisions.md 'Race day'): every signed-in user reads
// the results of the session's event or of an event shown for results; admins read any event;
// another event is 404. One admin save adds, edits and removes rows of the session's (or the
// X-Event-Id) event only, in one transaction, refusing unknown disciplines and another event's ids
// with 422 and bad values with 400; a replayed save is applied once.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resultOveralls, resultRaces, sessions } from '../../server/db/schema';
import {
  NO_RESULTS_EVENT,
  RESULTS_EVENT_NOT_FOUND,
  RESULT_OF_OTHER_EVENT,
  unknownDisciplineMessage,
} from '../../server/modules/results/service';
import { createEvent, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;

const race = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  DisciplineId: 1,
  division: 2,
  gender: 'Female',
  teamIndividual: 'Team',
  fileUrl: 'https://results.example.test/r.pdf',
  ...over,
});
const overall = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  pointscore: 'Skiing',
  schoolType: 'Secondary',
  gender: 'Co-Ed',
  ...over,
});
const put = (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request({
    method: 'PUT',
    url: '/api/results',
    payload: { multi: true, racesDeleted: [], overallDeleted: [], ...body },
    headers,
  });
const getRaces = (agent: Agent, EventId?: string) =>
  agent.request({ method: 'GET', url: '/api/results/', query: EventId ? { EventId } : {} });
const getOveralls = (agent: Agent, EventId?: string) =>
  agent.request({ method: 'GET', url: '/api/resultOveralls', query: EventId ? { EventId } : {} });

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('saving results', () => {
  it('adds race and overall results and lists them, with file and placings', async () => {
    const placings = [{ place: 1, name: 'A. Skier', school: 'Snowy Grammar' }];
    const r = race({ placings });
    const o = overall({ fileUrl: '' });
    const res = await put(admin, { races: [r], overalls: [o] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      races: [{ ...r, EventId: eventId }],
      overalls: [{ ...o, EventId: eventId, placings: null }],
    });
    expect((await getRaces(school)).json()).toMatchObject([{ id: r.id, placings, fileUrl: r.fileUrl }]);
    expect((await getOveralls(school)).json()).toMatchObject([{ id: o.id, pointscore: 'Skiing' }]);
  });

  it('edits a row sent again and removes only rows of the event', async () => {
    const r = race();
    expect((await put(admin, { races: [r] })).statusCode).toBe(200);
    const edited = await put(admin, { races: [{ ...r, fileUrl: 'https://results.example.test/final.pdf' }] });
    expect(edited.json().races).toMatchObject([{ id: r.id, fileUrl: 'https://results.example.test/final.pdf' }]);
    const other = await createEvent(t.db);
    const [foreign] = await t.db
      .insert(resultRaces)
      .values({ eventId: other.id, disciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team' })
      .returning();
    const [foreignOverall] = await t.db
      .insert(resultOveralls)
      .values({ eventId: other.id, pointscore: 'Skiing', schoolType: 'Primary', gender: 'Male' })
      .returning();
    const res = await put(admin, { racesDeleted: [r.id, foreign!.id], overallDeleted: [foreignOverall!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ races: [], overalls: [] });
    expect((await t.db.select().from(resultRaces)).map((x) => x.id)).toEqual([foreign!.id]);
    expect(await t.db.select().from(resultOveralls)).toHaveLength(1);
  });

  it('refuses an edit made on an older version with 409 and the row as stored, changing nothing of the save', async () => {
    const r = race();
    const o = overall();
    const first = (await put(admin, { races: [r], overalls: [o] })).json();
    const stored = first.races[0];
    const placed = await put(admin, { races: [{ ...stored, placings: [{ place: 1, name: 'A. Skier', points: 10 }] }] });
    expect(placed.statusCode, placed.body).toBe(200);
    const now = placed.json().races[0];
    expect(now.version).toBeGreaterThan(stored.version);
    const stale = await put(admin, {
      races: [{ ...stored, fileUrl: 'https://results.example.test/old.pdf' }],
      overallDeleted: [o.id],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone else changed this record. The latest version has been loaded.',
      current: now,
    });
    expect((await getRaces(admin)).json()).toEqual([now]);
    expect((await getOveralls(admin)).json()).toHaveLength(1);
    const overallStale = await put(admin, {
      overalls: [{ ...first.overalls[0], version: first.overalls[0].version - 1 }],
    });
    expect(overallStale.statusCode).toBe(409);
    expect(overallStale.json().current).toEqual(first.overalls[0]);
    // Without a version (a row written by an older device), the edit is taken as it is.
    expect((await put(admin, { races: [{ ...r, fileUrl: '' }] })).json().races[0]).toMatchObject({
      fileUrl: '',
      placings: null,
    });
  });

  it("refuses an unknown discipline and another event's id with 422, bad values with 400, changing nothing", async () => {
    const kept = race();
    expect((await put(admin, { races: [kept] })).statusCode).toBe(200);
    const unknown = await put(admin, { races: [race(), race({ DisciplineId: 999 })], racesDeleted: [kept.id] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: unknownDisciplineMessage(999),
      fields: [{ path: 'races.1.DisciplineId' }],
    });
    const other = await createEvent(t.db);
    const [foreign] = await t.db
      .insert(resultRaces)
      .values({ eventId: other.id, disciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team' })
      .returning();
    const stolen = await put(admin, { races: [race({ id: foreign!.id })] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe(RESULT_OF_OTHER_EVENT);
    for (const bad of [
      { races: [race({ gender: 'male' })] },
      { races: [race({ division: 7 })] },
      { races: [race({ teamIndividual: 'Relay' })] },
      { races: [race({ fileUrl: 'javascript:alert(1)' })] },
      { overalls: [overall({ pointscore: 'Biathlon' })] },
      { overalls: [overall({ schoolType: 'Tertiary' })] },
      { racesDeleted: ['not-an-id'] },
    ]) {
      expect((await put(admin, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.db.select().from(resultRaces)).map((x) => x.id).sort()).toEqual([kept.id, foreign!.id].sort());
  });

  it('applies a replayed save once', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const r = race();
    const first = await put(admin, { races: [r] }, headers);
    const again = await put(admin, { races: [r] }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(resultRaces)).toHaveLength(1);
  });

  it('saves into the event a queued write names (X-Event-Id)', async () => {
    const other = await createEvent(t.db);
    const r = race();
    const res = await put(admin, { races: [r] }, { 'X-Event-Id': other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(resultRaces))[0]!.eventId).toBe(other.id);
  });

  it('is for admins only, on a chosen event', async () => {
    expect((await put(school, { races: [race()] })).statusCode).toBe(403);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await put(agent, { races: [race()] })).statusCode, type).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/results',
          payload: { multi: true, racesDeleted: [], overallDeleted: [] },
        })
      ).statusCode,
    ).toBe(401);
    // A session without an event (none chosen yet) cannot save results.
    const noEvent = await signIn(t.app, (await createUser(t.db, 'admin')).email);
    await t.db.update(sessions).set({ eventId: null });
    const res = await put(noEvent, { races: [race()] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_RESULTS_EVENT);
    expect((await getRaces(noEvent)).statusCode).toBe(400);
  });
});

describe('reading results', () => {
  it("reads the events shown for results and the session's event; another is 404 except for admins", async () => {
    // Signed in first: a sign-in picks the most recent open event, which could be one made below.
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const shown = await createEvent(t.db, { showForResults: true });
    const hidden = await createEvent(t.db, { showForResults: false });
    await t.db.insert(resultRaces).values([
      { eventId: shown.id, disciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team' },
      { eventId: hidden.id, disciplineId: 2, division: 1, gender: 'Male', teamIndividual: 'Team' },
    ]);
    for (const agent of [school, auditor]) {
      const res = await getRaces(agent, shown.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject([{ EventId: shown.id, DisciplineId: 1 }]);
      const refused = await getRaces(agent, hidden.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(RESULTS_EVENT_NOT_FOUND);
      expect((await getOveralls(agent, hidden.id)).statusCode).toBe(404);
    }
    // The school's own (session) event, not shown for results, is readable to it.
    expect((await getRaces(school)).statusCode).toBe(200);
    expect((await getRaces(admin, hidden.id)).json()).toMatchObject([{ EventId: hidden.id, DisciplineId: 2 }]);
    expect((await getRaces(admin, randomUUID())).statusCode).toBe(404);
    expect((await getRaces(admin, 'not-an-id')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/results/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/resultOveralls' })).statusCode).toBe(401);
  });
});
