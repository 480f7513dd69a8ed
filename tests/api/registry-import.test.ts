// The registry import (GET /api/snowracer-import) and export (GET /api/snowracer-export), on the
// built-in registry, as docs/registry.md defines them: snow ids given by names and date of birth,
// differing dates of birth listed, the registry's waivers recorded, all in one transaction through
// the change feed; a second run changes nothing; the admin's only.
import { and, eq, gt } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { REGISTRY_EXPORT_COLUMNS } from '../../src/domain/schemas/api/registry';
import {
  changeLog,
  participants,
  registryAthletes,
  schools,
  teamEntries,
  teams,
  waivers,
} from '../../server/db/schema';
import { createBuiltInRegistry } from '../../server/integrations/registry';
import { createEvent, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;
let schoolId: string;
let eventId: string;
/** Set by a test: the registry answers nothing (`all`), or only its name search fails. */
const outage = { all: false, search: false };
const calls = { lookup: 0, lookupMany: 0, findByNames: 0 };
const IMPORT = { method: 'GET', url: '/api/snowracer-import' } as const;

const athlete = (
  snowId: string,
  firstname: string,
  lastname: string,
  dob: string | null,
  over: Partial<typeof registryAthletes.$inferInsert> = {},
) => ({ snowId, firstname, lastname, gender: 'Female', dob, active: true, waiverCompleted: false, ...over });

/** The people of the school, by what the test calls them. */
const P = {} as Record<
  'ava' | 'ben' | 'cal' | 'dee' | 'eve' | 'fay' | 'gus' | 'gusOld' | 'hal' | 'ivy' | 'jo' | 'kit',
  string
>;

async function person(
  key: keyof typeof P,
  values: Partial<typeof participants.$inferInsert>,
  enteredIn: number[] = [1],
) {
  const [row] = await t.db
    .insert(participants)
    .values({ schoolId, gender: 'Female', yearLevel: '7', firstname: '', lastname: '', ...values })
    .returning();
  P[key] = row!.id;
  for (const disciplineId of enteredIn) await enter(row!.id, disciplineId);
}

const teamOf = new Map<number, { id: string; next: number }>();
async function enter(participantId: string, disciplineId: number) {
  let team = teamOf.get(disciplineId);
  if (!team) {
    const [row] = await t.db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId, division: 1, teamRank: 'A', gender: 'Female' })
      .returning();
    team = { id: row!.id, next: 1 };
    teamOf.set(disciplineId, team);
  }
  await t.db
    .insert(teamEntries)
    .values({ teamId: team.id, eventId, disciplineId, schoolId, participantId, position: team.next++ });
}

const stored = async (key: keyof typeof P) =>
  (await t.db.select().from(participants).where(eq(participants.id, P[key])))[0]!;
const everything = async () => ({
  participants: await t.db.select().from(participants).orderBy(participants.id),
  waivers: await t.db.select().from(waivers).orderBy(waivers.id),
});

