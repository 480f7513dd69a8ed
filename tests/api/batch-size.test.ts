// A big save never stalls other schools: a participants save carries at most MAX_WRITE_BATCH_ROWS
// rows and a school list save (teams, team managers, volunteers, places, waivers) at most
// MAX_SCHOOL_LIST_ROWS (the app sends a larger one as ordered parts), so the database is held for
// a bounded time. Found from outside: one 2,000-row participants save held the database 5.6-10.6 s
// while every school waited; 2,000 team managers held it 1.9 s.
import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SCHOOL_LIST_ROWS, MAX_WRITE_BATCH_ROWS } from '../../src/domain/constants/limits';
import { participants, teamManagers, teams, volunteers, waivers } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let school: Agent;
let other: Agent;
let schoolId: string;

beforeAll(async () => {
  t = await startTestApp();
  let eventId: string;
  ({ school, schoolId, eventId } = await schoolInEvent(t));
  const otherSchool = (await createSchool(t.db)).id;
  other = await signIn(t.app, (await createUser(t.db, 'school', { schoolId: otherSchool })).email, undefined, eventId);
});
afterAll(async () => {
  await t?.close();
});

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    snowId: null,
    firstname: `Bulk${i}`,
    lastname: 'Save',
    yearLevel: '7',
    gender: 'Female',
    dob: null,
    email: '',
  }));
const stored = async () => t.db.select().from(participants).where(eq(participants.schoolId, schoolId));

it(`refuses a save of more than ${MAX_WRITE_BATCH_ROWS} participants, saying so, and writes nothing`, async () => {
  const res = await school.request({
    method: 'PUT',
    url: '/api/v2/participants',
    payload: { participants: rows(MAX_WRITE_BATCH_ROWS + 1) },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toContain(`At most ${MAX_WRITE_BATCH_ROWS} participants can be saved at once.`);
  expect(await stored()).toEqual([]);
});

const n = (count: number, row: (i: number) => object) => Array.from({ length: count }, (_, i) => row(i));
const LISTS = [
  {
    what: 'teams',
    url: '/api/teams',
    table: teams,
    body: (k: number) => ({
      multi: true,
      teamsDeleted: [],
      teams: n(k, () => ({
        id: randomUUID(),
        DisciplineId: 1,
        division: 1,
        gender: 'Female',
        teamRank: 'A',
        TeamEntries: [],
      })),
    }),
  },
  {
    what: 'team managers',
    url: '/api/teamManagers',
    table: teamManagers,
    body: (k: number) => ({
      multi: true,
      teamManagersDeleted: [],
      teamManagers: n(k, (i) => ({ id: randomUUID(), firstname: `M${i}`, lastname: 'Bulk', mobile: '0400 000 000' })),
    }),
  },
  {
    what: 'volunteers',
    url: '/api/volunteers',
    table: volunteers,
    body: (k: number) => ({
      multi: true,
      volunteersDeleted: [],
      slots: [],
      slotsDeleted: [],
      volunteers: n(k, (i) => ({ id: randomUUID(), firstname: `V${i}`, lastname: 'Bulk', mobile: '0400 000 000' })),
    }),
  },
  {
    what: 'waivers',
    url: '/api/waivers',
    table: waivers,
    body: (k: number) => ({
      multi: true,
      waiversDeleted: [],
      data: n(k, (i) => ({
        id: randomUUID(),
        type: 'participant',
        name: `W${i} Bulk`,
        givenName: `W${i}`,
        surname: 'Bulk',
        completed: true,
      })),
    }),
  },
] as const;

it.each(LISTS)(
  `refuses a save of more than ${MAX_SCHOOL_LIST_ROWS} $what, saying so, and writes nothing`,
  async ({ what, url, table, body }) => {
    const res = await school.request({ method: 'PUT', url, payload: body(MAX_SCHOOL_LIST_ROWS + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`At most ${MAX_SCHOOL_LIST_ROWS} ${what} can be saved at once.`);
    expect(await t.db.select().from(table).where(eq(table.schoolId, schoolId))).toEqual([]);
  },
);

/** Fastify publishes here as a route's handler is entered (its diagnostics channel). */
const HANDLER_ENTERED = 'tracing:fastify.request.handler:start';
type HandlerStore = { route: { method: string; url: string } };

/** Sends `save` and, once the server has entered its handler (the save is under way), another
 *  school's read; both must succeed. The time the read waits is a figure of `npm run bench`
 *  (tests/bench/waits.ts), never asserted here. */
async function otherSchoolServedDuring(url: string, save: () => Promise<{ statusCode: number }>) {
  let saved = false;
  let entered!: () => void;
  const underWay = new Promise<void>((resolve) => (entered = resolve));
  const start = (message: unknown) => {
    const { route } = message as HandlerStore;
    if (route.method === 'PUT' && route.url === url) entered();
  };
  subscribe(HANDLER_ENTERED, start);
  try {
    const saving = save().then((res) => {
      saved = true;
      return res;
    });
    await Promise.race([underWay, saving]);
    expect(saved, 'the save was answered before its handler was seen').toBe(false);
    const read = await other.request({ method: 'GET', url: '/api/school' });
    expect(read.statusCode, read.body).toBe(200);
    expect((await saving).statusCode).toBe(200);
  } finally {
    unsubscribe(HANDLER_ENTERED, start);
  }
}

it('another school is served while the largest list save runs', async () => {
  await otherSchoolServedDuring('/api/teamManagers', () =>
    school.request({ method: 'PUT', url: '/api/teamManagers', payload: LISTS[1].body(MAX_SCHOOL_LIST_ROWS) }),
  );
  expect(await t.db.select().from(teamManagers).where(eq(teamManagers.schoolId, schoolId))).toHaveLength(
    MAX_SCHOOL_LIST_ROWS,
  );
});

it('another school is served while the largest save runs', async () => {
  await otherSchoolServedDuring('/api/v2/participants', () =>
    school.request({
      method: 'PUT',
      url: '/api/v2/participants',
      payload: { participants: rows(MAX_WRITE_BATCH_ROWS) },
    }),
  );
  expect(await stored()).toHaveLength(MAX_WRITE_BATCH_ROWS);
});
