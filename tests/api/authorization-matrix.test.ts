// The authorisation matrix (server/README.md 'Authorisation'): every route the app registers has a row
// here, with the request to make. What each kind of caller gets follows from who may call the
// route as its contract route declares (`access`): its callers succeed, other signed-in users are
// refused (403) and the signed out are told to sign in (401). A row says otherwise only where the
// request is let past the check and refused for its data ('reached'), and for the few routes
// outside the contract. A route without a row fails the first test, so a new route cannot ship
// without its row. The same calls inside a batch of queued writes meet the same checks,
// and a batch may carry only the queued ones. Also: a school never reads or writes another school's rows.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_LETTERS } from '../../src/domain/constants';
import { everyContractRoute } from '../../src/domain/schemas';
import type { RouteAccess } from '../../src/domain/schemas/route';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { events, participants, registryAthletes, teamEntries, teams, ticketing } from '../../server/db/schema';
import { PASSWORD, createEvent, createSchool, createUser, registrationForm } from './support/factories';
import { signIn, type Agent } from './support/http';
import { ODD_TARGETS, listenOnLoopback, rawRequest, withTrailingSlash } from './support/request-targets';
import { registeredRoutes } from './support/routes';
import {
  CONTRACT_UNQUEUED_WRITES,
  QUEUED_ROUTES,
  WRITE_METHODS,
  appliedState,
  batchWrite,
  envelopeTakes,
  sendBatch,
  type BatchAnswers,
  type BatchWrite,
} from './support/batch';
import { managerTickets } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

const ROLES = ['none', 'school', 'auditor', 'racedept', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** ok: 2xx. denied: 403. unauth: 401. reached: past the authorisation check (any 4xx but 401/403). */
type Outcome = 'ok' | 'denied' | 'unauth' | 'reached';
type Ctx = { schoolId: string; otherSchoolId: string; eventId: string; emails: Record<Exclude<Role, 'none'>, string> };
type Row = {
  request: (ctx: Ctx, role: Role) => Omit<InjectOptions, 'method' | 'url'>;
  /** What each caller gets, where it is not what the route's access says. */
  expect?: Record<Role, Outcome>;
};

const is = (outcome: Outcome, except: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  ...(Object.fromEntries(ROLES.map((r) => [r, outcome])) as Record<Role, Outcome>),
  ...except,
});
const PUBLIC = is('ok');
const SIGNED_IN = is('ok', { none: 'unauth' });
const only = (...roles: Role[]) => is('denied', { none: 'unauth', ...Object.fromEntries(roles.map((r) => [r, 'ok'])) });
const none = () => ({});

const CONTRACT = new Map<string, RouteAccess>(everyContractRoute().map((r) => [`${r.method} ${r.url}`, r.access]));
/** What each caller gets: the row's own word, else what the contract's access says. */
function expected(route: string): Record<Role, Outcome> {
  const row = MATRIX[route]!;
  if (row.expect) return row.expect;
  const access = CONTRACT.get(route);
  if (access === undefined) throw new Error(`${route} is outside the contract: its row must say what each caller gets`);
  if (access === 'public') return PUBLIC;
  if (access === 'signed-in') return SIGNED_IN;
  return only(...access);
}
/** Rows the participant routes act on (made in the second beforeAll). */
const IDS = {
  participant: randomUUID(),
  entry: randomUUID(),
  markedEntry: randomUUID(),
  snowId: '9104001',
  removableSchool: randomUUID(),
};
const newParticipant = () => ({
  id: randomUUID(),
  snowId: IDS.snowId,
  firstname: 'Matrix',
  lastname: 'Row',
  yearLevel: '7',
  gender: 'Female',
  dob: null,
  email: '',
});
const schoolFilter = (c: Ctx) => ({ query: { filter: JSON.stringify({ where: { SchoolId: c.schoolId } }) } });
const tickets = managerTickets();

/** Teams the teams row has saved: each save adds a team under a letter not used before. */
let teamsSaved = 0;

