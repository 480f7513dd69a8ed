// Bad input on the reference, events, session, schools and ticketing routes: malformed JSON, wrong
// types, missing fields and non-UUID ids answer 400 naming the fields; unknown ids answer 404;
// nothing changes, and nothing is ever a 500. Then the input bounds (constants/limits): text
// longer than its field allows, snow ids that are not digits (refused before the registry is
// asked), bodies over the route's size (413) and JSON nested too deep (400, before any handler).
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BATCH_BODY_BYTES,
  MAX_BODY_BYTES,
  MAX_EMAIL_LENGTH,
  MAX_FILTER_LENGTH,
  MAX_JSON_DEPTH,
  MAX_PERSON_NAME_LENGTH,
} from '../../src/domain/constants/limits';
import {
  eventDisciplines,
  eventStates,
  events,
  participants,
  sessions,
  teamEntries,
  ticketing,
} from '../../server/db/schema';
import { createBuiltInRegistry } from '../../server/integrations/registry';
import type { Agent } from './support/http';
import { managerTickets, schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let school: Agent;
let eventId: string;
/** Every snow id the athlete registry was asked about. */
const lookups: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    registry: (db) => {
      const registry = createBuiltInRegistry(db);
      return {
        ...registry,
        lookup: (snowId) => {
          lookups.push(snowId);
          return registry.lookup(snowId);
        },
      };
    },
  });
  ({ eventId, admin, school } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
});

/** Everything a bad request could have changed. */
const snapshot = async () => ({
  events: await t.db.select().from(events),
  states: await t.db.select().from(eventStates),
  disciplines: await t.db.select().from(eventDisciplines),
  ticketing: await t.db.select().from(ticketing),
  participants: await t.db.select().from(participants),
  teamEntries: await t.db.select().from(teamEntries),
  sessions: (await t.db.select().from(sessions)).map(({ lastSeenAt: _seen, ...s }) => s),
});

/** opts may be a function when it needs ids made in beforeAll. */
type Case = [
  name: string,
  agent: () => Agent,
  opts: InjectOptions | (() => InjectOptions),
  status: 400 | 404,
  fields?: string[],
];
const raw = (method: 'POST' | 'PUT', url: string, body: string): InjectOptions => ({
  method,
  url,
  payload: body,
  headers: { 'content-type': 'application/json' },
});
const json = (method: 'POST' | 'PUT', url: string, payload: unknown): InjectOptions => ({
  method,
  url,
  payload: payload as object,
});
const get = (url: string): InjectOptions => ({ method: 'GET', url });

const goodEvent = () => ({
  id: randomUUID(),
  name: 'Bad input cup',
  year: 2027,
  level: 'Regional',
  invoiceType: 'NSW',
  registrationFee: 0,
  teamEntryFee: 0,
  active: true,
  locked: false,
  archived: false,
  volunteerLock: false,
  invoiceAvailable: null,
  invoiceDue: null,
  states: [3],
  showForResults: false,
  showForStartlists: false,
});
const goodTickets = managerTickets();
const goodParticipant = () => ({
  id: randomUUID(),
  snowId: null,
  firstname: 'Bad',
  lastname: 'Input',
  yearLevel: '7',
  gender: 'Female',
  dob: '2012-03-04',
  email: '',
});
const filter = (url: string, value: unknown) =>
  get(`${url}?filter=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`);
const patchJson = (url: string, payload: unknown): InjectOptions => ({
  method: 'PATCH',
  url,
  payload: payload as object,
});
const A = () => admin;
const S = () => school;
/** Signed out. */
const N = (): Agent => ({ cookie: '', request: (opts) => t.app.inject(opts) });

