// The race-entry reports against the rows tests/api/reports-fixture.ts made, each number counted
// here in plain JS over those rows (never by the report's own code): total-entries, per school,
// race-entries, participants, missing-snow-ids, primary-entries-event-compare, new-state-entries,
// school-past-total-entries. The removed school never appears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';
import { buildReportData, get, type ReportData } from './support/reports-fixture';

let t: TestApp;
let d: ReportData;
beforeAll(async () => {
  t = await startTestApp();
  d = await buildReportData(t);
});
afterAll(async () => {
  await t.close();
});

const removed = () => d.schools.D.id;
/** Race entries (positions holding a participant) of an event, of schools not removed. */
const raceEntriesOf = (eventId: string) =>
  d.entries.filter((e) => e.eventId === eventId && e.participantId && e.schoolId !== removed());
const tally = <T>(list: readonly T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of list) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};
type Row = Record<string, unknown> & { SchoolId: string };

describe('total-entries', () => {
  it("answers one row: the race entries of the session's event (empty positions and removed schools left out)", async () => {
    const res = await get(d.agents.admin, '/api/report/total-entries');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual([{ count: raceEntriesOf(d.cur.id).length }]);
    expect(raceEntriesOf(d.cur.id).length).toBe(8);
  });

  it('?EventId= picks another event; ?StateId= narrows to one state', async () => {
    expect((await get(d.agents.auditor, `/api/report/total-entries?EventId=${d.prev.id}`)).body).toEqual([
      { count: raceEntriesOf(d.prev.id).length },
    ]);
    const vic = raceEntriesOf(d.cur.id).filter((e) => e.schoolId === d.schools.C.id).length;
    expect((await get(d.agents.admin, '/api/report/total-entries?StateId=7')).body).toEqual([{ count: vic }]);
  });
});

describe('total-entries-per-school', () => {
  it('lists each school with race entries, most first, with its count and state', async () => {
    const res = await get(d.agents.admin, '/api/report/total-entries-per-school');
    expect(res.status, res.raw).toBe(200);
    const expected = [...tally(raceEntriesOf(d.cur.id), (e) => e.schoolId)].sort((a, b) => b[1] - a[1]);
    const rows = res.body as Row[];
    expect(rows.map((r) => [r.SchoolId, r.count])).toEqual(expected);
    expect(rows[0]).toEqual({ SchoolId: d.schools.A.id, schoolName: 'Alpine Grammar', StateId: 3, count: 5 });
  });
});

describe('race-entries', () => {
  it('lists every race entry with its team and participant', async () => {
    const res = await get(d.agents.admin, '/api/report/race-entries');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    expect(rows).toHaveLength(raceEntriesOf(d.cur.id).length);
    expect(rows.every((r) => r.SchoolId !== removed())).toBe(true);
    expect(tally(rows, (r) => r.SchoolId)).toEqual(tally(raceEntriesOf(d.cur.id), (e) => e.schoolId));
    const alice = rows.filter((r) => r.firstname === 'Alice');
    expect(alice.map((r) => r.DisciplineId).sort()).toEqual([1, 4]);
    expect(rows.find((r) => r.firstname === 'Aaron')).toEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      DisciplineId: 1,
      disciplineName: 'Alpine',
      division: 2,
      teamGender: 'Female',
      teamRank: 'A',
      position: 2,
      firstname: 'Aaron',
      lastname: 'Abbott',
      snowId: null,
      yearLevel: '8',
      bib: d.entries.find((e) => e.participantId === d.people.a2.id && e.eventId === d.cur.id)!.bib,
    });
  });
});

