// The people, waiver and award reports against the rows tests/api/reports-fixture.ts made, each
// expectation counted or written out here from those rows: teamManagers, volunteers, ticket-list,
// current-waivers, missing-waivers and ski-snowboard-awards. The removed school never appears.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRaces } from '../../server/db/schema';
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

type Row = Record<string, unknown> & { SchoolId: string };
async function countOf(query: SQL): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: unknown }[] };
  return Number(result.rows[0]!.n);
}
const live = () => sql`(select id from schools where removed_at is null)`;

describe('teamManagers', () => {
  it('every team manager of the event, by school and name', async () => {
    const res = await get(d.agents.admin, '/api/report/teamManagers');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    expect(rows).toHaveLength(
      await countOf(
        sql`select count(*) as n from team_managers where event_id = ${d.cur.id} and school_id in ${live()}`,
      ),
    );
    expect(rows.map((r) => `${r.schoolName}: ${r.lastname}`)).toEqual([
      'Alpine Grammar: Mann',
      'Alpine Grammar: Moss',
      'Bogong Primary: Moon',
    ]);
    expect(rows[1]).toEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      firstname: 'Mia',
      lastname: 'Moss',
      mobile: '0411 111 111',
      seasonPass: '1',
    });
  });
});

describe('volunteers', () => {
  it('one row per slot a volunteer fills (its first-ranked preference); a volunteer without a slot once, empty', async () => {
    const res = await get(d.agents.admin, '/api/report/volunteers');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    const filled = await countOf(
      sql`select count(*) as n from volunteer_slots where event_id = ${d.cur.id} and volunteer_id is not null and school_id in ${live()}`,
    );
    const slotless =
      await countOf(sql`select count(*) as n from volunteers v where v.event_id = ${d.cur.id} and v.school_id in ${live()}
      and not exists (select 1 from volunteer_slots s where s.volunteer_id = v.id)`);
    expect(rows).toHaveLength(filled + slotless);
    const pick = (r: Row) => [r.schoolName, r.lastname, r.DisciplineId, r.division, r.gender, r.position];
    expect(rows.map(pick)).toEqual([
      ['Alpine Grammar', 'Vale', 1, 2, 'Female', 'Start Marshall'],
      ['Alpine Grammar', 'Vale', 4, 1, 'Male', 'Start Referee'],
      ['Alpine Grammar', 'Vine', null, null, null, null],
      ['Cobberas College', 'Voss', null, null, null, null],
    ]);
    expect(rows[0]).toMatchObject({ firstname: 'Vic', mobile: '0422 222 221', email: 'vic@example.test' });
  });
});

describe('ticket-list', () => {
  it("each school's team manager tickets for the event", async () => {
    const res = await get(d.agents.auditor, '/api/report/ticket-list');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    expect(rows).toHaveLength(
      await countOf(sql`select count(*) as n from ticketing where event_id = ${d.cur.id} and school_id in ${live()}`),
    );
    expect(rows[0]).toEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      managerTicket1: 2,
      managerTicket2: 0,
      managerTicket3: 1,
      managerTicket4: 0,
      managerTicket5: 0,
      xcManagerTicketAlpine1: 0,
      xcManagerTicketXC1: 0,
      noAvailableTeamManagerPasses: 4,
    });
    expect(rows[1]).toMatchObject({ SchoolId: d.schools.B.id, managerTicket2: 1, xcManagerTicketXC1: 1 });
  });
});

