// The typed call (src/api/route-call.ts) against the real server: the path filled from the route's
// params, the query sent as the route reads it, the body sent as typed, the answer parsed by the
// route's response schema, and an answer of another shape reported as unreadable, not passed on.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callRoute, routePath } from '../../src/api/route-call';
import { eventsApi } from '../../src/domain/schemas/api/events';
import { participantsApi } from '../../src/domain/schemas/api/participants';
import { teamManagersApi } from '../../src/domain/schemas/api/team-managers';
import { teamsApi } from '../../src/domain/schemas/api/teams';
import { defineRoute } from '../../src/domain/schemas/route';
import { WRITE_HEADERS } from '../../src/domain/schemas/api/sync';
import { connectPagesTo, type SentRequest } from './support/pages';
import { world, type World } from './sync-support';

let w: World;
const sent: SentRequest[] = [];

beforeAll(async () => {
  w = await world();
  connectPagesTo(w.baseUrl, w.jar, sent);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await w.close();
});

it('fills the path from the params, escaping what a path cannot hold', () => {
  expect(routePath(teamsApi.grouped, { params: { SchoolId: 'a/b', EventId: 'c d' } })).toBe(
    '/api/teams/grouped/a%2Fb/c%20d',
  );
  expect(routePath(participantsApi.list, { query: { filter: JSON.stringify({ where: { archived: 0 } }) } })).toBe(
    `/api/v2/participants?filter=${encodeURIComponent('{"where":{"archived":0}}')}`,
  );
  expect(() => routePath(teamsApi.grouped, { params: { SchoolId: 'x' } })).toThrow(/EventId/);
});

it("reads the school's teams through the filled path, parsed by the route's schema", async () => {
  sent.length = 0;
  const answer = await callRoute(teamsApi.grouped, { params: { SchoolId: w.schoolId, EventId: w.eventId } });
  expect(answer?.status).toBe(200);
  expect(Array.isArray(answer?.data)).toBe(true);
  expect(sent).toEqual([
    expect.objectContaining({ method: 'GET', path: `/api/teams/grouped/${w.schoolId}/${w.eventId}` }),
  ]);
});

it('saves a team manager with the typed body and reads it back with the query the route takes', async () => {
  const id = crypto.randomUUID();
  const saved = await callRoute(teamManagersApi.save, {
    body: {
      multi: true,
      teamManagers: [{ id, firstname: 'Typed', lastname: 'Call', mobile: '0400 000 000', seasonPass: '0' }],
      teamManagersDeleted: [],
    },
    headers: { [WRITE_HEADERS.idempotencyKey]: crypto.randomUUID() },
  });
  expect(saved?.status, JSON.stringify(saved?.body)).toBe(200);
  expect(saved?.data).toEqual([
    expect.objectContaining({ id, firstname: 'Typed', lastname: 'Call', SchoolId: w.schoolId }),
  ]);

  const listed = await callRoute(teamManagersApi.list, {
    query: { filter: JSON.stringify({ where: { SchoolId: w.schoolId } }) },
  });
  expect(listed?.data?.map((m) => `${m.firstname} ${m.lastname}`)).toEqual(['Typed Call']);
  expect(sent.at(-1)?.search).toBe(
    `?filter=${encodeURIComponent(JSON.stringify({ where: { SchoolId: w.schoolId } }))}`,
  );
});

it('says an answer of another shape is unreadable instead of passing it on', async () => {
  const narrower = defineRoute({ ...eventsApi.list, response: z.array(z.object({ notAnEventField: z.string() })) });
  const answer = await callRoute(narrower, {});
  expect(answer?.status).toBe(200);
  expect(answer?.data).toBeUndefined();
  expect(answer?.unreadable).toBe(true);
});

it('answers null when the server cannot be reached', async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
  expect(await callRoute(eventsApi.list, {})).toBeNull();
  connectPagesTo(w.baseUrl, w.jar, sent);
});
