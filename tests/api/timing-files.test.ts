// Timing files on the server (docs/timing-files.md): each system's file of the races asked with its
// own columns and start order; an admin's columns for one system saved on the event, used by that
// system's export (CSV and Excel) and carried to race officials' tablets by the race-day feed,
// the other systems untouched; set back to the standard ones with null; refused in the screen's
// words when unusable; for race officials and admins only.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, participants, teamEntries, teams } from '../../server/db/schema';
import { STANDARD_TIMING_COLUMNS } from '../../src/domain/constants/timing-files';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;
let racedept: Agent;

const MOGULS = 2;
const RACES = { DisciplineId: String(MOGULS), divisions: '1,2', gender: 'Male' };
const headings = (system: keyof typeof STANDARD_TIMING_COLUMNS) =>
  STANDARD_TIMING_COLUMNS[system].map((c) => c.heading);

/** A Moguls Male team of the school in `division`, its racers named by `lastnames` with `bibs`. */
async function addTeam(schoolId: string, division: number, lastnames: string[], bibs: (number | null)[]) {
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId, eventId, disciplineId: MOGULS, division, gender: 'Male', teamRank: 'A' })
    .returning();
  const people = await t.db
    .insert(participants)
    .values(
      lastnames.map((lastname) => ({
        schoolId,
        firstname: 'Racer',
        lastname,
        gender: 'Male',
        yearLevel: '9',
        snowId: `7${lastname.length}${division}00`,
      })),
    )
    .returning();
  await t.db.insert(teamEntries).values(
    people.map((p, i) => ({
      teamId: team!.id,
      eventId,
      disciplineId: MOGULS,
      schoolId,
      participantId: p.id,
      position: i + 1,
      bib: bibs[i] ?? null,
    })),
  );
}

