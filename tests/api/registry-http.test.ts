// The athlete registry's HTTP adapter against a stub of the service (a real HTTP server): lookups,
// batches, the search and the count; an unknown id is null (the route's 404), while a refused key,
// a 5xx, a timeout or a malformed answer is a failure (the route's 503 'Error connecting to the
// athlete registry'). Also the REGISTRY_* settings.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { loadConfig } from '../../server/config';
import { participants, teamEntries, teams, waivers } from '../../server/db/schema';
import type { Athlete } from '../../server/integrations/registry';
import { REGISTRY_BATCH, createHttpRegistry } from '../../server/integrations/registry/http';
import type { Agent } from './support/http';
import { startRegistryStub, type RegistryStub } from './support/registry-stub';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

const TIMEOUT_MS = 300;
const ava: Athlete = {
  snowId: '9105001',
  firstname: 'Ava',
  lastname: 'Alpine',
  gender: 'Female',
  dob: '2012-03-04',
  active: true,
  waiverCompleted: true,
};
const ina: Athlete = {
  snowId: '9105009',
  firstname: 'Ina',
  lastname: 'Active',
  gender: 'Female',
  dob: null,
  active: false,
  waiverCompleted: false,
};

let stub: RegistryStub;
let t: TestApp;
let admin: Agent;
let school: Agent;
let schoolId: string;
let eventId: string;
const adapter = (over: { apiKey?: string; timeoutMs?: number } = {}) =>
  createHttpRegistry({ url: stub.url, apiKey: over.apiKey ?? stub.apiKey, timeoutMs: over.timeoutMs ?? TIMEOUT_MS });

