// Bad input on the reference, events, session, schools and ticketing routes: malformed JSON, wrong
// types, missing fields and non-UUID ids answer 400 naming the fields; unknown ids answer 404;
// nothing changes, and nothing is ever a 500.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDisciplines, eventStates, events, participants, sessions, teamEntries, ticketing } from '../../server/db/schema';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let school: Agent;
let eventId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ eventId, admin, school } = await schoolInEvent(t));
});
afterAll(async () => { await t?.close(); });

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
type Case = [name: string, agent: () => Agent, opts: InjectOptions | (() => InjectOptions), status: 400 | 404, fields?: string[]];
const raw = (method: 'POST' | 'PUT', url: string, body: string): InjectOptions =>
  ({ method, url, payload: body, headers: { 'content-type': 'application/json' } });
const json = (method: 'POST' | 'PUT', url: string, payload: unknown): InjectOptions => ({ method, url, payload: payload as object });
const get = (url: string): InjectOptions => ({ method: 'GET', url });

const goodEvent = () => ({
  id: randomUUID(), name: 'Bad input cup', year: 2027, level: 'Regional', invoiceType: 'NSW', registrationFee: 0,
  teamEntryFee: 0, active: true, locked: false, archived: false, volunteerLock: false, invoiceAvailable: null,
  invoiceDue: null, states: [3], showForResults: false, showForStartlists: false,
});
const goodTickets = { managerTicket1: 0, managerTicket2: 0, managerTicket3: 0, managerTicket4: 0, managerTicket5: 0, xcManagerTicketAlpine1: 0, xcManagerTicketXC1: 0 };
const goodParticipant = () => ({
  id: randomUUID(), snowId: null, firstname: 'Bad', lastname: 'Input', yearLevel: '7', gender: 'Female', dob: '2012-03-04', email: '',
});
const filter = (url: string, value: unknown) => get(`${url}?filter=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`);
const patchJson = (url: string, payload: unknown): InjectOptions => ({ method: 'PATCH', url, payload: payload as object });
const A = () => admin;
const S = () => school;

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
  ['create: missing name', A, json('POST', '/api/events', { data: [{ ...goodEvent(), name: undefined }] }), 400, ['body.data.0.name']],
  ['create: wrong types', A, json('POST', '/api/events', { data: [{ ...goodEvent(), year: 'next', active: 'yes' }] }), 400, ['body.data.0.year', 'body.data.0.active']],
  ['create: non-uuid id', A, json('POST', '/api/events', { data: [{ ...goodEvent(), id: 'tempid1' }] }), 400, ['body.data.0.id']],
  ['create: bad date', A, json('POST', '/api/events', { data: [{ ...goodEvent(), invoiceDue: '31/12/2027' }] }), 400, ['body.data.0.invoiceDue']],
  ['create: negative fee', A, json('POST', '/api/events', { data: [{ ...goodEvent(), registrationFee: -5 }] }), 400, ['body.data.0.registrationFee']],
  ['create: fee too large to store', A, json('POST', '/api/events', { data: [{ ...goodEvent(), registrationFee: 123456789012 }] }), 400],
  ['create: divisions the wrong way round', A, json('POST', '/api/events', { data: [{ ...goodEvent(), disciplines: [{ DisciplineId: 1, divisionFrom: 4, divisionTo: 2, male: true, female: true, active: true }] }] }), 400, ['body.data.0.disciplines.0.divisionTo']],
  // PostgreSQL refuses NUL in text (SQLSTATE 22021). Needs server/plugins/errors.ts to answer every
  // data exception (class 22) with 400, as it already does for 22P02, 22003, 22007 and 22008.
  ['create: NUL character in a name', A, json('POST', '/api/events', { data: [{ ...goodEvent(), name: 'Cup\u0000' }] }), 400],
  ['create: unknown state', A, json('POST', '/api/events', { data: [{ ...goodEvent(), states: [99] }] }), 400, ['body.data.0.states.0']],
  // PUT /api/events
  ['update: malformed JSON', A, raw('PUT', '/api/events', '{"data": ]'), 400],
  ['update: no data', A, json('PUT', '/api/events', { rows: [] }), 400, ['body.data']],
  ['update: non-uuid id', A, json('PUT', '/api/events', { data: [{ id: 'tempid', name: 'X' }] }), 400, ['body.data.0.id']],
  ['update: wrong types', A, json('PUT', '/api/events', { data: [{ id: randomUUID(), locked: 'yes', level: 'Galactic' }] }), 400, ['body.data.0.locked', 'body.data.0.level']],
  ['update: /rev flag not a boolean', A, json('PUT', '/api/events', { data: [{ id: randomUUID(), showForResults: 1, showForStartlists: true }] }), 400, ['body.data.0.showForResults']],
  ['update: same event twice', A, () => json('PUT', '/api/events', { data: [{ id: eventId, name: 'a' }, { id: eventId, name: 'b' }] }), 400, ['body.data.1.id']],
  ['update: unknown id', A, json('PUT', '/api/events', { data: [{ id: randomUUID(), name: 'Ghost' }] }), 404],
  // GET /api/event/:EventId and its disciplines
  ['event: non-uuid id', S, get('/api/event/42'), 400, ['params.EventId']],
  ['event: unknown id', S, get(`/api/event/${randomUUID()}`), 404],
  ['event disciplines: non-uuid id', S, get('/api/event/tempid/disciplines'), 400, ['params.EventId']],
  ['event disciplines: unknown id', S, get(`/api/event/${randomUUID()}/disciplines`), 404],
  // POST /api/session
  ['session: malformed JSON', A, raw('POST', '/api/session/', '{SchoolId: 1}'), 400],
  ['session: missing fields', A, json('POST', '/api/session/', {}), 400, ['body.SchoolId', 'body.EventId']],
  ['session: non-uuid ids', A, json('POST', '/api/session/', { SchoolId: 7, EventId: 'abc' }), 400, ['body.SchoolId', 'body.EventId']],
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
  ['ticketing: missing fields', S, json('POST', '/api/ticketings', { ticketing: { managerTicket1: 1 } }), 400, ['body.ticketing.managerTicket2']],
  ['ticketing: wrong types', S, json('POST', '/api/ticketings', { ticketing: { ...goodTickets, managerTicket1: 'two', managerTicket2: -1, managerTicket3: 1.5 } }), 400, ['body.ticketing.managerTicket1', 'body.ticketing.managerTicket2', 'body.ticketing.managerTicket3']],
  ['ticketing: too large to store', A, json('POST', '/api/ticketings', { ticketing: { ...goodTickets, noAvailableTeamManagerPasses: 1e12 } }), 400],
  ['ticketing: bad idempotency headers', S, { ...json('POST', '/api/ticketings', { ticketing: goodTickets }), headers: { 'x-client-id': 'device-1', 'x-client-seq': '1' } }, 400],
  // GET /api/v2/participants
  ['participants: filter not JSON', S, filter('/api/v2/participants', '{where:'), 400, ['querystring.filter']],
  ['participants: archived not a flag', S, filter('/api/v2/participants', { where: { archived: 2 } }), 400, ['querystring.filter.where.archived']],
  ['participants: non-uuid SchoolId', A, filter('/api/v2/participants', { where: { SchoolId: 7 } }), 400, ['querystring.filter.where.SchoolId']],
  ['participants: unknown order field', S, filter('/api/v2/participants', { order: 'password DESC' }), 400, ['querystring.filter.order']],
  ['participants: unknown include', S, filter('/api/v2/participants', { include: ['Secrets'] }), 400, ['querystring.filter.include.0']],
  // POST /api/v2/participants
  ['participant create: malformed JSON', S, raw('POST', '/api/v2/participants', '{"id": '), 400],
  ['participant create: missing fields', S, json('POST', '/api/v2/participants', { id: randomUUID() }), 400, ['body.firstname', 'body.lastname', 'body.yearLevel', 'body.gender']],
  ['participant create: non-uuid id', S, json('POST', '/api/v2/participants', { ...goodParticipant(), id: 'tempid1' }), 400, ['body.id']],
  ['participant create: bad date', S, json('POST', '/api/v2/participants', { ...goodParticipant(), dob: '31/12/2012' }), 400, ['body.dob']],
  ['participant create: impossible date', S, json('POST', '/api/v2/participants', { ...goodParticipant(), dob: '2012-02-31' }), 400, ['body.dob']],
  ['participant create: bad email and year level', S, json('POST', '/api/v2/participants', { ...goodParticipant(), email: 'nope', yearLevel: '13' }), 400, ['body.email', 'body.yearLevel']],
  ['participant create: empty snow id', S, json('POST', '/api/v2/participants', { ...goodParticipant(), snowId: '  ' }), 400, ['body.snowId']],
  ['participant create: version not a number', S, json('POST', '/api/v2/participants', { ...goodParticipant(), version: 'one' }), 400, ['body.version']],
  ['participant create: NUL character in a name', S, json('POST', '/api/v2/participants', { ...goodParticipant(), firstname: 'Bad\u0000' }), 400],
  // PATCH /api/v2/participants/:id
  ['participant patch: non-uuid id', S, patchJson('/api/v2/participants/42', { firstname: 'X' }), 400, ['params.id']],
  ['participant patch: unknown id', S, patchJson(`/api/v2/participants/${randomUUID()}`, { firstname: 'X' }), 404],
  ['participant patch: wrong types', S, patchJson(`/api/v2/participants/${randomUUID()}`, { archived: 2, firstname: 5 }), 400, ['body.archived', 'body.firstname']],
  ['participant patch: malformed JSON', S, { method: 'PATCH', url: `/api/v2/participants/${randomUUID()}`, payload: '{"a":', headers: { 'content-type': 'application/json' } }, 400],
  // PUT /api/v2/participants
  ['participants save: no participants', S, json('PUT', '/api/v2/participants', { rows: [] }), 400, ['body.participants']],
  ['participants save: not a list', S, json('PUT', '/api/v2/participants', { participants: 'all' }), 400, ['body.participants']],
  ['participants save: bad row', S, json('PUT', '/api/v2/participants', { participants: [goodParticipant(), { ...goodParticipant(), gender: 'X' }] }), 400, ['body.participants.1.gender']],
  // Team entries
  ['participant entries: non-uuid id', S, get('/api/v2/participants/abc/team-entries'), 400, ['params.id']],
  ['participant entries: unknown id', S, get(`/api/v2/participants/${randomUUID()}/team-entries`), 404],
  ['team entries: filter not JSON', S, filter('/api/v2/team-entries', 'nope'), 400, ['querystring.filter']],
  ['team entries: non-uuid TeamId', S, filter('/api/v2/team-entries', { where: { TeamId: 3 } }), 400, ['querystring.filter.where.TeamId']],
  ['team entry delete: non-uuid id', S, { method: 'DELETE', url: '/api/v2/team-entries/7' }, 400, ['params.id']],
  ['team entry delete: unknown id', S, { method: 'DELETE', url: `/api/v2/team-entries/${randomUUID()}` }, 404],
  ['school event participants: non-uuid ids', A, get('/api/schools/1/events/2/participants'), 400, ['params.SchoolId', 'params.EventId']],
  ['school event participants: unknown school', A, () => get(`/api/schools/${randomUUID()}/events/${eventId}/participants`), 404],
  // Registry
  ['snowracer: blank snow id', S, get('/api/snowracer/%20'), 400, ['params.snowId']],
  ['snowracer: unknown snow id', S, get('/api/snowracer/NOPE-0'), 404],
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
