// The school reports against the rows tests/api/reports-fixture.ts made, each number counted here
// (plain JS over those rows, or a plain SQL count): schools, new-schools, schools-missing-bpay,
// school-types, coordinator-details (by event and by state), school-costs and home-summary. The
// removed school never appears.
import { sql, type SQL } from 'drizzle-orm';
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

type Row = Record<string, unknown> & { SchoolId: string };
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.SchoolId);
const shown = () => Object.values(d.schools).filter((s) => !s.removedAt);
const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : 1));
/** Schools taking part in this season's event: a race entry there. */
const takingPart = () =>
  shown().filter((s) => d.entries.some((e) => e.eventId === d.cur.id && e.participantId && e.schoolId === s.id));
async function countOf(query: SQL): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: unknown }[] };
  return Number(result.rows[0]!.n);
}

describe('schools, new-schools, schools-missing-bpay', () => {
  it('schools: every school not removed, by name, with its state and profile', async () => {
    const res = await get(d.agents.admin, '/api/report/schools');
    expect(res.status, res.raw).toBe(200);
    expect(ids(res.body)).toEqual(byName(shown()).map((s) => s.id));
    expect((res.body as Row[])[0]).toEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      StateId: 3,
      stateName: 'NSW',
      town: 'Jindabyne',
      region: 'Southern NSW',
      schoolType: 'Co-ed',
      schoolCategory: 'Secondary',
      schoolGovOrPrivate: 'Ind.',
      bpay: '1234567',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    expect(ids((await get(d.agents.auditor, '/api/report/schools?StateId=7')).body)).toEqual([d.schools.C.id]);
  });

  it("new-schools: schools registered in the event's season", async () => {
    const res = await get(d.agents.admin, '/api/report/new-schools');
    expect(res.status, res.raw).toBe(200);
    const year = d.cur.year;
    expect(ids(res.body)).toEqual(
      byName(shown().filter((s) => s.createdAt?.getUTCFullYear() === year)).map((s) => s.id),
    );
    expect(ids(res.body)).toEqual([d.schools.A.id, d.schools.E.id]);
    expect(ids((await get(d.agents.admin, `/api/report/new-schools?EventId=${d.prev.id}`)).body)).toEqual([]);
  });

  it('schools-missing-bpay: schools with an empty (or blank) BPAY reference', async () => {
    const res = await get(d.agents.admin, '/api/report/schools-missing-bpay');
    expect(res.status, res.raw).toBe(200);
    expect(ids(res.body)).toEqual(byName(shown().filter((s) => !s.bpay.trim())).map((s) => s.id));
    expect(ids(res.body)).toEqual([d.schools.B.id, d.schools.C.id]);
  });
});