beforeAll(async () => {
  t = await startTestApp({
    registry: (db) => {
      const builtIn = createBuiltInRegistry(db);
      const down = () => Promise.reject(new Error('ECONNREFUSED'));
      return {
        lookup: (id) => {
          calls.lookup++;
          return outage.all ? down() : builtIn.lookup(id);
        },
        lookupMany: (ids) => {
          calls.lookupMany++;
          return outage.all ? down() : builtIn.lookupMany!(ids);
        },
        findByNames: (people) => {
          calls.findByNames++;
          return outage.all || outage.search ? down() : builtIn.findByNames!(people);
        },
        count: () => builtIn.count(),
      };
    },
  });
  ({ admin, schoolId, eventId } = await schoolInEvent(t));
  await t.db
    .insert(registryAthletes)
    .values([
      athlete('9106001', 'Ava', 'Alpine', '2012-03-04', { waiverCompleted: true }),
      athlete('9106002', 'Ben', "O'Brien-Board", '2011-05-06'),
      athlete('9106003', 'Cal', 'Cross', '2010-01-01', { waiverCompleted: false }),
      athlete('9106004', 'Dee', 'Dormant', '2010-02-02', { active: false }),
      athlete('9106005', 'Eve', 'Even', '2013-07-07'),
      athlete('9106006', 'Eve', 'Even', '2013-07-07'),
      athlete('9106007', 'Fay', 'Free', '2012-08-08'),
      athlete('9106008', 'Gus', 'Gone', '2011-09-09'),
      athlete('9106009', 'Hal', 'Held', '2010-10-10', { waiverCompleted: true }),
      athlete('9106010', 'Ivy', 'Inactive', '2010-11-11', { active: false }),
      athlete('9106011', 'Jo', 'Nodob', '2012-12-12'),
    ]);
  // Matched by names and date of birth, written differently.
  await person('ava', { firstname: '  ava ', lastname: 'ALPINE', dob: '2012-03-04' }, [1, 2]);
  await person('ben', { firstname: 'Ben', lastname: 'obrien board', dob: '2011-05-06' });
  // Holds its snow id; the registry has another date of birth.
  await person('cal', { firstname: 'Cal', lastname: 'Cross', dob: '2010-01-02', snowId: '9106003' });
  // Inactive athlete, and two athletes of the same names and date of birth: nobody is chosen.
  await person('dee', { firstname: 'Dee', lastname: 'Dormant', dob: '2010-02-02' });
  await person('eve', { firstname: 'Eve', lastname: 'Even', dob: '2013-07-07' });
  // Not entered in the event: left alone.
  await person('fay', { firstname: 'Fay', lastname: 'Free', dob: '2012-08-08' }, []);
  // The school already holds this snow id (an archived participant): not given twice.
  await person('gusOld', { firstname: 'Gus', lastname: 'Gone', dob: '2011-09-09', snowId: '9106008', archived: 1 }, []);
  await person('gus', { firstname: 'Gus', lastname: 'Gone', dob: '2011-09-09' });
  // Signed with the registry, and has a waiver not yet completed: it is completed.
  await person('hal', { firstname: 'Hal', lastname: 'Held', dob: '2010-10-10', snowId: '9106009' });
  await t.db.insert(waivers).values({
    schoolId,
    eventId,
    type: 'participant',
    name: 'Hal Held',
    givenName: 'Hal',
    surname: 'Held',
    completed: 0,
  });
  // Its snow id went inactive in the registry.
  await person('ivy', {
    firstname: 'Ivy',
    lastname: 'Inactive',
    dob: '2010-11-11',
    snowId: '9106010',
    snowIdActive: 1,
  });
  // Without a date of birth there is nothing to be sure of.
  await person('jo', { firstname: 'Jo', lastname: 'Nodob', dob: null });
  // A formula-looking name and a snow id the registry does not know (the export shows it as is).
  await person('kit', {
    firstname: '=HYPERLINK("x")',
    lastname: '+Kit, "the" Racer',
    dob: '2012-01-01',
    snowId: '9199999',
    snowIdActive: 1,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/snowracer-import', () => {
  it("answers 503 with the spec's message and changes nothing when the registry cannot be reached", async () => {
    const before = await everything();
    for (const which of ['all', 'search'] as const) {
      outage[which] = true;
      try {
        const res = await admin.request(IMPORT);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'REGISTRY_UNAVAILABLE', message: MESSAGES.registryConnectionError });
      } finally {
        outage[which] = false;
      }
    }
    expect(await everything()).toEqual(before);
  });

  it("is the admin's only", async () => {
    const before = await everything();
    const s = await schoolInEvent(t);
    expect((await s.school.request(IMPORT)).statusCode).toBe(403);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await agent.request(IMPORT)).statusCode, type).toBe(403);
    }
    expect((await t.app.inject(IMPORT)).statusCode).toBe(401);
    expect(await everything()).toEqual(before);
  });

  it('gives snow ids, lists differing dates of birth and records waivers, asking the registry in batches', async () => {
    const lastSeq = Math.max(0, ...(await t.db.select({ seq: changeLog.seq }).from(changeLog)).map((r) => r.seq));
    Object.assign(calls, { lookup: 0, lookupMany: 0, findByNames: 0 });

    const res = await admin.request(IMPORT);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalSnowracerUpdated).toBe(2);
    expect(body.totalWaiversUpdated).toBe(2);
    expect(body.snowracerIncorrectDOB).toEqual([
      {
        ParticipantId: P.cal,
        snowId: '9106003',
        firstname: 'Cal',
        lastname: 'Cross',
        dob: '2010-01-02',
        registryDob: '2010-01-01',
      },
    ]);
    expect(calls).toEqual({ lookup: 0, lookupMany: 1, findByNames: 1 });

    expect(await stored('ava')).toMatchObject({ snowId: '9106001', snowIdActive: 1, firstname: '  ava ' });
    expect((await stored('ben')).snowId).toBe('9106002');
    for (const key of ['dee', 'eve', 'fay', 'gus', 'jo'] as const) expect((await stored(key)).snowId, key).toBeNull();
    // Never overwritten: the list is for a person to settle.
    expect((await stored('cal')).dob).toBe('2010-01-02');
    expect((await stored('ivy')).snowIdActive).toBe(0);
    expect((await stored('kit')).snowIdActive).toBe(0);

    const rows = await t.db
      .select()
      .from(waivers)
      .where(and(eq(waivers.schoolId, schoolId), eq(waivers.eventId, eventId)));
    expect(rows).toHaveLength(2);
    expect(rows.find((w) => w.givenName === 'ava')).toMatchObject({
      type: 'participant',
      name: 'ava ALPINE',
      surname: 'ALPINE',
      snowId: '9106001',
      completed: 1,
      createdBy: expect.stringContaining('@'),
    });
    expect(rows.find((w) => w.givenName === 'Hal')).toMatchObject({ completed: 1, version: 2 });

    // Through the change feed, like every other write: devices pull the new snow ids and waivers.
    const changed = await t.db.select().from(changeLog).where(gt(changeLog.seq, lastSeq));
    const ids = new Set(changed.map((c) => c.rowId));
    for (const id of [P.ava, P.ben, P.ivy, ...rows.map((w) => w.id)]) expect(ids.has(id), id).toBe(true);
    expect(ids.has(P.cal)).toBe(false);
  });

  it('changes nothing when run again', async () => {
    const before = await everything();
    const res = await admin.request(IMPORT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalSnowracerUpdated: 0, totalWaiversUpdated: 0 });
    expect(res.json().snowracerIncorrectDOB).toHaveLength(1);
    expect(await everything()).toEqual(before);
  });

  it('works on the event named in the query, which must exist', async () => {
    const other = await createEvent(t.db);
    const res = await admin.request({ ...IMPORT, query: { EventId: other.id } });
    expect(res.json()).toEqual({ totalSnowracerUpdated: 0, totalWaiversUpdated: 0, snowracerIncorrectDOB: [] });
    expect(
      (await admin.request({ ...IMPORT, query: { EventId: '01890000-0000-7000-8000-000000000000' } })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/snowracer-export', () => {
  const EXPORT = { method: 'GET', url: '/api/snowracer-export' } as const;

  it("answers the event's entered participants as CSV in UTF-8 with a BOM, formulas defused", async () => {
    const res = await admin.request({ ...EXPORT, query: { EventId: eventId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="snowracer-event-[a-z0-9-]+\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual([...REGISTRY_EXPORT_COLUMNS]);
    const byLast = new Map(rows.map((r) => [r[2], r]));
    const [school] = await t.db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
    expect(byLast.get('ALPINE')).toEqual([
      '9106001',
      '  ava ',
      'ALPINE',
      'Female',
      '2012-03-04',
      school!.name,
      'Alpine; Moguls',
    ]);
    expect(byLast.get('Cross')!.slice(0, 5)).toEqual(['9106003', 'Cal', 'Cross', 'Female', '2010-01-02']);
    expect(byLast.get('Nodob')!.slice(0, 5)).toEqual(['', 'Jo', 'Nodob', 'Female', '']);
    // Spreadsheets would run these: a leading apostrophe keeps them text; quotes and commas survive.
    expect(byLast.get(`'+Kit, "the" Racer`)!.slice(0, 3)).toEqual([
      '9199999',
      `'=HYPERLINK("x")`,
      `'+Kit, "the" Racer`,
    ]);
    // One row per entered participant; not the ones without an entry in the event.
    expect(rows).toHaveLength(10);
    expect(byLast.has('Free')).toBe(false);
  });

  it("uses the session's event, and is the admin's only", async () => {
    const res = await admin.request(EXPORT);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(11);
    const s = await schoolInEvent(t);
    expect((await s.school.request(EXPORT)).statusCode).toBe(403);
    for (const type of ['auditor', 'racedept'] as const) {
      const agent = await signIn(t.app, (await createUser(t.db, type)).email);
      expect((await agent.request({ ...EXPORT, query: { EventId: eventId } })).statusCode, type).toBe(403);
    }
    expect((await t.app.inject({ ...EXPORT, query: { EventId: eventId } })).statusCode).toBe(401);
  });

  it('answers only the header for an event without entries', async () => {
    const other = await createEvent(t.db, { name: 'Empty, "quiet" event' });
    const res = await admin.request({ ...EXPORT, query: { EventId: other.id } });
    expect(res.body).toBe(`\uFEFF${REGISTRY_EXPORT_COLUMNS.join(',')}\r\n`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="snowracer-empty-quiet-event.csv"');
  });
});