/** Keyed 'METHOD /path' exactly as Fastify registered it (params in :name form). */
const MATRIX: Record<string, Row> = {
  'GET /utils/host': { request: none },
  'POST /api/login': {
    request: (c, role) => ({ payload: { username: c.emails[role === 'none' ? 'admin' : role], password: PASSWORD } }),
  },
  // Logging out ends the caller's session, so this row runs on a session of its own (see below).
  'GET /api/logout': { request: none },
  'POST /api/reset': { request: () => ({ payload: { email: 'nobody@example.test' } }), expect: is('reached') },
  'POST /api/newPassword': {
    request: (c) => ({ payload: { email: c.emails.school, password: 'a new passphrase', token: 'not-a-token' } }),
    expect: is('reached'),
  },
  'POST /api/session': {
    request: (c) => ({ payload: { SchoolId: c.schoolId, EventId: c.eventId } }),
    expect: only('admin'),
  },
  'GET /api/states': { request: none },
  'GET /api/disciplines': { request: none },
  // Signed out it answers only ?active=true, as summaries (the login form's choice of event).
  'GET /api/events': { request: () => ({ query: { active: 'true' } }) },
  'POST /api/events': {
    request: () => ({
      payload: {
        data: [
          {
            id: randomUUID(),
            name: 'Matrix event',
            year: 2027,
            level: 'Regional',
            invoiceType: 'NSW',
            registrationFee: 0,
            teamEntryFee: 0,
            active: false,
            locked: false,
            archived: false,
            volunteerLock: false,
            invoiceAvailable: null,
            invoiceDue: null,
            states: [3],
            showForResults: false,
            showForStartlists: false,
          },
        ],
      },
    }),
  },
  'PUT /api/events': {
    request: (c) => ({ payload: { data: [{ id: c.eventId, volunteerLock: false }] } }),
  },
  'GET /api/event/:EventId': { request: none },
  'GET /api/event/:EventId/disciplines': { request: none },
  'GET /api/ticketing': { request: none },
  'POST /api/ticketings': { request: () => ({ payload: { ticketing: tickets } }) },
  'GET /api/school': { request: none },
  'GET /api/school/list': { request: (c) => ({ query: { EventId: c.eventId } }) },
  'GET /api/school/:SchoolId': { request: none },
  // Registration is public (rate-limited per address); the profile is the school's own and the
  // admin's; removing a school the admin's alone (a school of its own, made for this row).
  'POST /api/schools': { request: () => ({ payload: { school: registrationForm() } }) },
  'PUT /api/school': {
    request: (c) => {
      const { user: _login, ...school } = registrationForm({ id: c.schoolId });
      return { payload: { school } };
    },
  },
  'DELETE /api/school/:id': { request: none },
  // Participants: school and admin read and write, auditor reads, racedept nothing.
  'GET /api/v2/participants': { request: schoolFilter },
  'POST /api/v2/participants': { request: () => ({ payload: newParticipant() }) },
  'PUT /api/v2/participants': {
    request: () => ({ payload: { participants: [newParticipant()] } }),
  },
  'PATCH /api/v2/participants/:id': {
    request: () => ({ payload: { firstname: 'Patched' } }),
  },
  'GET /api/v2/participants/:id/team-entries': { request: none },
  'GET /api/v2/team-entries': { request: schoolFilter },
  // The first allowed caller deletes the entry; the next one meets 404 (still past authorisation).
  'DELETE /api/v2/team-entries/:id': {
    request: none,
    expect: is('denied', { none: 'unauth', school: 'reached', admin: 'reached' }),
  },
  'GET /api/schools/:SchoolId/events/:EventId/participants': {
    request: none,
  },
  // Team managers: school and admin read and write, auditor reads, racedept nothing.
  'GET /api/v2/team-managers': { request: schoolFilter },
  'PUT /api/teamManagers': {
    request: () => ({
      payload: {
        multi: true,
        teamManagers: [{ id: randomUUID(), firstname: 'Matrix', lastname: 'Manager', mobile: '0400 000 000' }],
        teamManagersDeleted: [],
      },
    }),
  },
  // Teams: school and admin read and write, auditor reads (by school: an auditor's session has no
  // school, so the session's list is a 400 past authorisation), racedept nothing.
  'GET /api/teams': {
    request: none,
    expect: is('denied', { none: 'unauth', school: 'ok', auditor: 'reached', admin: 'ok' }),
  },
  'GET /api/teams/grouped/:SchoolId/:EventId': { request: none },
  // A new team each time, the plain call and the batched one (teamsSaved).
  'PUT /api/teams': {
    request: () => ({
      payload: {
        multi: true,
        teamsDeleted: [],
        teams: [
          {
            id: randomUUID(),
            DisciplineId: 2,
            division: 1,
            gender: 'Male',
            teamRank: TEAM_LETTERS[1 + (teamsSaved++ % (TEAM_LETTERS.length - 1))],
            TeamEntries: [],
          },
        ],
      },
    }),
  },
  'GET /api/snowracer/:snowId': { request: none },
  'GET /api/snowracer/count': { request: none },
  'GET /api/sync/changes': { request: () => ({ query: { cursor: '0' } }) },
  // The live stream: any signed-in user (the test server ends each stream after a moment).
  'GET /api/sync/live': { request: none },
  // A batch of queued writes: any signed-in user may send one; each write inside is decided by its
  // own route (tests/api/sync-batch.test.ts), here a write of nobody's school: 404 inside a 200.
  'POST /api/sync/batch': {
    request: () => ({
      payload: {
        writes: [
          {
            method: 'DELETE',
            path: `/api/v2/team-entries/00000000-0000-4000-8000-000000000000`,
            clientId: '00000000-0000-4000-8000-000000000001',
            seq: 1,
            idempotencyKey: 'matrix-batch',
          },
        ],
      },
    }),
  },
  // The race-day mirror of officials' tablets.
  'GET /api/race-day/changes': { request: () => ({ query: { cursor: '0' } }) },
  // Home: the school its own numbers, admin and auditor any school's; racedept nothing.
  'GET /api/metrics/:EventId/:SchoolId': { request: none },
  // First-season carry-over: read like participants; written by school and admin. The auditor has
  // no school in its session (the call names none), so it meets 400 past authorisation. No
  // first-season flag is set here, so a writer meets 409 'already done' (past authorisation too).
  'GET /api/participants/year12': {
    request: none,
    expect: is('denied', { none: 'unauth', school: 'ok', auditor: 'reached', admin: 'ok' }),
  },
  'POST /api/v2/new-season-updates': {
    request: (c) => ({ payload: { SchoolId: c.schoolId, year: 2026, participantsArchive: [], participants: [] } }),
    expect: is('denied', { none: 'unauth', school: 'reached', admin: 'reached' }),
  },
  // Volunteers: the school's own (admin: the picked school), auditors read; race department none.
  // The auditor's session has no school picked, so its reads meet 400 past authorisation.
  ...Object.fromEntries(
    [
      '/api/volunteers',
      '/api/volunteerSlots',
      '/api/requiredVolunteers',
      '/api/requiredVolunteersVic',
      '/api/requiredVolunteersAus',
    ].map((url) => [
      `GET ${url}`,
      { request: none, expect: is('denied', { none: 'unauth', school: 'ok', admin: 'ok', auditor: 'reached' }) },
    ]),
  ),
  'GET /api/volunteerSpots/available': { request: none },
  'PUT /api/volunteers': {
    request: () => ({ payload: { multi: true, volunteers: [], volunteersDeleted: [], slots: [], slotsDeleted: [] } }),
  },
  'GET /api/volunteerSpots': { request: none },
  'PUT /api/volunteerSpots': { request: () => ({ payload: { spots: [] } }) },
  // Waivers: school and admin read and write, auditor reads the school it names, racedept nothing.
  'GET /api/waivers/matched': {
    request: (c) => ({ query: { SchoolId: c.schoolId, EventId: c.eventId } }),
  },
  'PUT /api/waivers': {
    request: () => ({
      payload: {
        multi: true,
        data: [
          {
            id: randomUUID(),
            type: 'participant',
            name: 'Matrix Row',
            givenName: 'Matrix',
            surname: 'Row',
            completed: true,
          },
        ],
        waiversDeleted: [],
      },
    }),
  },
  // The registry import and export: the admin's only (docs/registry.md).
  'GET /api/snowracer-import': { request: (c) => ({ query: { EventId: c.eventId } }) },
  'POST /api/snowracer-import': { request: (c) => ({ query: { EventId: c.eventId } }) },
  'GET /api/snowracer-export': { request: (c) => ({ query: { EventId: c.eventId } }) },
  // Invoices: a school its own, admin and auditor any school's.
  'GET /api/invoice/xero/:SchoolId/:EventId': { request: none },
  'GET /api/payment/xero/:SchoolId/:EventId': { request: none },
  // Online payment (docs/payments.md): a school for its own school, the admin for any school. The
  // matrix's event is NSW (no online payment): 422 past authorisation.
  'POST /api/transaction': {
    request: (c) => ({ payload: { schoolId: c.schoolId, eventId: c.eventId, outstanding: 10 } }),
    expect: is('denied', { none: 'unauth', school: 'reached', admin: 'reached' }),
  },
  // The payer's browser back from the gateway: public (the gateway's word is asked, the browser's
  // is not); no such checkout here, so a 404 page.
  'GET /api/payment/return/:checkoutId': { request: none, expect: is('reached') },
  // The built-in gateway's test checkout page (not under /api; public, as a gateway's page is);
  // no such session here, so a 404 page.
  'GET /gateway/checkout/:id': { request: none, expect: is('reached') },
  'POST /gateway/checkout/:id': {
    request: () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=decline' }),
    expect: is('reached'),
  },
  // Stripe's webhook: public (Stripe has no session; its signature is checked instead, and the
  // checkout it names is asked of Stripe). The matrix's app has the test gateway: a 404.
  'POST /api/payment/webhook/stripe': {
    request: () => ({
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    }),
    expect: is('reached'),
  },
  // The payments grid: admin and auditor read, the admin records payments.
  'GET /api/payment': { request: (c) => ({ query: { EventId: c.eventId } }) },
  'PUT /api/payment': { request: () => ({ payload: { payments: [] } }) },
  // A school's payment lines: admin and auditor read them, the admin records one.
  'GET /api/v2/payments/:SchoolId/:EventId': { request: none },
  'POST /api/v2/payments': {
    request: (c) => ({
      headers: { 'idempotency-key': randomUUID() },
      payload: { SchoolId: c.schoolId, EventId: c.eventId, date: '2026-06-01', amount: 10, kind: 'cheque' },
    }),
  },
  // The accounting sync: the admin's only (a contact no organisation has: 422 past authorisation).
  'GET /api/schools/sync-with-xero/:invoiceType': { request: none },
  'POST /api/schools/xero-join/:invoiceType': {
    request: (c) => ({ payload: { schoolId: c.schoolId, contactId: 'LC-not-a-contact' } }),
    expect: is('denied', { none: 'unauth', admin: 'reached' }),
  },
  // The copies to the accounting system: the admin's only (an item not parked: 404 past authorisation).
  'GET /api/accounting/queue': { request: none },
  'POST /api/accounting/queue/:id/retry': { request: none, expect: is('denied', { none: 'unauth', admin: 'reached' }) },
  // Reports (docs/reports.md): admin and auditor only.
  ...Object.fromEntries(
    [
      'total-entries',
      'total-entries-per-school',
      'coordinator-details',
      'teamManagers',
      'volunteers',
      'ticket-list',
      'race-entries',
      'new-schools',
      'schools-missing-bpay',
      'school-types',
      'participants',
      'missing-snow-ids',
      'primary-entries-event-compare',
      'current-waivers',
      'school-costs',
      'schools',
    ].map((name) => [
      `GET /api/report/${name}`,
      { request: (c: Ctx) => ({ query: { EventId: c.eventId } }), expect: only('auditor', 'admin') },
    ]),
  ),
  'GET /api/report/home-summary/:EventId': { request: none },
  'GET /api/report/missing-waivers/:EventId': { request: none },
  'GET /api/report/coordinator-details-state/:stateId': { request: none },
  'GET /api/v2/report/new-state-entries/:EventId': { request: none },
  'GET /api/v2/report/ski-snowboard-awards/:EventId': { request: none },
  'POST /api/report/school-past-total-entries': {
    request: (c) => ({ payload: { events: [c.eventId] } }),
  },
  // Results: any signed-in user reads the session's event or one shown for results; the admin
  // saves. Trophies: signed-in users read, the admin writes. Files: the admin uploads, signed-in
  // users read (no such file here: 404 past authorisation).
  'GET /api/results': { request: (c) => ({ query: { EventId: c.eventId } }), expect: SIGNED_IN },
  'GET /api/resultOveralls': { request: (c) => ({ query: { EventId: c.eventId } }) },
  'PUT /api/results': {
    request: () => ({ payload: { multi: true, racesDeleted: [], overallDeleted: [] } }),
  },
  'GET /api/v2/Trophies': {
    request: () => ({ query: { filter: JSON.stringify({ order: 'name ASC', include: 'discipline' }) } }),
  },
  'PUT /api/v2/Trophies': { request: () => ({ payload: { trophiesDeleted: [] } }) },
  'POST /api/files/results': {
    request: () => ({ headers: { 'content-type': 'application/pdf' }, payload: '%PDF-1.4\n%%EOF\n' }),
  },
  'POST /api/files/trophies': {
    request: () => ({ headers: { 'content-type': 'image/png' }, payload: 'not a picture' }),
    expect: is('denied', { none: 'unauth', admin: 'reached' }),
  },
  'GET /api/files/:id': { request: none, expect: is('reached', { none: 'unauth' }) },
  // Staff users: the admin's only.
  'GET /api/users': { request: none },
  'PUT /api/users': {
    request: () => ({ payload: { multi: true, users: [], usersDeleted: [] } }),
  },
  // Invites of the session's event: the admin's only, reads included.
  'GET /api/invites': { request: none, expect: only('admin') },
  'PUT /api/invites': {
    request: () => ({ payload: { multi: true, invitesDeleted: [], overallDeleted: [] } }),
  },
  // The BPAY grid: admin and auditor read, the admin writes.
  'GET /api/school/bpay': { request: none },
  'PUT /api/schools/bpay': { request: () => ({ payload: { schools: [] } }) },
  // Spreadsheet import: the school's own and the admin's picked school. The upload here holds no
  // more than a heading (400 past authorisation); the confirmation imports one new person.
  'POST /api/xls-import': {
    request: () => ({ headers: { 'content-type': 'text/csv' }, payload: 'Given name,Surname\n' }),
    expect: is('denied', { none: 'unauth', school: 'reached', admin: 'reached' }),
  },
  'POST /api/xls-import/confirm': {
    request: () => ({
      payload: {
        rows: [
          {
            snowId: null,
            firstname: 'Matrix',
            lastname: 'Import',
            gender: 'Female',
            yearLevel: '9',
            dob: null,
            email: '',
          },
        ],
      },
    }),
  },
  // Race day: racedept and admin read every race published for start lists; a school reads its own
  // teams' start list only; the auditor nothing. The draw is the admin's; marks racedept's and admin's.
  'GET /api/startlist': {
    request: (c) => ({ query: { EventId: c.eventId, DisciplineId: '1', division: '1', gender: 'Female' } }),
  },
  'GET /api/startMarshall': {
    request: (c) => ({
      query: {
        EventId: c.eventId,
        DisciplineId: '1',
        division: '1',
        gender: 'Female',
        type: 'Start Marshall',
        run: 'First',
      },
    }),
  },
  'POST /api/startlist/draw': {
    request: (c) => ({ payload: { EventId: c.eventId, DisciplineId: 1, division: 1, gender: 'Female' } }),
  },
  'GET /api/bibList': {
    request: (c) => ({ query: { EventId: c.eventId } }),
  },
  'POST /api/bibs/generate': {
    // The race's only racer is gone by then (another row deletes it): the admin meets 422.
    request: (c) => ({
      payload: { bibForm: { EventId: c.eventId, DisciplineId: 1, divisions: [1], gender: 'Female', startNumber: 1 } },
    }),
    expect: is('denied', { none: 'unauth', admin: 'reached' }),
  },
  'POST /api/bibs/manual-assign': {
    request: () => ({ payload: [{ teamEntryId: IDS.markedEntry, bib: 500 }] }),
  },
  'PUT /api/raceMarks': {
    request: () => ({ payload: { marks: [{ teamEntryId: IDS.markedEntry, run: 'First', mark: 'DNS' }] } }),
  },
  // Timing files: read by race officials and admins, their columns set by admins.
  'GET /api/timing-file': {
    request: (c) => ({
      query: { EventId: c.eventId, system: 'nsw-system', DisciplineId: '1', divisions: '1', gender: 'Female' },
    }),
  },
  'PUT /api/timing-file/columns': {
    request: (c) => ({ payload: { id: c.eventId, timingColumns: { VIC: [{ field: 'bib', heading: 'Bib' }] } } }),
  },
  'POST /api/results/import': {
    request: (c) => ({
      query: { EventId: c.eventId, DisciplineId: '1', division: '1', gender: 'Male' },
      headers: { 'content-type': 'text/csv' },
      payload: 'Bib,Time\n1,1:00.00\n',
    }),
  },
  'PUT /api/race-results': {
    request: () => ({
      payload: { results: [{ teamEntryId: IDS.markedEntry, run1: 6000, run2: null, score: null, status: null }] },
    }),
  },
  'PUT /api/results/rules': {
    request: (c) => ({ payload: { id: c.eventId, resultsRules: {} } }),
  },
  // To an event of the same level: the admin is let in and told to choose another (422).
  'POST /api/qualifiers': {
    request: (c) => ({
      payload: { EventId: c.eventId, DisciplineId: 1, division: 1, gender: 'Male', ToEventId: c.eventId },
    }),
    expect: is('denied', { none: 'unauth', admin: 'reached' }),
  },
  'PUT /api/running-order': {
    request: (c) => ({ payload: { id: c.eventId, runningOrder: [] } }),
  },
};

