// POST /api/results/import: a race's results file from the timing system (CSV or .xlsx) is read
// and each row matched to the race's racers by bib, writing nothing; with confirm=1 the matched
// rows become the race's results, which race officials' feed brings. A corrected file replaces
// what the first brought (a racer it no longer names has no imported result); a bib not in the
// race is listed and not imported; a file of 2,000 rows is refused and nothing is written. A
// result typed on a tablet (PUT /api/race-results) corrects one and survives a later file that
// does not name its racer.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { raceResults } from '../../server/db/schema';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { raceWithRacers } from './support/race-with-racers';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let admin: Agent;
let school: Agent;
/** Racers by bib: Alpine, Division 1, Male; two teams of three (bibs 101-103 and 104-106). */
let entryOf: Map<number, string>;

beforeEach(async () => {
  t = await startTestApp();
  ({ eventId, admin, school, entryOf } = await raceWithRacers(t));
});
afterEach(async () => {
  await t.close();
});

const RACE = 'DisciplineId=1&division=1&gender=Male';
const send = (agent: Agent, body: string | Buffer, confirm = false, type = 'text/csv') =>
  agent.request({
    method: 'POST',
    url: `/api/results/import?EventId=${eventId}&${RACE}${confirm ? '&confirm=1' : ''}`,
    headers: { 'content-type': type },
    payload: body,
  });
const csv = (...lines: string[]) => ['Bib,Run 1,Run 2,Status', ...lines].join('\r\n');
const stored = async () =>
  new Map(
    (await t.db.select().from(raceResults)).map((r) => [
      [...entryOf].find(([, id]) => id === r.teamEntryId)![0],
      [r.run1, r.run2, r.status, r.source],
    ]),
  );

it('reads each row with its racer or why it is not imported, and writes nothing', async () => {
  const res = await send(admin, csv('101,1:01.50,1:02.25,', '104,61.75,62.00,', '103,,,DNF', '999,1:00.00,1:00.00,'));
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json();
  expect(answer.matched).toBe(3);
  expect(answer.written).toBe(0);
  expect(
    answer.rows.map((r: { line: number; racer: { name: string } | null; run1: number | null; problems: string[] }) => [
      r.line,
      r.racer?.name ?? null,
      r.run1,
      r.problems,
    ]),
  ).toEqual([
    [2, 'Racer Bib101', 6150, []],
    [3, 'Racer Bib104', 6175, []],
    [4, 'Racer Bib103', null, []],
    [5, null, 6000, ['Bib 999 is not in this race.']],
  ]);
  expect(answer.rows[2].status).toBe('DNF');
  expect((await stored()).size).toBe(0);
});

it("writes the matched rows with confirm=1, race officials' feed brings them, and a corrected file replaces them", async () => {
  const first = await send(admin, csv('101,1:01.50,1:02.25,', '102,1:03.00,1:04.00,', '999,1:00.00,1:00.00,'), true);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().written).toBe(2);
  expect(await stored()).toEqual(
    new Map([
      [101, [6150, 6225, null, 'file']],
      [102, [6300, 6400, null, 'file']],
    ]),
  );
  const official = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
  const feed = (await official.request({ method: 'GET', url: '/api/race-day/changes?cursor=0' })).json();
  const results = feed.changes.filter((c: { entity: string }) => c.entity === 'raceResults');
  expect(
    results.map((c: { row: { teamEntryId: string; run1: number } }) => [c.row.teamEntryId, c.row.run1]).sort(),
  ).toEqual(
    [
      [entryOf.get(101), 6150],
      [entryOf.get(102), 6300],
    ].sort(),
  );

  // The corrected file: 101's second run fixed, 102 gone from it, 105 added.
  const corrected = await send(admin, csv('101,1:01.50,1:02.75,', '105,1:05.00,,DNF'), true);
  expect(corrected.json().written).toBe(2);
  expect(await stored()).toEqual(
    new Map([
      [101, [6150, 6275, null, 'file']],
      [105, [6500, null, 'DNF', 'file']],
    ]),
  );
});

it('reads an .xlsx file the same way', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRows([
    ['BIB', 'Time 1', 'Time 2'],
    [106, '59.99', '1:00.01'],
  ]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const res = await send(admin, bytes, true, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.statusCode, res.body).toBe(200);
  expect(await stored()).toEqual(new Map([[106, [5999, 6001, null, 'file']]]));
});