/** The file as CSV rows (after its byte order mark), checking the CSV's form on the way. */
async function csvOf(agent: Agent, system: string): Promise<string[][]> {
  const res = await agent.request({
    method: 'GET',
    url: '/api/timing-file',
    query: { EventId: eventId, system, ...RACES },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${system}-moguls-div1-2-male.csv"`);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  expect(res.body.endsWith('\r\n')).toBe(true);
  return res.body
    .slice(1)
    .split('\r\n')
    .slice(0, -1)
    .map((line) => line.split(','));
}

const saveColumns = (agent: Agent, timingColumns: unknown) =>
  agent.request({ method: 'PUT', url: '/api/timing-file/columns', payload: { id: eventId, timingColumns } });

beforeEach(async () => {
  t = await startTestApp();
  let schoolId: string;
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
  racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
  // Division 1: Ash (bib 11), Bo (bib 12). Division 2: Cy, given a manual bib 3 before division 1's.
  await addTeam(schoolId, 1, ['Ash', 'Bo'], [11, 12]);
  await addTeam(schoolId, 2, ['Cy'], [3]);
});
afterEach(async () => {
  await t.close();
});

describe('a timing file per system', () => {
  it('exports each system with its own standard columns and start order', async () => {
    const nsw = await csvOf(racedept, 'nsw-system');
    expect(nsw[0]).toEqual(headings('NSW'));
    // NSW: every racer by bib.
    expect(nsw.slice(1).map((row) => row[0])).toEqual(['3', '11', '12']);

    const vic = await csvOf(racedept, 'vic-system');
    expect(vic[0]).toEqual(headings('VIC'));
    // VIC: division by division, each in start order.
    expect(vic.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      ['1', '1', '11'],
      ['1', '2', '12'],
      ['2', '1', '3'],
    ]);

    const live = await csvOf(racedept, 'live-heats');
    expect(live[0]).toEqual(headings('Live heats'));
    expect(live.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['Moguls Division 1 Male', '1'],
      ['Moguls Division 1 Male', '2'],
      ['Moguls Division 2 Male', '1'],
    ]);
  });

  it('is for race officials and admins, and refuses a system it does not know', async () => {
    expect(
      (
        await school.request({
          method: 'GET',
          url: '/api/timing-file',
          query: { EventId: eventId, system: 'nsw-system', ...RACES },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await admin.request({
          method: 'GET',
          url: '/api/timing-file',
          query: { EventId: eventId, system: 'nsw-system', ...RACES },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await racedept.request({
          method: 'GET',
          url: '/api/timing-file',
          query: { EventId: eventId, system: 'NSW', ...RACES },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("an event's own columns", () => {
  const VIC_COLUMNS = [
    { field: 'bib', heading: 'Bib No' },
    { field: 'fullName', heading: ' Competitor ' },
    { field: 'race', heading: 'Event' },
  ];

  it('are saved for one system and used by its export, the other systems untouched', async () => {
    const saved = await saveColumns(admin, { VIC: VIC_COLUMNS });
    expect(saved.statusCode, saved.body).toBe(200);
    // The answer is the event's race-day row, as tablets hold it; headings are kept trimmed.
    const [row] = saved.json() as { id: string; timingColumns: Record<string, unknown> }[];
    expect(row).toMatchObject({
      id: eventId,
      timingColumns: { VIC: [VIC_COLUMNS[0], { field: 'fullName', heading: 'Competitor' }, VIC_COLUMNS[2]] },
    });

    expect(await csvOf(racedept, 'vic-system')).toEqual([
      ['Bib No', 'Competitor', 'Event'],
      ['11', 'Racer Ash', 'Moguls Division 1 Male'],
      ['12', 'Racer Bo', 'Moguls Division 1 Male'],
      ['3', 'Racer Cy', 'Moguls Division 2 Male'],
    ]);
    expect((await csvOf(racedept, 'nsw-system'))[0]).toEqual(headings('NSW'));
    expect((await csvOf(racedept, 'live-heats'))[0]).toEqual(headings('Live heats'));

    // Race officials' tablets get them with the event.
    const feed = await racedept.request({ method: 'GET', url: '/api/race-day/changes', query: { cursor: '0' } });
    const raceEvent = (
      feed.json() as { changes: { entity: string; row?: { id: string; timingColumns?: unknown } }[] }
    ).changes.find((c) => c.entity === 'raceEvents' && c.row?.id === eventId);
    expect(raceEvent?.row?.timingColumns).toEqual(row!.timingColumns);
  });

  it('writes the Excel file with them too, numbers as number cells', async () => {
    expect((await saveColumns(admin, { VIC: VIC_COLUMNS })).statusCode).toBe(200);
    const res = await racedept.request({
      method: 'GET',
      url: '/api/timing-file',
      query: { EventId: eventId, system: 'vic-system', ...RACES, format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vic-system-moguls-div1-2-male.xlsx"');
    const workbook = await new ExcelJS.Workbook().xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('VIC system')!;
    const values = (n: number) => [1, 2, 3].map((c) => sheet.getRow(n).getCell(c).value);
    expect(values(1)).toEqual(['Bib No', 'Competitor', 'Event']);
    expect(values(2)).toEqual([11, 'Racer Ash', 'Moguls Division 1 Male']);
  });

  it('go back to the standard ones with null, other systems keeping theirs', async () => {
    const live = [
      { field: 'fullName', heading: 'Name' },
      { field: 'race', heading: 'Division' },
    ];
    expect((await saveColumns(admin, { VIC: VIC_COLUMNS, 'Live heats': live })).statusCode).toBe(200);
    const back = await saveColumns(admin, { VIC: null });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as { timingColumns: unknown }[])[0]?.timingColumns).toEqual({ 'Live heats': live });
    expect((await csvOf(racedept, 'vic-system'))[0]).toEqual(headings('VIC'));
    expect((await csvOf(racedept, 'live-heats'))[0]).toEqual(['Name', 'Division']);
  });

  it('are refused in the words the screen shows when unusable, and changed by admins only', async () => {
    const bad = await saveColumns(admin, {
      NSW: [
        { field: 'bib', heading: 'Bib' },
        { field: 'snowId', heading: 'bib' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      {
        path: 'body.timingColumns.NSW.1.heading',
        message: "Columns 1 and 2 are both headed 'bib': give each column its own heading.",
      },
    ]);
    expect((await saveColumns(admin, { NSW: [] })).json().fields[0].message).toBe(
      'Keep at least one column in the file.',
    );
    expect((await saveColumns(racedept, { VIC: VIC_COLUMNS })).statusCode).toBe(403);
    expect((await saveColumns(school, { VIC: VIC_COLUMNS })).statusCode).toBe(403);
    expect((await csvOf(racedept, 'nsw-system'))[0]).toEqual(headings('NSW'));
  });

  it('are saved for an event whose start lists are not shown, with no race-day row to answer', async () => {
    await t.db.update(events).set({ showForStartlists: false }).where(eq(events.id, eventId));
    const saved = await saveColumns(admin, { VIC: VIC_COLUMNS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([]);
    const [stored] = await t.db
      .select({ timingColumns: events.timingColumns })
      .from(events)
      .where(eq(events.id, eventId));
    expect(stored?.timingColumns?.VIC?.map((c) => c.heading)).toEqual(['Bib No', 'Competitor', 'Event']);
  });
});