describe('school-types', () => {
  it('the schools taking part counted by type, category and sector', async () => {
    const res = await get(d.agents.admin, '/api/report/school-types');
    expect(res.status, res.raw).toBe(200);
    const expected = new Map<string, number>();
    for (const s of takingPart()) {
      const key = `${s.schoolType}|${s.schoolCategory}|${s.schoolGovOrPrivate}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const rows = res.body as {
      schoolType: string;
      schoolCategory: string;
      schoolGovOrPrivate: string;
      count: number;
    }[];
    expect(new Map(rows.map((r) => [`${r.schoolType}|${r.schoolCategory}|${r.schoolGovOrPrivate}`, r.count]))).toEqual(
      expected,
    );
    expect(rows.reduce((a, r) => a + r.count, 0)).toBe(3);
  });
});

describe('coordinator-details', () => {
  it('the coordinators of the schools taking part, with the login email', async () => {
    const res = await get(d.agents.admin, '/api/report/coordinator-details');
    expect(res.status, res.raw).toBe(200);
    expect(ids(res.body)).toEqual(byName(takingPart()).map((s) => s.id));
    expect((res.body as Row[])[0]).toEqual({
      SchoolId: d.schools.A.id,
      schoolName: 'Alpine Grammar',
      StateId: 3,
      firstname: 'Ann',
      lastname: 'Ash',
      phone: '02 6000 0001',
      mobile: '0400 000 001',
      email: d.coordinators.A.email,
    });
    expect((res.body as Row[]).find((r) => r.SchoolId === d.schools.C.id)!.email).toBe('');
  });

  it('coordinator-details-state/{stateId}: the coordinators of every school of the state', async () => {
    for (const stateId of [3, 7]) {
      const res = await get(d.agents.auditor, `/api/report/coordinator-details-state/${stateId}`);
      expect(res.status, res.raw).toBe(200);
      expect(ids(res.body)).toEqual(byName(shown().filter((s) => s.stateId === stateId)).map((s) => s.id));
    }
    expect(ids((await get(d.agents.admin, '/api/report/coordinator-details-state/3')).body)).toEqual([
      d.schools.A.id,
      d.schools.B.id,
      d.schools.E.id,
    ]);
  });
});

describe('school-costs', () => {
  it('each school with entries or payments: its entries cost by the fees, GST, what it paid and what is left', async () => {
    const res = await get(d.agents.admin, '/api/report/school-costs');
    expect(res.status, res.raw).toBe(200);
    const rows = res.body as Row[];
    const paid = async (schoolId: string) =>
      countOf(sql`select coalesce(sum(amount_cents), 0) as n from payments
      where school_id = ${schoolId} and event_id = ${d.cur.id} and status = 'received'`);
    const entries = async (schoolId: string) =>
      countOf(sql`select count(*) as n from team_entries
      where school_id = ${schoolId} and event_id = ${d.cur.id} and participant_id is not null`);
    // The invoice's lines: the registration fee, and one line of race entries per discipline.
    const perDiscipline = async (schoolId: string) =>
      (
        (await t.db.execute(sql`select count(*)::int as n from team_entries
      where school_id = ${schoolId} and event_id = ${d.cur.id} and participant_id is not null group by discipline_id`)) as unknown as {
          rows: { n: unknown }[];
        }
      ).rows.map((r) => Number(r.n));
    const expected = [];
    for (const s of byName(shown())) {
      const [n, cents] = [await entries(s.id), await paid(s.id)];
      if (!n && !cents) continue;
      const totalCents = (n ? 5_000 : 0) + n * 3_000;
      expected.push({
        SchoolId: s.id,
        schoolName: s.name,
        entries: n,
        registrationFee: n ? 50 : 0,
        entriesAmount: n * 30,
        total: totalCents / 100,
        // GST per line, rounded to the cent, as the invoice and Xero work it out.
        gst:
          ((n ? Math.round(5_000 / 11) : 0) +
            (await perDiscipline(s.id)).reduce((sum, k) => sum + Math.round((k * 3_000) / 11), 0)) /
          100,
        received: cents / 100,
        outstanding: (totalCents - cents) / 100,
      });
    }
    expect(rows).toEqual(expected);
    expect(rows[0]).toMatchObject({
      schoolName: 'Alpine Grammar',
      entries: 5,
      total: 200,
      gst: 18.18,
      received: 150.55,
      outstanding: 49.45,
    });
    expect(rows.find((r) => r.SchoolId === d.schools.E.id)).toMatchObject({
      entries: 0,
      total: 0,
      received: 15,
      outstanding: -15,
    });
  });
});

describe('home-summary/{EventId}', () => {
  it('the home numbers over every school shown, with schools taking part and payments received', async () => {
    const res = await get(d.agents.auditor, `/api/report/home-summary/${d.cur.id}`);
    expect(res.status, res.raw).toBe(200);
    const ev = d.cur.id;
    const live = sql`(select id from schools where removed_at is null)`;
    const of = (table: string, extra = sql``) =>
      countOf(
        sql`select count(*) as n from ${sql.raw(table)} where event_id = ${ev} and school_id in ${live} ${extra}`,
      );
    const part = takingPart().map((s) => s.id);
    expect(res.body).toEqual({
      schoolCount: part.length,
      participantCount: Object.values(d.people).filter((p) => part.includes(p.schoolId) && p.archived !== 1).length,
      teamManagerCount: await of('team_managers'),
      teamsCount: await of('teams'),
      raceEntriesCount: await of('team_entries', sql`and participant_id is not null`),
      enteredParticipantsCount: await countOf(sql`select count(distinct te.participant_id) as n from team_entries te
        join participants p on p.id = te.participant_id join schools s on s.id = te.school_id
        where te.event_id = ${ev} and s.removed_at is null and p.archived = 0`),
      volunteerCount: await of('volunteers'),
      noPositionsAssignedToVolunteer: await of('volunteer_slots', sql`and volunteer_id is not null`),
      noPositionsNotAssignedToVolunteer: await of('volunteer_slots', sql`and volunteer_id is null`),
      completedParticipantsWaiversCount: await of('waivers', sql`and type = 'participant' and completed = 1`),
      completedVolunteerWaiversCount: await of('waivers', sql`and type = 'volunteer' and completed = 1`),
      paymentsReceived:
        (await countOf(sql`select coalesce(sum(amount_cents), 0) as n from payments
        where event_id = ${ev} and status = 'received' and school_id in ${live}`)) / 100,
    });
    expect(res.body).toMatchObject({
      schoolCount: 3,
      participantCount: 9,
      raceEntriesCount: 8,
      enteredParticipantsCount: 7,
      paymentsReceived: 185.55,
    });
  });
});