const CASES: Case[] = [
  // GET /api/events
  ['events: active not a boolean', S, get('/api/events?active=yes'), 400, ['querystring.active']],
  ['events: stateId not a number', S, get('/api/events?stateId=abc'), 400, ['querystring.stateId']],
  ['events: stateId beyond any integer column', S, get('/api/events?stateId=99999999999'), 400],
  ['events: unknown level', S, get('/api/events?level=Galactic'), 400, ['querystring.level']],
  // POST /api/events
  ['create: malformed JSON', A, raw('POST', '/api/events', '{"data": [{'), 400],
  ['create: empty JSON body', A, raw('POST', '/api/events', ''), 400],
  ['create: no data', A, json('POST', '/api/events', {}), 400, ['body.data']],
  ['create: empty data', A, json('POST', '/api/events', { data: [] }), 400, ['body.data']],
  ['create: data not a list', A, json('POST', '/api/events', { data: 'events' }), 400, ['body.data']],
  [
    'create: missing name',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), name: undefined }] }),
    400,
    ['body.data.0.name'],
  ],
  [
    'create: wrong types',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), year: 'next', active: 'yes' }] }),
    400,
    ['body.data.0.year', 'body.data.0.active'],
  ],
  [
    'create: non-uuid id',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), id: 'tempid1' }] }),
    400,
    ['body.data.0.id'],
  ],
  [
    'create: bad date',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), invoiceDue: '31/12/2027' }] }),
    400,
    ['body.data.0.invoiceDue'],
  ],
  [
    'create: negative fee',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), registrationFee: -5 }] }),
    400,
    ['body.data.0.registrationFee'],
  ],
  [
    'create: fee too large to store',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), registrationFee: 123456789012 }] }),
    400,
  ],
  [
    'create: divisions the wrong way round',
    A,
    json('POST', '/api/events', {
      data: [
        {
          ...goodEvent(),
          disciplines: [{ DisciplineId: 1, divisionFrom: 4, divisionTo: 2, male: true, female: true, active: true }],
        },
      ],
    }),
    400,
    ['body.data.0.disciplines.0.divisionTo'],
  ],
  // PostgreSQL refuses NUL in text (SQLSTATE 22021). Needs server/plugins/errors.ts to answer every
  // data exception (class 22) with 400, as it already does for 22P02, 22003, 22007 and 22008.
  [
    'create: NUL character in a name',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), name: 'Cup\u0000' }] }),
    400,
  ],
  [
    'create: unknown state',
    A,
    json('POST', '/api/events', { data: [{ ...goodEvent(), states: [99] }] }),
    400,
    ['body.data.0.states.0'],
  ],
  // PUT /api/events
  ['update: malformed JSON', A, raw('PUT', '/api/events', '{"data": ]'), 400],
  ['update: no data', A, json('PUT', '/api/events', { rows: [] }), 400, ['body.data']],
  [
    'update: non-uuid id',
    A,
    json('PUT', '/api/events', { data: [{ id: 'tempid', name: 'X' }] }),
    400,
    ['body.data.0.id'],
  ],
  [
    'update: wrong types',
    A,
    json('PUT', '/api/events', { data: [{ id: randomUUID(), locked: 'yes', level: 'Galactic' }] }),
    400,
    ['body.data.0.locked', 'body.data.0.level'],
  ],
  [
    'update: /rev flag not a boolean',
    A,
    json('PUT', '/api/events', { data: [{ id: randomUUID(), showForResults: 1, showForStartlists: true }] }),
    400,
    ['body.data.0.showForResults'],
  ],
  [
    'update: same event twice',
    A,
    () =>
      json('PUT', '/api/events', {
        data: [
          { id: eventId, name: 'a' },
          { id: eventId, name: 'b' },
        ],
      }),
    400,
    ['body.data.1.id'],
  ],
  ['update: unknown id', A, json('PUT', '/api/events', { data: [{ id: randomUUID(), name: 'Ghost' }] }), 404],
  // GET /api/event/:EventId and its disciplines
  ['event: non-uuid id', S, get('/api/event/42'), 400, ['params.EventId']],
  ['event: unknown id', S, get(`/api/event/${randomUUID()}`), 404],
  ['event disciplines: non-uuid id', S, get('/api/event/tempid/disciplines'), 400, ['params.EventId']],
  ['event disciplines: unknown id', S, get(`/api/event/${randomUUID()}/disciplines`), 404],
  // The router's own refusals, in the common error body (plugins/input-limits frameworkErrors)
  ['event: id not valid percent-encoding', S, get('/api/event/%zz'), 400],
  ['event: id longer than any path parameter', S, get(`/api/event/${'a'.repeat(101)}`), 400],
  // POST /api/session
  ['session: malformed JSON', A, raw('POST', '/api/session/', '{SchoolId: 1}'), 400],
  ['session: missing fields', A, json('POST', '/api/session/', {}), 400, ['body.SchoolId', 'body.EventId']],
  [
    'session: non-uuid ids',
    A,
    json('POST', '/api/session/', { SchoolId: 7, EventId: 'abc' }),
    400,
    ['body.SchoolId', 'body.EventId'],
  ],
  ['session: unknown school', A, json('POST', '/api/session/', { SchoolId: randomUUID(), EventId: 0 }), 404],
  ['session: unknown event', A, json('POST', '/api/session/', { SchoolId: 0, EventId: randomUUID() }), 404],
  // Schools
  ['school list: non-uuid event', A, get('/api/school/list?EventId=3'), 400, ['querystring.EventId']],
  ['school list: unknown event', A, get(`/api/school/list?EventId=${randomUUID()}`), 404],
  ['school: non-uuid id', A, get('/api/school/abc'), 400, ['params.SchoolId']],
  ['school: unknown id', A, get(`/api/school/${randomUUID()}`), 404],
  // POST /api/ticketings
  ['ticketing: malformed JSON', S, raw('POST', '/api/ticketings', '{"ticketing": {"managerTicket1": }'), 400],
  ['ticketing: missing ticketing', S, json('POST', '/api/ticketings', { managerTicket1: 1 }), 400, ['body.ticketing']],
  [
    'ticketing: missing fields',
    S,
    json('POST', '/api/ticketings', { ticketing: { managerTicket1: 1 } }),
    400,
    ['body.ticketing.managerTicket2'],
  ],
  [
    'ticketing: wrong types',
    S,
    json('POST', '/api/ticketings', {
      ticketing: { ...goodTickets, managerTicket1: 'two', managerTicket2: -1, managerTicket3: 1.5 },
    }),
    400,
    ['body.ticketing.managerTicket1', 'body.ticketing.managerTicket2', 'body.ticketing.managerTicket3'],
  ],
  [
    'ticketing: too large to store',
    A,
    json('POST', '/api/ticketings', { ticketing: { ...goodTickets, noAvailableTeamManagerPasses: 1e12 } }),
    400,
  ],
  [
    'ticketing: bad idempotency headers',
    S,
    {
      ...json('POST', '/api/ticketings', { ticketing: goodTickets }),
      headers: { 'x-client-id': 'device-1', 'x-client-seq': '1' },
    },
    400,
  ],
  // GET /api/v2/participants
  ['participants: filter not JSON', S, filter('/api/v2/participants', '{where:'), 400, ['querystring.filter']],
  [
    'participants: archived not a flag',
    S,
    filter('/api/v2/participants', { where: { archived: 2 } }),
    400,
    ['querystring.filter.where.archived'],
  ],
  [
    'participants: non-uuid SchoolId',
    A,
    filter('/api/v2/participants', { where: { SchoolId: 7 } }),
    400,
    ['querystring.filter.where.SchoolId'],
  ],
  [
    'participants: unknown order field',
    S,
    filter('/api/v2/participants', { order: 'password DESC' }),
    400,
    ['querystring.filter.order'],
  ],
  [
    'participants: unknown include',
    S,
    filter('/api/v2/participants', { include: ['Secrets'] }),
    400,
    ['querystring.filter.include.0'],
  ],
  [
    'participants: filter too long',
    S,
    filter('/api/v2/participants', { where: { archived: 0 }, order: 'x'.repeat(MAX_FILTER_LENGTH) }),
    400,
    ['querystring.filter'],
  ],
  [
    'participants: snow id filter with letters',
    S,
    filter('/api/v2/participants', { where: { snowId: 'SR1' } }),
    400,
    ['querystring.filter.where.snowId'],
  ],
  [
    'participants: too many order terms',
    S,
    filter('/api/v2/participants', { order: Array.from({ length: 50 }, () => 'lastname') }),
    400,
    ['querystring.filter.order'],
  ],
  // POST /api/v2/participants
  ['participant create: malformed JSON', S, raw('POST', '/api/v2/participants', '{"id": '), 400],
  [
    'participant create: missing fields',
    S,
    json('POST', '/api/v2/participants', { id: randomUUID() }),
    400,
    ['body.firstname', 'body.lastname', 'body.yearLevel', 'body.gender'],
  ],
  [
    'participant create: non-uuid id',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), id: 'tempid1' }),
    400,
    ['body.id'],
  ],
  [
    'participant create: bad date',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), dob: '31/12/2012' }),
    400,
    ['body.dob'],
  ],
  [
    'participant create: impossible date',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), dob: '2012-02-31' }),
    400,
    ['body.dob'],
  ],
  [
    'participant create: bad email and year level',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), email: 'nope', yearLevel: '13' }),
    400,
    ['body.email', 'body.yearLevel'],
  ],
  [
    'participant create: empty snow id',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), snowId: '  ' }),
    400,
    ['body.snowId'],
  ],
  [
    'participant create: version not a number',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), version: 'one' }),
    400,
    ['body.version'],
  ],
  [
    'participant create: NUL character in a name',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), firstname: 'Bad\u0000' }),
    400,
  ],
  [
    'participant create: snow id with letters',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), snowId: 'SR4001' }),
    400,
    ['body.snowId'],
  ],
  [
    'participant create: snow id too long',
    S,
    json('POST', '/api/v2/participants', { ...goodParticipant(), snowId: '1234567890123' }),
    400,
    ['body.snowId'],
  ],
  [
    'participant create: names too long',
    S,
    json('POST', '/api/v2/participants', {
      ...goodParticipant(),
      firstname: 'A'.repeat(MAX_PERSON_NAME_LENGTH + 1),
      lastname: 'é'.repeat(5000),
    }),
    400,
    ['body.firstname', 'body.lastname'],
  ],
  [
    'participant create: email too long',
    S,
    json('POST', '/api/v2/participants', {
      ...goodParticipant(),
      email: `${'a'.repeat(MAX_EMAIL_LENGTH)}@example.test`,
    }),
    400,
    ['body.email'],
  ],
  // PATCH /api/v2/participants/:id
  ['participant patch: non-uuid id', S, patchJson('/api/v2/participants/42', { firstname: 'X' }), 400, ['params.id']],
  ['participant patch: unknown id', S, patchJson(`/api/v2/participants/${randomUUID()}`, { firstname: 'X' }), 404],
  [
    'participant patch: wrong types',
    S,
    patchJson(`/api/v2/participants/${randomUUID()}`, { archived: 2, firstname: 5 }),
    400,
    ['body.archived', 'body.firstname'],
  ],
  [
    'participant patch: snow id with letters',
    S,
    patchJson(`/api/v2/participants/${randomUUID()}`, { snowId: 'abc123' }),
    400,
    ['body.snowId'],
  ],
  [
    'participant patch: NUL in snow id',
    S,
    patchJson(`/api/v2/participants/${randomUUID()}`, { snowId: '4100\u000052' }),
    400,
    ['body.snowId'],
  ],
  [
    'participant patch: malformed JSON',
    S,
    {
      method: 'PATCH',
      url: `/api/v2/participants/${randomUUID()}`,
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    },
    400,
  ],
  // PUT /api/v2/participants
  [
    'participants save: no participants',
    S,
    json('PUT', '/api/v2/participants', { rows: [] }),
    400,
    ['body.participants'],
  ],
  [
    'participants save: not a list',
    S,
    json('PUT', '/api/v2/participants', { participants: 'all' }),
    400,
    ['body.participants'],
  ],
  [
    'participants save: snow id with letters',
    S,
    json('PUT', '/api/v2/participants', {
      participants: [goodParticipant(), { ...goodParticipant(), snowId: 'SR1001' }],
    }),
    400,
    ['body.participants.1.snowId'],
  ],
  [
    'participants save: bad row',
    S,
    json('PUT', '/api/v2/participants', { participants: [goodParticipant(), { ...goodParticipant(), gender: 'X' }] }),
    400,
    ['body.participants.1.gender'],
  ],
  // Team entries
  ['participant entries: non-uuid id', S, get('/api/v2/participants/abc/team-entries'), 400, ['params.id']],
  ['participant entries: unknown id', S, get(`/api/v2/participants/${randomUUID()}/team-entries`), 404],
  ['team entries: filter not JSON', S, filter('/api/v2/team-entries', 'nope'), 400, ['querystring.filter']],
  [
    'team entries: non-uuid TeamId',
    S,
    filter('/api/v2/team-entries', { where: { TeamId: 3 } }),
    400,
    ['querystring.filter.where.TeamId'],
  ],
  ['team entry delete: non-uuid id', S, { method: 'DELETE', url: '/api/v2/team-entries/7' }, 400, ['params.id']],
  ['team entry delete: unknown id', S, { method: 'DELETE', url: `/api/v2/team-entries/${randomUUID()}` }, 404],
  [
    'school event participants: non-uuid ids',
    A,
    get('/api/schools/1/events/2/participants'),
    400,
    ['params.SchoolId', 'params.EventId'],
  ],
  [
    'school event participants: unknown school',
    A,
    () => get(`/api/schools/${randomUUID()}/events/${eventId}/participants`),
    404,
  ],
  // Registry
  ['snowracer: blank snow id', S, get('/api/snowracer/%20'), 400, ['params.snowId']],
  ['snowracer: unknown snow id', S, get('/api/snowracer/999999999'), 404],
  ['snowracer: NUL character', S, get('/api/snowracer/%00'), 400, ['params.snowId']],
  ['snowracer: letters', S, get('/api/snowracer/SR4001'), 400, ['params.snowId']],
  ['snowracer: negative number', A, get('/api/snowracer/-410052'), 400, ['params.snowId']],
  ['snowracer: too many digits', A, get(`/api/snowracer/${'4'.repeat(13)}`), 400, ['params.snowId']],
  ['snowracer: unicode digits', S, get(`/api/snowracer/${encodeURIComponent('٤١٠٠٥٢')}`), 400, ['params.snowId']],
  // POST /api/login (public)
  [
    'login: username too long',
    N,
    json('POST', '/api/login', { username: `${'u'.repeat(10_000)}@example.test`, password: 'whatever-it-is' }),
    400,
    ['body.username'],
  ],
  [
    'login: password too long',
    N,
    json('POST', '/api/login', { username: 'someone@example.test', password: 'p'.repeat(10_000) }),
    400,
    ['body.password'],
  ],
  // Sync
  ['sync: cursor not a number', S, get('/api/sync/changes?cursor=abc'), 400, ['querystring.cursor']],
  ['sync: negative cursor', S, get('/api/sync/changes?cursor=-5'), 400, ['querystring.cursor']],
  ['sync: limit out of range', S, get('/api/sync/changes?limit=0'), 400, ['querystring.limit']],
  ['sync: limit too large', S, get('/api/sync/changes?limit=99999'), 400, ['querystring.limit']],
];