describe('waivers', () => {
  it('current-waivers: every waiver of the event, completed or not', async () => {
    const res = await get(d.agents.admin, '/api/report/current-waivers');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    expect(rows).toHaveLength(
      await countOf(sql`select count(*) as n from waivers where event_id = ${d.cur.id} and school_id in ${live()}`),
    );
    expect(rows.filter((r) => r.completed)).toHaveLength(
      await countOf(
        sql`select count(*) as n from waivers where event_id = ${d.cur.id} and school_id in ${live()} and completed = 1`,
      ),
    );
    expect(rows).toContainEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      type: 'participant',
      firstname: 'Ari Avery',
      lastname: '',
      completed: true,
    });
    expect(rows).toContainEqual({
      SchoolId: d.schools.C.id,
      schoolName: 'Cobberas College',
      type: 'volunteer',
      firstname: 'Vera',
      lastname: 'Voss',
      completed: false,
    });
  });

  it('missing-waivers/{EventId}: racers and volunteers whose matched waiver is missing or not completed', async () => {
    const res = await get(d.agents.admin, `/api/report/missing-waivers/${d.cur.id}`);
    expect(res.status, res.raw).toBe(200);
    // Alice (a differently typed name), Ari (full name only), Ben and Vic hold completed waivers;
    // Aaron's is not completed; the others have none. 'Nobody Known' matches nobody.
    expect((res.body as Row[]).map((r) => [r.schoolName, r.type, `${r.firstname} ${r.lastname}`, r.completed])).toEqual(
      [
        ['Alpine Grammar', 'participant', 'Aaron Abbott', false],
        ['Alpine Grammar', 'participant', 'Amy Archer', false],
        ['Alpine Grammar', 'volunteer', 'Val Vine', false],
        ['Bogong Primary', 'participant', 'Bella Brown', false],
        ['Cobberas College', 'participant', 'Cara Cole', false],
        ['Cobberas College', 'volunteer', 'Vera Voss', false],
      ],
    );
  });
});

describe('ski-snowboard-awards/{EventId}', () => {
  it('ranks schools by the points of their placings: ski and snowboard, secondary (p-12 included) and primary', async () => {
    const res = await get(d.agents.admin, `/api/v2/report/ski-snowboard-awards/${d.cur.id}`);
    expect(res.status, res.raw).toBe(200);
    const { A, B, C } = d.schools;
    // Ski: Alpine (1) A 1st 10, B 2nd 9, C 3rd 8; Moguls (2) C 1st 10, A ('AG') 2nd 9, A 12th 0;
    // Alpine Primary Teams (7) B ('BPS') 1st 10. Snowboard (4): C 1st 10, A 2nd 9. Cross country
    // (6), last season and the removed school count for nothing.
    expect(res.body).toEqual({
      secondarySki: [
        { SchoolId: A.id, schoolName: A.name, place: 1, points: 19 },
        { SchoolId: C.id, schoolName: C.name, place: 2, points: 18 },
      ],
      secondarySnowboard: [
        { SchoolId: C.id, schoolName: C.name, place: 1, points: 10 },
        { SchoolId: A.id, schoolName: A.name, place: 2, points: 9 },
      ],
      primarySki: [{ SchoolId: B.id, schoolName: B.name, place: 1, points: 19 }],
      primarySnowboard: [],
    });
  });

  it('equal points share a place', async () => {
    await t.db.insert(resultRaces).values({
      eventId: d.cur.id,
      disciplineId: 5,
      division: 1,
      gender: 'Female',
      teamIndividual: 'Team',
      placings: [{ place: 10, name: 'Alpine Grammar' }],
    });
    const res = await get(d.agents.admin, `/api/v2/report/ski-snowboard-awards/${d.cur.id}`);
    const rows = (res.body as { secondarySnowboard: Row[] }).secondarySnowboard;
    expect(rows.map((r) => [r.schoolName, r.place, r.points])).toEqual([
      ['Alpine Grammar', 1, 10],
      ['Cobberas College', 1, 10],
    ]);
    // Another event's results are its own.
    expect((await get(d.agents.admin, `/api/v2/report/ski-snowboard-awards/${d.prev.id}`)).body).toEqual({
      secondarySki: [],
      secondarySnowboard: [],
      primarySki: [{ SchoolId: d.schools.B.id, schoolName: d.schools.B.name, place: 1, points: 10 }],
      primarySnowboard: [],
    });
  });
});