it('refuses a file of 2,000 rows, and one with no Bib column says so; nothing is written', async () => {
  const long = csv(...Array.from({ length: 2000 }, (_, i) => `${1000 + i},1:00.00,1:00.00,`));
  const refused = await send(admin, long, true);
  expect(refused.statusCode).toBe(413);
  expect(refused.json().message).toBe(
    "This results file has 2,000 rows; a race's file has at most 500. Check that it holds one race.",
  );
  const noBib = await send(admin, 'Racer,Time\r\nJo,1:00.00', true);
  expect(noBib.statusCode).toBe(200);
  expect(noBib.json()).toMatchObject({ rows: [], matched: 0, written: 0 });
  expect(noBib.json().problems[0]).toContain('The file has no Bib column.');
  expect((await stored()).size).toBe(0);
});

it('is for administrators only', async () => {
  expect((await send(school, csv('101,1:01.50,1:02.25,'), true)).statusCode).toBe(403);
  expect((await stored()).size).toBe(0);
});

describe('a result typed on a tablet (PUT /api/race-results)', () => {
  const typed = (agent: Agent, results: unknown[]) =>
    agent.request({ method: 'PUT', url: '/api/race-results', payload: { results } });
  const result = (bib: number, over: Record<string, unknown> = {}) => ({
    teamEntryId: entryOf.get(bib),
    run1: null,
    run2: null,
    score: null,
    status: null,
    ...over,
  });

  it('is saved with who typed it, corrects an imported one, stays when a later file does not name its racer, and clears when emptied', async () => {
    const official = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    await send(admin, csv('101,1:01.50,1:02.25,', '102,1:03.00,1:04.00,'), true);
    const res = await typed(official, [result(101, { run2: 6199 }), result(103, { status: 'DNS' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual(
      new Map([
        [101, [null, 6199, null, 'tablet']],
        [102, [6300, 6400, null, 'file']],
        [103, [null, null, 'DNS', 'tablet']],
      ]),
    );
    const [row] = await t.db
      .select()
      .from(raceResults)
      .where(eq(raceResults.teamEntryId, entryOf.get(103)!));
    expect(row!.recordedBy).toMatch(/@/);

    // A corrected file names 101 and 102: they are the file's again; 103, typed, stays.
    await send(admin, csv('101,1:01.50,1:02.00,', '102,1:03.00,1:04.00,'), true);
    expect((await stored()).get(103)).toEqual([null, null, 'DNS', 'tablet']);
    expect((await stored()).get(101)).toEqual([6150, 6200, null, 'file']);

    expect((await typed(official, [result(103)])).statusCode).toBe(200);
    expect((await stored()).has(103)).toBe(false);
  });

  it('refuses a race entry that does not exist, naming its row, and saves nothing', async () => {
    const res = await typed(admin, [result(101, { run1: 6000 }), { ...result(101), teamEntryId: crypto.randomUUID() }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().fields[0].path).toBe('results.1.teamEntryId');
    expect((await stored()).size).toBe(0);
  });
});

it("publishes the computed results as the race's Individual and Team results and the event's pointscores, which schools read", async () => {
  await send(
    admin,
    csv('101,1:00.00,1:00.00,', '102,1:01.00,1:01.00,', '103,1:02.00,1:02.00,', '104,59.00,59.00,', '105,1:03.00,,DNF'),
    true,
  );
  const races = (await school.request({ method: 'GET', url: `/api/results/?EventId=${eventId}` })).json();
  const ofType = (type: string) =>
    races.find(
      (r: { teamIndividual: string; DisciplineId: number }) => r.teamIndividual === type && r.DisciplineId === 1,
    );
  expect(
    ofType('Individual').placings.map((p: { place: number; bib: number; result: string }) => [
      p.place,
      p.bib,
      p.result,
    ]),
  ).toEqual([
    [1, 104, '1:58.00'],
    [2, 101, '2:00.00'],
    [3, 102, '2:02.00'],
    [4, 103, '2:04.00'],
  ]);
  // Only the first school's team is complete: first, 10 points.
  const team = ofType('Team').placings;
  expect(team).toHaveLength(1);
  expect(team[0]).toMatchObject({ place: 1, result: '6:06.00', points: 10 });
  const overall = (await school.request({ method: 'GET', url: `/api/resultOveralls?EventId=${eventId}` })).json();
  const skiing = overall.find(
    (o: { pointscore: string; schoolType: string; gender: string }) =>
      o.pointscore === 'Skiing' && o.schoolType === 'Secondary' && o.gender === 'Male',
  );
  expect(skiing.placings).toEqual([{ place: 1, name: team[0].school, points: 10 }]);
});