beforeAll(async () => {
  stub = await startRegistryStub();
  for (const a of [ava, ina]) stub.athletes.set(a.snowId, a);
  t = await startTestApp({ registry: () => adapter() });
  ({ admin, school, schoolId, eventId } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
afterEach(() => {
  stub.mode = 'ok';
  stub.requests.length = 0;
});

describe('the adapter', () => {
  it('looks an athlete up with the bearer key, and answers null for an unknown snow id', async () => {
    expect(await adapter().lookup(ava.snowId)).toEqual(ava);
    expect(stub.requests[0]).toMatchObject({
      method: 'GET',
      path: `/athletes/${ava.snowId}`,
      authorization: `Bearer ${stub.apiKey}`,
    });
    expect(await adapter().lookup('9100000')).toBeNull();
  });

  it('throws when the key is refused, rather than answering null', async () => {
    await expect(adapter({ apiKey: 'not-the-registry-key-000' }).lookup(ava.snowId)).rejects.toThrow(
      /API key was refused/,
    );
    await expect(adapter({ apiKey: 'not-the-registry-key-000' }).count()).rejects.toThrow(/401/);
  });

  it('throws on a 5xx, a timeout and a malformed answer', async () => {
    stub.mode = 'fail';
    await expect(adapter().lookup(ava.snowId)).rejects.toThrow(/HTTP 500/);
    stub.mode = 'malformed';
    await expect(adapter().lookupMany([ava.snowId])).rejects.toThrow(/not JSON|malformed/);
    stub.mode = 'hang';
    // The configured timeout ends the call, with the timeout's own error: a call allowed ten
    // minutes, sent first to the same silent registry, is still waiting when this one has failed.
    const stop = new AbortController();
    let patientSettled = false;
    const patient = createHttpRegistry({
      url: stub.url,
      apiKey: stub.apiKey,
      timeoutMs: 600_000,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.any([init!.signal!, stop.signal]) }),
    })
      .count()
      .finally(() => {
        patientSettled = true;
      });
    patient.catch(() => undefined);
    const timedOut = await adapter()
      .count()
      .then(
        () => null,
        (err: unknown) => err as Error,
      );
    expect(timedOut?.message).toMatch(/timed out/);
    expect((timedOut?.cause as Error | undefined)?.name).toBe('TimeoutError');
    expect(patientSettled, 'the call allowed ten minutes had ended too').toBe(false);
    stop.abort();
    await expect(patient).rejects.toThrow(/unreachable/);
  });

  it('refuses an athlete outside our bounds, or another snow id than the one asked', async () => {
    stub.athletes.set('9105002', { ...ava, snowId: '9105002', firstname: 'x'.repeat(5000) });
    stub.athletes.set('9105003', { ...ava, snowId: '9105099' });
    try {
      await expect(adapter().lookup('9105002')).rejects.toThrow(/malformed/);
      await expect(adapter().lookup('9105003')).rejects.toThrow(/another snow id/);
    } finally {
      stub.athletes.delete('9105002');
      stub.athletes.delete('9105003');
    }
  });

  it('looks many up in batches of REGISTRY_BATCH, leaving unknown ids out', async () => {
    const ids = [ava.snowId, ina.snowId, ...Array.from({ length: REGISTRY_BATCH + 10 }, (_, i) => String(9200000 + i))];
    const found = await adapter().lookupMany(ids);
    expect([...found.keys()].sort()).toEqual([ava.snowId, ina.snowId]);
    expect(found.get(ava.snowId)).toEqual(ava);
    const calls = stub.requests.filter((r) => r.path === '/athletes/lookup');
    expect(calls.map((c) => (c.body as { snowIds: string[] }).snowIds.length)).toEqual([REGISTRY_BATCH, 12]);
    expect(calls.every((c) => c.method === 'POST')).toBe(true);
  });

  it('finds athletes by names and date of birth', async () => {
    const found = await adapter().findByNames([
      { firstname: 'AVA', lastname: ' alpine', dob: '2012-03-04' },
      { firstname: 'Ava', lastname: 'Alpine', dob: '2012-03-05' },
    ]);
    expect(found).toEqual([ava]);
    expect(stub.requests[0]).toMatchObject({ method: 'POST', path: '/athletes/search' });
  });

  it('counts the athletes', async () => {
    expect(await adapter().count()).toBe(2);
  });
});

describe('the routes on the HTTP registry', () => {
  const lookup = (agent: Agent, snowId: string) => agent.request({ method: 'GET', url: `/api/snowracer/${snowId}` });

  it("answers an active athlete, without the registry's waiver", async () => {
    const res = await lookup(school, ava.snowId);
    expect(res.statusCode, res.body).toBe(200);
    const { waiverCompleted: _waiver, ...shown } = ava;
    expect(res.json()).toEqual(shown);
  });

  it.each([
    ['unknown', '9100000'],
    ['inactive', ina.snowId],
  ])("answers 404 'Snow Id not found or is inactive' for an %s id", async (_kind, snowId) => {
    const res = await lookup(school, snowId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.snowIdNotFoundOrInactive });
  });

  it('answers 404 when the registry says 404 to everything', async () => {
    stub.mode = 'notFound';
    expect((await lookup(school, ava.snowId)).statusCode).toBe(404);
  });

  it.each(['fail', 'hang', 'malformed'] as const)(
    "answers 503 'Error connecting to the athlete registry' when the registry is %s",
    async (mode) => {
      stub.mode = mode;
      for (const url of [`/api/snowracer/${ava.snowId}`, '/api/snowracer/count']) {
        const res = await admin.request({ method: 'GET', url });
        expect(res.statusCode, `${mode} ${url}`).toBe(503);
        expect(res.json()).toMatchObject({ code: 'REGISTRY_UNAVAILABLE', message: MESSAGES.registryConnectionError });
      }
    },
  );

  it('answers 503 when the server holds the wrong key', async () => {
    const wrong = await startTestApp({ registry: () => adapter({ apiKey: 'not-the-registry-key-000' }) });
    try {
      const s = await schoolInEvent(wrong);
      const res = await s.school.request({ method: 'GET', url: `/api/snowracer/${ava.snowId}` });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.registryConnectionError);
    } finally {
      await wrong.close();
    }
  });

  it('counts through the registry', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/snowracer/count' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect(stub.requests.map((r) => r.path)).toEqual(['/athletes/count']);
  });
});