function fill(path: string, ctx: Ctx): string {
  return path
    .replace(':EventId', ctx.eventId)
    .replace(':SchoolId', ctx.schoolId)
    .replace('/api/v2/participants/:id', `/api/v2/participants/${IDS.participant}`)
    .replace('/api/v2/team-entries/:id', `/api/v2/team-entries/${IDS.entry}`)
    .replace(':snowId', IDS.snowId)
    .replace('/api/school/:id', `/api/school/${IDS.removableSchool}`)
    .replace(':invoiceType', 'nsw')
    .replace(':stateId', '3')
    .replace('/api/files/:id', '/api/files/AAAAAAAAAAAAAAAAAAAAAAAA')
    .replace('/api/accounting/queue/:id', '/api/accounting/queue/00000000-0000-4000-8000-000000000000');
}

let t: TestApp;
let ctx: Ctx;
const agents = {} as Record<Exclude<Role, 'none'>, Agent>;

async function signInAs(role: Exclude<Role, 'none'>): Promise<Agent> {
  return signIn(t.app, ctx.emails[role], PASSWORD, role === 'school' ? ctx.eventId : undefined);
}

beforeAll(async () => {
  t = await startTestApp();
  const schoolId = (await createSchool(t.db)).id;
  const otherSchoolId = (await createSchool(t.db)).id;
  const eventId = (await createEvent(t.db)).id;
  const emails = {} as Ctx['emails'];
  for (const role of ['school', 'auditor', 'racedept', 'admin'] as const) {
    emails[role] = (await createUser(t.db, role, role === 'school' ? { schoolId } : {})).email;
  }
  await createUser(t.db, 'school', { schoolId: otherSchoolId });
  ctx = { schoolId, otherSchoolId, eventId, emails };
  for (const role of ['school', 'auditor', 'racedept', 'admin'] as const) agents[role] = await signInAs(role);
  // The admin works on the school and event (what the header pickers are for).
  const picked = await agents.admin.request({
    method: 'POST',
    url: '/api/session/',
    payload: { SchoolId: schoolId, EventId: eventId },
  });
  expect(picked.statusCode, picked.body).toBe(200);
});
beforeAll(async () => {
  await t.db
    .insert(registryAthletes)
    .values({ snowId: IDS.snowId, firstname: 'Matrix', lastname: 'Row', gender: 'Female', dob: null });
  await t.db
    .insert(participants)
    .values({ id: IDS.participant, schoolId: ctx.schoolId, firstname: 'Matrix', lastname: 'Row' });
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, ctx.eventId));
  await createSchool(t.db, { id: IDS.removableSchool });
  const [team] = await t.db
    .insert(teams)
    .values({
      schoolId: ctx.schoolId,
      eventId: ctx.eventId,
      disciplineId: 1,
      division: 1,
      teamRank: 'A',
      gender: 'Female',
    })
    .returning();
  await t.db.insert(teamEntries).values({
    id: IDS.entry,
    teamId: team!.id,
    eventId: ctx.eventId,
    disciplineId: 1,
    schoolId: ctx.schoolId,
    participantId: IDS.participant,
    position: 1,
  });
  // The start hut marks an entry of its own (another route of the matrix deletes IDS.entry).
  await t.db.insert(teamEntries).values({
    id: IDS.markedEntry,
    teamId: team!.id,
    eventId: ctx.eventId,
    disciplineId: 1,
    schoolId: ctx.schoolId,
    participantId: null,
    position: 2,
  });
});
afterAll(async () => {
  await t?.close();
});

