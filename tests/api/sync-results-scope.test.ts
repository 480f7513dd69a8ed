// The change feed and the events shown for results (/rev): every device gets every event, so a
// change on /rev reaches it, and the results of every event shown for results, which every
// signed-in user reads; the results of an event not shown reach only devices working in it.
// Showing or hiding an event changes the scope's name, so devices download their scope again.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SyncChange, SyncResponse } from '../../src/domain/schemas';
import { resultRaces } from '../../server/db/schema';
import { createEvent } from './support/factories';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

async function pullAll(agent: Agent, from = 0): Promise<{ scopeKey: string; changes: SyncChange[]; cursor: number }> {
  const changes: SyncChange[] = [];
  let cursor = from;
  for (;;) {
    const res = await agent.request({
      method: 'GET',
      url: '/api/sync/changes',
      query: { cursor: String(cursor), limit: '50' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as SyncResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { scopeKey: page.scopeKey, changes, cursor };
  }
}
const keysOf = (changes: SyncChange[], entity: string) =>
  changes
    .filter((c) => c.entity === entity && !c.deleted)
    .map((c) => c.key)
    .sort();
const showForResults = (id: string, shown: boolean) =>
  admin.request({
    method: 'PUT',
    url: '/api/events',
    payload: { data: [{ id, showForResults: shown, showForStartlists: false }] },
  });

it("sends every event, and the results of the events shown for results besides the session's own", async () => {
  const shown = await createEvent(t.db, { name: 'Last Season', year: 2025, active: false, showForResults: true });
  const hidden = await createEvent(t.db, { name: 'Not Yet', year: 2026, showForResults: false });
  const [own] = await t.db
    .insert(resultRaces)
    .values({ eventId, disciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team' })
    .returning();
  const [published] = await t.db
    .insert(resultRaces)
    .values({ eventId: shown.id, disciplineId: 2, division: 2, gender: 'Female', teamIndividual: 'Team' })
    .returning();
  await t.db
    .insert(resultRaces)
    .values({ eventId: hidden.id, disciplineId: 1, division: 3, gender: 'Female', teamIndividual: 'Team' });

  const first = await pullAll(school);
  expect(keysOf(first.changes, 'events')).toEqual([eventId, shown.id, hidden.id].sort());
  expect(keysOf(first.changes, 'resultRaces')).toEqual([own!.id, published!.id].sort());
  expect(first.scopeKey).toMatch(/\/results:[0-9a-f]{16}$/);

  // /rev shows the other event: the scope's name changes, and a download from the start has its results.
  expect((await showForResults(hidden.id, true)).statusCode).toBe(200);
  const again = await pullAll(school);
  expect(again.scopeKey).not.toBe(first.scopeKey);
  expect(keysOf(again.changes, 'resultRaces')).toHaveLength(3);

  // Hidden again: the device hears of the event's change, so it stops offering it.
  expect((await showForResults(shown.id, false)).statusCode).toBe(200);
  const delta = await pullAll(school, again.cursor);
  expect(
    delta.changes
      .filter((c) => c.entity === 'events')
      .map((c) => [c.key, (c.row as { showForResults?: boolean }).showForResults]),
  ).toEqual([[shown.id, false]]);
});

it('keeps the plain scope name while no event is shown for results', async () => {
  const { scopeKey, changes } = await pullAll(school);
  expect(scopeKey).toMatch(/^school:[0-9a-f-]+\/event:[0-9a-f-]+$/);
  expect(keysOf(changes, 'events')).toEqual([eventId]);
  const id = randomUUID();
  expect(
    (
      await admin.request({
        method: 'PUT',
        url: '/api/results',
        payload: {
          multi: true,
          racesDeleted: [],
          overallDeleted: [],
          races: [{ id, DisciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team' }],
        },
      })
    ).statusCode,
  ).toBe(200);
  expect(keysOf((await pullAll(school)).changes, 'resultRaces')).toEqual([id]);
});