describe('participants and missing-snow-ids', () => {
  const entered = () => tally(raceEntriesOf(d.cur.id), (e) => e.participantId!);

  it('participants: each entered participant once, with its race entries in the event', async () => {
    const res = await get(d.agents.admin, '/api/report/participants');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    expect(new Map(rows.map((r) => [r.ParticipantId, r.entryCount]))).toEqual(entered());
    expect(rows.find((r) => r.ParticipantId === d.people.a1.id)).toMatchObject({
      firstname: 'Alice',
      entryCount: 2,
      schoolName: 'Alpine Grammar',
    });
  });

  it('missing-snow-ids: the entered participants without a snow id (none or blank)', async () => {
    const res = await get(d.agents.auditor, '/api/report/missing-snow-ids');
    expect(res.status, res.raw).toBe(200);
    const people = Object.values(d.people);
    const expected = [...entered().keys()].filter((id) => !people.find((p) => p.id === id)!.snowId?.trim()).sort();
    expect((res.body as Row[]).map((r) => r.ParticipantId).sort()).toEqual(expected);
    expect(expected).toHaveLength(3);
    expect((res.body as Row[]).every((r) => r.snowId === null)).toBe(true);
  });
});

describe('primary-entries-event-compare', () => {
  it('primary schools with their race entries in the event and in the previous event of its kind', async () => {
    const res = await get(d.agents.admin, '/api/report/primary-entries-event-compare');
    expect(res.status, res.raw).toBe(200);
    const count = (eventId: string, schoolId: string) =>
      raceEntriesOf(eventId).filter((e) => e.schoolId === schoolId).length;
    expect(res.body).toEqual([
      {
        SchoolId: d.schools.B.id,
        schoolName: 'Bogong Primary',
        currentEntries: count(d.cur.id, d.schools.B.id),
        previousEntries: count(d.prev.id, d.schools.B.id),
      },
    ]);
    expect(res.body).toEqual([expect.objectContaining({ currentEntries: 2, previousEntries: 3 })]);
  });
});

describe('new-state-entries', () => {
  it('schools entering the event with no race entry in an earlier season, with their entries and state', async () => {
    const res = await get(d.agents.admin, `/api/v2/report/new-state-entries/${d.cur.id}`);
    expect(res.status, res.raw).toBe(200);
    const earlier = new Set(d.entries.filter((e) => e.participantId && e.eventId !== d.cur.id).map((e) => e.schoolId));
    const expected = [...tally(raceEntriesOf(d.cur.id), (e) => e.schoolId)].filter(([id]) => !earlier.has(id));
    expect((res.body as Row[]).map((r) => [r.SchoolId, r.count])).toEqual(expected);
    expect(res.body).toEqual([
      { SchoolId: d.schools.C.id, schoolName: 'Cobberas College', StateId: 7, stateName: 'VIC', count: 1 },
    ]);
  });

  it("for last season's event, schools that had not entered two seasons ago", async () => {
    const res = await get(d.agents.auditor, `/api/v2/report/new-state-entries/${d.prev.id}`);
    expect((res.body as Row[]).map((r) => r.SchoolId)).toEqual([d.schools.B.id]);
  });
});

describe('school-past-total-entries', () => {
  it('each school with race entries in the events ticked, its entries per event (0 where none)', async () => {
    const events = [d.prev.id, d.older.id];
    const res = await d.agents.admin.request({
      method: 'POST',
      url: '/api/report/school-past-total-entries',
      payload: { events },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as (Row & { pastTotals: Record<string, number> })[];
    const schoolIds = [...new Set(events.flatMap((id) => raceEntriesOf(id).map((e) => e.schoolId)))].sort();
    expect(rows.map((r) => r.SchoolId).sort()).toEqual(schoolIds);
    for (const row of rows) {
      for (const id of events)
        expect(row.pastTotals[id], `${row.schoolName} ${id}`).toBe(
          raceEntriesOf(id).filter((e) => e.schoolId === row.SchoolId).length,
        );
    }
    expect(rows.find((r) => r.SchoolId === d.schools.A.id)!.pastTotals).toEqual({ [d.prev.id]: 1, [d.older.id]: 2 });
  });
});