it('has a row for every registered route, and no row for a route that does not exist', () => {
  const registered = registeredRoutes(t.app);
  expect(registered.length).toBeGreaterThan(10);
  expect(
    registered.filter((r) => !(r in MATRIX)),
    'routes without a row in MATRIX',
  ).toEqual([]);
  expect(
    Object.keys(MATRIX).filter((r) => !registered.includes(r)),
    'rows for unknown routes',
  ).toEqual([]);
});

describe.each(ROLES)('as %s', (role) => {
  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const row = MATRIX[route]!;
    const [method, path] = route.split(' ') as [InjectOptions['method'], string];
    const opts: InjectOptions = { method, url: fill(path, ctx), ...row.request(ctx, role) };
    let agent: Agent | null = role === 'none' ? null : agents[role];
    if (agent && route === 'GET /api/logout') agent = await signInAs(role as Exclude<Role, 'none'>);
    const res = agent ? await agent.request(opts) : await t.app.inject(opts);
    expectOutcome(
      res.statusCode,
      expected(route)[role],
      `${role} ${route}: ${res.statusCode} ${res.body.slice(0, 300)}`,
    );
  });
});

function expectOutcome(status: number, outcome: Outcome, why: string) {
  expect(status, why).toBeLessThan(500);
  if (outcome === 'ok') expect(status, why).toBeLessThan(300);
  if (outcome === 'denied') expect(status, why).toBe(403);
  if (outcome === 'unauth') expect(status, why).toBe(401);
  if (outcome === 'reached') expect([401, 403], why).not.toContain(status);
}