describe('the import on the HTTP registry', () => {
  it('asks in one batch lookup and one search, gives the snow id and records the waiver; 503 when the registry fails', async () => {
    const [team] = await t.db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId: 1, division: 1, teamRank: 'A', gender: 'Female' })
      .returning();
    const people = await t.db
      .insert(participants)
      .values([
        { schoolId, firstname: 'Ava', lastname: 'Alpine', dob: ava.dob, gender: 'Female' },
        { schoolId, firstname: 'Ina', lastname: 'Active', dob: '2011-01-01', gender: 'Female', snowId: ina.snowId },
      ])
      .returning();
    await t.db.insert(teamEntries).values(
      people.map((p, i) => ({
        teamId: team!.id,
        eventId,
        disciplineId: 1,
        schoolId,
        participantId: p.id,
        position: i + 1,
      })),
    );

    stub.mode = 'fail';
    expect((await admin.request({ method: 'GET', url: '/api/snowracer-import' })).statusCode).toBe(503);
    expect((await t.db.select().from(participants).where(eq(participants.id, people[0]!.id)))[0]!.snowId).toBeNull();
    stub.mode = 'ok';
    stub.requests.length = 0;

    const res = await admin.request({ method: 'GET', url: '/api/snowracer-import' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ totalSnowracerUpdated: 1, totalWaiversUpdated: 1, snowracerIncorrectDOB: [] });
    expect(stub.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'POST /athletes/lookup',
      'POST /athletes/search',
    ]);
    const stored = await t.db.select().from(participants).where(eq(participants.schoolId, schoolId));
    expect(stored.find((p) => p.firstname === 'Ava')).toMatchObject({ snowId: ava.snowId, snowIdActive: 1 });
    expect(stored.find((p) => p.firstname === 'Ina')!.snowIdActive).toBe(0);
    expect(
      await t.db
        .select({ snowId: waivers.snowId, completed: waivers.completed })
        .from(waivers)
        .where(eq(waivers.schoolId, schoolId)),
    ).toEqual([{ snowId: ava.snowId, completed: 1 }]);
  });
});

describe('the REGISTRY_* settings', () => {
  const base = { DATA_DIR: '.tmp/test-data' };

  it('uses the built-in registry without REGISTRY_URL', () => {
    expect(loadConfig(base).registry).toBeNull();
  });

  it('reads the URL, the key and the timeout (5 s unless set)', () => {
    const key = 'k'.repeat(32);
    expect(
      loadConfig({ ...base, REGISTRY_URL: 'https://registry.example/api', REGISTRY_API_KEY: key }).registry,
    ).toEqual({ url: 'https://registry.example/api', apiKey: key, timeoutMs: 5000 });
    expect(
      loadConfig({ ...base, REGISTRY_URL: 'http://127.0.0.1:9000', REGISTRY_API_KEY: key, REGISTRY_TIMEOUT_MS: '800' })
        .registry?.timeoutMs,
    ).toBe(800);
  });

  it('refuses a URL without a key, a short key, and http:// to another machine', () => {
    expect(() => loadConfig({ ...base, REGISTRY_URL: 'https://registry.example' })).toThrow(
      /REGISTRY_API_KEY: must be set/,
    );
    expect(() => loadConfig({ ...base, REGISTRY_URL: 'https://registry.example', REGISTRY_API_KEY: 'short' })).toThrow(
      /REGISTRY_API_KEY/,
    );
    expect(() =>
      loadConfig({ ...base, REGISTRY_URL: 'http://registry.example', REGISTRY_API_KEY: 'k'.repeat(32) }),
    ).toThrow(/REGISTRY_URL: must be an https/);
    expect(() =>
      loadConfig({ ...base, REGISTRY_URL: 'ftp://registry.example', REGISTRY_API_KEY: 'k'.repeat(32) }),
    ).toThrow(/REGISTRY_URL/);
  });
});
