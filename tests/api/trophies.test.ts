// Trophies (TRO-01..05): GET /api/v2/Trophies for every signed-in user, with where, order ('name
// ASC') and include ('discipline' adds the discipline's id and name); PUT /api/v2/Trophies (beyond
// the spec, the trophies page's dialog) adds, edits and removes, admin only, exactly once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disciplines, trophies } from '../../server/db/schema';
import { unknownDisciplineMessage, unknownOrderMessage } from '../../server/modules/results/service';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let school: Agent;
let eventId: string;

const trophy = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: 'Cup',
  disciplineId: 1,
  division: 2,
  gender: 'female',
  state: 'NSW',
  // Two pictures uploaded here (POST /api/files/trophies answers '/api/files/<id>').
  imageURL: '/api/files/trophyPictureA0000001|/api/files/trophyPictureB0000002',
  type: 'team',
  ...over,
});
const put = (agent: Agent, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  agent.request({ method: 'PUT', url: '/api/v2/Trophies', payload: { trophiesDeleted: [], ...body }, headers });
const list = (agent: Agent, filter?: unknown) =>
  agent.request({
    method: 'GET',
    url: '/api/v2/Trophies',
    query: filter === undefined ? {} : { filter: JSON.stringify(filter) },
  });

beforeEach(async () => {
  t = await startTestApp();
  ({ admin, school, eventId } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

describe('trophies', () => {
  it('adds trophies and lists them filtered, ordered and with their discipline', async () => {
    const a = trophy({ name: 'Bravo Cup' });
    const b = trophy({
      name: 'Alpha Shield',
      disciplineId: null,
      division: null,
      gender: 'male',
      state: '',
      imageURL: '',
      type: 'independent',
    });
    const res = await put(admin, { trophies: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const [alpine] = await t.db.select().from(disciplines).where(eq(disciplines.id, 1));
    expect(res.json()).toMatchObject([
      { ...b, discipline: null },
      { ...a, discipline: { id: 1, name: alpine!.name } },
    ]);

    const ordered = await list(school, { order: 'name DESC', include: ['discipline'] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().map((x: { name: string }) => x.name)).toEqual(['Bravo Cup', 'Alpha Shield']);
    expect(ordered.json()[0].discipline).toEqual({ id: 1, name: alpine!.name });
    const plain = await list(school, { order: ['name ASC'] });
    expect(plain.json()[0]).not.toHaveProperty('discipline');
    expect(plain.json()[1].imageURL).toBe('/api/files/trophyPictureA0000001|/api/files/trophyPictureB0000002');
    expect((await list(school, { where: { gender: 'male' } })).json().map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await list(school, { where: { disciplineId: 1 } })).json().map((x: { id: string }) => x.id)).toEqual([
      a.id,
    ]);
    expect((await list(school)).json()).toHaveLength(2);
  });

  it('refuses unknown order and include terms with 400', async () => {
    const badOrder = await list(school, { order: 'password ASC' });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toBe(unknownOrderMessage('password ASC'));
    expect((await list(school, { order: 'name; DROP TABLE trophies' })).statusCode).toBe(400);
    expect((await list(school, { include: 'users' })).statusCode).toBe(400);
    expect((await list(school, { where: { gender: 5 } })).statusCode).toBe(400);
    expect(
      (await school.request({ method: 'GET', url: '/api/v2/Trophies', query: { filter: '{not json' } })).statusCode,
    ).toBe(400);
  });

  it('edits and removes trophies; refuses an unknown discipline (422) and bad values (400)', async () => {
    const a = trophy();
    expect((await put(admin, { trophies: [a] })).statusCode).toBe(200);
    const edited = await put(admin, { trophies: [{ ...a, name: 'Renamed' }] });
    expect(edited.json()).toMatchObject([{ id: a.id, name: 'Renamed' }]);
    const unknown = await put(admin, { trophies: [trophy({ disciplineId: 999 })], trophiesDeleted: [a.id] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(unknownDisciplineMessage(999));
    expect(await t.db.select().from(trophies)).toHaveLength(1);
    for (const bad of [trophy({ gender: 'Male' }), trophy({ type: 'relay' }), trophy({ id: 'x' })]) {
      expect((await put(admin, { trophies: [bad] })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const removed = await put(admin, { trophiesDeleted: [a.id] });
    expect(removed.json()).toEqual([]);
  });

  it('refuses an edit made on an older version with 409 and the trophy as stored', async () => {
    const a = trophy();
    const [stored] = (await put(admin, { trophies: [a] })).json();
    const renamed = (await put(admin, { trophies: [{ ...stored, name: 'Renamed Cup' }] })).json()[0];
    expect(renamed.version).toBeGreaterThan(stored.version);
    const stale = await put(admin, { trophies: [{ ...stored, state: 'VIC' }] });
    expect(stale.statusCode).toBe(409);
    const { discipline: _d, ...current } = renamed;
    expect(stale.json()).toMatchObject({
      message: 'Someone else changed this record. The latest version has been loaded.',
      current,
    });
    expect((await list(admin)).json()).toMatchObject([{ id: a.id, name: 'Renamed Cup', state: 'NSW' }]);
  });

  it('applies a replayed save once', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const a = trophy();
    expect((await put(admin, { trophies: [a] }, headers)).statusCode).toBe(200);
    expect((await put(admin, { trophies: [{ ...a, name: 'Other' }] }, headers)).json()).toMatchObject([
      { name: 'Cup' },
    ]);
    expect(await t.db.select().from(trophies)).toHaveLength(1);
  });

  it('reads for every signed-in user and writes for admins only', async () => {
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await list(agent)).statusCode, type).toBe(200);
      expect((await put(agent, { trophies: [trophy()] })).statusCode, type).toBe(403);
    }
    expect((await put(school, { trophies: [trophy()] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/Trophies' })).statusCode).toBe(401);
  });
});

// The rows these routes take in tests/api/authorization-matrix.test.ts, checked here against the
// same callers: none, a school signed in on the event, an auditor, racedept and the admin (who
// picked the event). 'reached' is any 4xx but 401/403.
describe('who reaches the results, trophies and files routes', () => {
  type Outcome = 'ok' | 'denied' | 'unauth' | 'reached';
  const outcome = (status: number): Outcome =>
    status === 401 ? 'unauth' : status === 403 ? 'denied' : status >= 200 && status < 300 ? 'ok' : 'reached';

  // The event is the one each caller's login put in its session (the only active one), so every
  // signed-in caller reads it; an event neither shown for results nor the session's is 404 (see
  // tests/api/results.test.ts).
  const SIGNED_IN_READS = { none: 'unauth', school: 'ok', auditor: 'ok', racedept: 'ok', admin: 'ok' } as const;

  it('answers each kind of caller as the matrix rows say', async () => {
    const schoolAgent = school;
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    const callers = { school: schoolAgent, auditor, racedept, admin } as const;
    const rows: {
      method: 'GET' | 'PUT' | 'POST';
      url: string;
      opts: Record<string, unknown>;
      expect: Record<'none' | keyof typeof callers, Outcome>;
    }[] = [
      { method: 'GET', url: '/api/results', opts: { query: { EventId: eventId } }, expect: SIGNED_IN_READS },
      { method: 'GET', url: '/api/resultOveralls', opts: { query: { EventId: eventId } }, expect: SIGNED_IN_READS },
      {
        method: 'PUT',
        url: '/api/results',
        opts: { payload: { multi: true, racesDeleted: [], overallDeleted: [] } },
        expect: { none: 'unauth', school: 'denied', auditor: 'denied', racedept: 'denied', admin: 'ok' },
      },
      {
        method: 'GET',
        url: '/api/v2/Trophies',
        opts: { query: { filter: JSON.stringify({ order: 'name ASC', include: 'discipline' }) } },
        expect: { none: 'unauth', school: 'ok', auditor: 'ok', racedept: 'ok', admin: 'ok' },
      },
      {
        method: 'PUT',
        url: '/api/v2/Trophies',
        opts: { payload: { trophiesDeleted: [] } },
        expect: { none: 'unauth', school: 'denied', auditor: 'denied', racedept: 'denied', admin: 'ok' },
      },
      {
        method: 'POST',
        url: '/api/files/results',
        opts: { headers: { 'content-type': 'application/pdf' }, payload: '%PDF-1.4\n%%EOF\n' },
        expect: { none: 'unauth', school: 'denied', auditor: 'denied', racedept: 'denied', admin: 'ok' },
      },
      {
        method: 'POST',
        url: '/api/files/trophies',
        opts: { headers: { 'content-type': 'image/png' }, payload: 'not a picture' },
        expect: { none: 'unauth', school: 'denied', auditor: 'denied', racedept: 'denied', admin: 'reached' },
      },
      {
        method: 'GET',
        url: '/api/files/AAAAAAAAAAAAAAAAAAAAAAAA',
        opts: {},
        expect: { none: 'unauth', school: 'reached', auditor: 'reached', racedept: 'reached', admin: 'reached' },
      },
    ];
    for (const row of rows) {
      const got = {
        none: outcome((await t.app.inject({ method: row.method, url: row.url, ...row.opts })).statusCode),
      } as Record<string, Outcome>;
      for (const [role, agent] of Object.entries(callers)) {
        got[role] = outcome((await agent.request({ method: row.method, url: row.url, ...row.opts })).statusCode);
      }
      expect(got, `${row.method} ${row.url}`).toEqual(row.expect);
    }
  });
});