// The same calls inside a batch of queued writes (POST /api/sync/batch). A batch carries only the
// routes the contract marks `queued: true`, each decided by its own route exactly as if sent
// alone: the write's answer inside the batch is the row's outcome (signed out, the batch itself
// is a 401). Any other write, the public ones included, makes the whole batch a 400 before
// anything in it is applied. Both lists come from the contract and the routes the app registered,
// so a route added later is covered by its row alone.
const WRITES = Object.keys(MATRIX).filter((route) => WRITE_METHODS.includes(route.split(' ')[0]!));
const QUEUED = WRITES.filter((route) => QUEUED_ROUTES.has(route));
const NOT_QUEUED = WRITES.filter((route) => !QUEUED_ROUTES.has(route));

/** A matrix row's request as a write of a batch. */
function writeOf(route: string, role: Role): BatchWrite {
  const [method, path] = route.split(' ') as [string, string];
  const opts = MATRIX[route]!.request(ctx, role);
  const query = opts.query ? `?${new URLSearchParams(opts.query as Record<string, string>)}` : '';
  return batchWrite(method, fill(path, ctx) + query, opts.payload);
}

describe('inside a batch of queued writes', () => {
  it('has every queued route of the contract, and every other write, public ones included', () => {
    expect(
      [...QUEUED_ROUTES].filter((r) => !QUEUED.includes(r)),
      'queued routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      CONTRACT_UNQUEUED_WRITES.filter((r) => !NOT_QUEUED.includes(r)),
      'writes of the contract left out',
    ).toEqual([]);
    expect(QUEUED.length).toBeGreaterThan(5);
    expect(NOT_QUEUED.filter((r) => expected(r).none !== 'unauth')).toContain('POST /api/login');
  });

  describe.each(ROLES)('as %s, a queued route answers as alone', (role) => {
    it.each(QUEUED)('%s', async (route) => {
      const outcome = expected(route)[role];
      const before = await appliedState(t.db);
      const res = await sendBatch(t.app, role === 'none' ? null : agents[role], { writes: [writeOf(route, role)] });
      const why = `${role} ${route} in a batch: ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (role === 'none') {
        expect(res.statusCode, why).toBe(401);
        expect(await appliedState(t.db), why).toEqual(before);
        return;
      }
      expect(res.statusCode, why).toBe(200);
      const { answers } = res.json() as BatchAnswers;
      expect(answers, why).toHaveLength(1);
      expectOutcome(answers[0]!.status, outcome, why);
      if (outcome === 'denied') expect((await appliedState(t.db)).changeSeq, why).toBe(before.changeSeq);
    });
  });

  describe.each(ROLES)('as %s, any other write refuses the whole batch', (role) => {
    it.each(NOT_QUEUED)('%s', async (route) => {
      // A queued write first (the school's and the admin's to send): refused with the rest all the same.
      const writes = [writeOf('PATCH /api/v2/participants/:id', role), writeOf(route, role)];
      const before = await appliedState(t.db);
      const res = await sendBatch(t.app, role === 'none' ? null : agents[role], { writes });
      const why = `${role} ${route} in a batch: ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, why).toBe(role === 'none' ? 401 : 400);
      if (role !== 'none') {
        // Refused for that write: as not queued, or (a path outside the API, a batch in a batch)
        // by the batch's own schema first.
        expect(res.json().fields, why).toContainEqual(expect.objectContaining({ path: 'body.writes.1.path' }));
        if (envelopeTakes(writes)) expect(res.json(), why).toMatchObject({ message: SERVER_MESSAGES.notQueuedWrite });
      }
      expect(await appliedState(t.db), why).toEqual(before);
    });
  });
});