describe('bad input', () => {
  it.each(CASES)('%s', async (_name, agent, optsOrFn, status, fields) => {
    const opts = typeof optsOrFn === 'function' ? optsOrFn() : optsOrFn;
    const before = await snapshot();
    const res = await agent().request(opts);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: status, code: status === 400 ? 'VALIDATION' : 'NOT_FOUND' });
    expect(typeof body.message).toBe('string');
    for (const path of fields ?? []) {
      const field = (body.fields ?? []).find((f: { path: string }) => f.path === path);
      expect(field, `field ${path} in ${res.body}`).toBeTruthy();
      expect(field.message.length).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** The common error body, with its code. */
function expectErrorBody(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.json()).toMatchObject({
    statusCode: status,
    code,
    error: expect.any(String),
    message: expect.any(String),
  });
}
/** `[[[...0...]]]`, `depth` levels deep. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;
/** `{"a":{"a":...{}...}}`, `depth` levels deep. */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const rawJson = (method: InjectOptions['method'], url: string, payload: string): InjectOptions => ({
  method,
  url,
  payload,
  headers: { 'content-type': 'application/json' },
});

describe('the three defects measured from outside', () => {
  it('answers a 1 MB username with 413 and the common error body, not 500', async () => {
    const before = await snapshot();
    const res = await t.app.inject(
      json('POST', '/api/login', { username: 'u'.repeat(1024 * 1024), password: 'whatever-it-is' }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expectErrorBody(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });

  it('answers GET /api/snowracer/%00 with 400 without asking the registry', async () => {
    lookups.length = 0;
    for (const agent of [school, admin]) {
      const res = await agent.request(get('/api/snowracer/%00'));
      expect(res.statusCode, res.body).toBe(400);
      expectErrorBody(res, 400, 'VALIDATION');
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'params.snowId' })]);
    }
    expect(lookups).toEqual([]);
    // A well-formed id does reach it (so the spy above would have seen a call).
    await school.request(get('/api/snowracer/410052'));
    expect(lookups).toEqual(['410052']);
  });

  it('refuses snow ids with letters in bodies before asking the registry', async () => {
    lookups.length = 0;
    const before = await snapshot();
    const bodies: InjectOptions[] = [
      json('POST', '/api/v2/participants', { ...goodParticipant(), snowId: 'SR4001' }),
      json('PUT', '/api/v2/participants', { participants: [{ ...goodParticipant(), snowId: '4100x2' }] }),
      patchJson(`/api/v2/participants/${randomUUID()}`, { snowId: '%00' }),
    ];
    for (const opts of bodies) expect((await school.request(opts)).statusCode).toBe(400);
    expect(lookups).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a 3 MB, 20,000-deep PATCH body with 413 before any handler', async () => {
    const before = await snapshot();
    const deep = `{"firstname":${nestedArrays(20_000)},"lastname":"${'x'.repeat(3 * 1024 * 1024)}"}`;
    const res = await school.request(rawJson('PATCH', `/api/v2/participants/${randomUUID()}`, deep));
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });
});

describe('body size (bodyLimit per route)', () => {
  it('refuses a body just over the default limit on an ordinary route', async () => {
    const res = await school.request(
      rawJson('POST', '/api/ticketings', JSON.stringify({ ticketing: { pad: 'x'.repeat(MAX_BODY_BYTES) } })),
    );
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('lets a batch save take more than the default, up to its own limit', async () => {
    const rows = Array.from({ length: 1500 }, () => ({ ...goodParticipant(), gender: 'X' }));
    const big = JSON.stringify({ participants: rows });
    expect(big.length).toBeGreaterThan(MAX_BODY_BYTES);
    const read = await school.request(rawJson('PUT', '/api/v2/participants', big));
    expect(read.statusCode).toBe(400); // parsed and validated: every row has a bad gender
    expect(read.json().code).toBe('VALIDATION');
    const tooBig = await school.request(
      rawJson(
        'PUT',
        '/api/v2/participants',
        JSON.stringify({ participants: [], pad: 'x'.repeat(MAX_BATCH_BODY_BYTES) }),
      ),
    );
    expect(tooBig.statusCode).toBe(413);
    expectErrorBody(tooBig, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a too-large body sent without a content-length as it arrives', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Buffer.from(JSON.stringify({ username: 'x'.repeat(MAX_BODY_BYTES), password: 'p' })),
    });
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('JSON nesting depth', () => {
  it.each([
    ['arrays', nestedArrays(20_000)],
    ['objects', nestedObjects(20_000)],
    ['one level too deep', `{"firstname":${nestedArrays(MAX_JSON_DEPTH)}}`],
  ])('refuses %s nested deeper than the limit with 400, before any handler', async (_name, body) => {
    const before = await snapshot();
    for (const agent of [school, N()]) {
      const res = await agent.request(rawJson('PATCH', `/api/v2/participants/${randomUUID()}`, body));
      expect(res.statusCode).toBe(400);
      expectErrorBody(res, 400, 'VALIDATION');
      expect(res.json().message).toMatch(/nested more than \d+ levels/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('parses a body exactly at the limit (the schema then judges it)', async () => {
    const res = await school.request(
      rawJson('PATCH', `/api/v2/participants/${randomUUID()}`, `{"firstname":${nestedArrays(MAX_JSON_DEPTH - 1)}}`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'body.firstname' })]);
  });

  it('does not count brackets inside strings', async () => {
    const name = `${'['.repeat(100)}{"}`;
    const res = await school.request(
      rawJson('PATCH', `/api/v2/participants/${randomUUID()}`, JSON.stringify({ firstname: name })),
    );
    expect(res.statusCode).toBe(400); // 'firstname' is too long, not nested too deep
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'body.firstname' })]);
  });

  it('keeps the prototype-poisoning protection of the default parser', async () => {
    for (const body of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const res = await school.request(rawJson('POST', '/api/ticketings', body));
      expect(res.statusCode).toBe(400);
      expectErrorBody(res, 400, 'VALIDATION');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