/** A matrix row's request as a raw target, body and content type (for other spellings over HTTP). */
function rawOf(route: string, role: Role) {
  const [method, path] = route.split(' ') as [string, string];
  const opts = MATRIX[route]!.request(ctx, role);
  const query = opts.query ? `?${new URLSearchParams(opts.query as Record<string, string>)}` : '';
  const body =
    opts.payload === undefined
      ? undefined
      : typeof opts.payload === 'string'
        ? opts.payload
        : JSON.stringify(opts.payload);
  const contentType = (opts.headers as Record<string, string> | undefined)?.['content-type'];
  return {
    method,
    target: fill(path, ctx) + query,
    body,
    contentType,
    cookie: role === 'none' ? undefined : agents[role].cookie,
  };
}

// The same routes spelt otherwise (percent-encoded letters, doubled slashes, dot segments, ';'
// parameters, upper case, absolute form): refused before any handler, whoever asks. A trailing
// slash is the same route and meets the same checks. Every registered route, so a route added
// later is covered by its matrix row alone.
describe('other spellings of every route', () => {
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(t.app);
  });

  describe.each(ROLES)('as %s', (role) => {
    it.each(Object.keys(MATRIX))('%s', async (route) => {
      const raw = rawOf(route, role);
      for (const [how, spell] of Object.entries(ODD_TARGETS)) {
        const target = spell(raw.target);
        if (target === raw.target) continue; // nothing of that kind to spell otherwise
        const res = await rawRequest(port, { ...raw, target });
        expect(
          [400, 404],
          `${role} ${route} with ${how} (${target}): ${res.statusCode} ${res.body.slice(0, 200)}`,
        ).toContain(res.statusCode);
      }
      const outcome = expected(route)[role];
      if (outcome !== 'denied' && outcome !== 'unauth') return; // allowed callers: the plain row says it
      const res = await rawRequest(port, { ...raw, target: withTrailingSlash(raw.target) });
      expect(res.statusCode, `${role} ${route} with a trailing slash: ${res.body.slice(0, 200)}`).toBe(
        outcome === 'denied' ? 403 : 401,
      );
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });
});

describe('a school only ever sees its own rows', () => {
  it('cannot read another school (403)', async () => {
    const res = await agents.school.request({ method: 'GET', url: `/api/school/${ctx.otherSchoolId}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('writes ticketing to its own school even when the body names another', async () => {
    const res = await agents.school.request({
      method: 'POST',
      url: '/api/ticketings',
      payload: { ticketing: { ...tickets, SchoolId: ctx.otherSchoolId } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().SchoolId).toBe(ctx.schoolId);
    const other = await t.db
      .select()
      .from(ticketing)
      .where(and(eq(ticketing.schoolId, ctx.otherSchoolId), eq(ticketing.eventId, ctx.eventId)));
    expect(other).toEqual([]);
  });

  it('reads ticketing of its own school only', async () => {
    const res = await agents.school.request({ method: 'GET', url: '/api/ticketing' });
    expect(res.json().SchoolId).toBe(ctx.schoolId);
  });
});
