// Race day on the server: the start list in drawn order (latecomers at the end, bib order once bibs
// are given, no redraw then), the start marshall sheet in run order (the Second run reversed, or
// only its first N), paged, with the start hut's marks; who may read and write what; bad forms.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, participants, raceMarks, schools, teamEntries, teams, waivers } from '../../server/db/schema';
import { BIB_MESSAGES } from '../../server/modules/race-day/bibs';
import { bibTakenMessage } from '../../src/domain/server-messages';
import { RACE_MESSAGES } from '../../server/modules/race-day/service';
import { createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let eventId: string;
let schoolId: string;
let otherSchoolId: string;
let admin: Agent;
let school: Agent;
let racedept: Agent;

type StartlistTeam = {
  TeamId: string;
  SchoolId: string;
  startOrder: number;
  members: { teamEntryId: string; position: number; lastname: string; bib: number | null }[];
};
type SheetRow = { order: number; teamEntryId: string; lastname: string; position: number; mark: string | null };

const RACE = { DisciplineId: '2', division: '1', gender: 'Male' };
const startlistOf = async (agent: Agent, query: Record<string, string> = {}) => {
  const res = await agent.request({
    method: 'GET',
    url: '/api/startlist',
    query: { EventId: eventId, ...RACE, ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { teams: StartlistTeam[] }).teams;
};
const sheet = async (agent: Agent, query: Record<string, string> = {}) => {
  const res = await agent.request({
    method: 'GET',
    url: '/api/startMarshall',
    query: { EventId: eventId, ...RACE, type: 'Start Marshall', run: 'First', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: SheetRow[]; total: number };
};
const draw = (agent: Agent) =>
  agent.request({
    method: 'POST',
    url: '/api/startlist/draw',
    payload: { EventId: eventId, DisciplineId: 2, division: 1, gender: 'Male' },
  });

/** A Moguls Division 1 Male team of the school with members named `${letter}${position}`. */
async function addTeam(sid: string, letter: string, size = 2) {
  const [team] = await t.db
    .insert(teams)
    .values({ schoolId: sid, eventId, disciplineId: 2, division: 1, gender: 'Male', teamRank: letter })
    .returning();
  const people = await t.db
    .insert(participants)
    .values(
      Array.from({ length: size }, (_, i) => ({
        schoolId: sid,
        firstname: 'Racer',
        lastname: `${letter}${sid === schoolId ? '' : 'x'}${i + 1}`,
        gender: 'Male',
        yearLevel: '9',
      })),
    )
    .returning();
  const entries = await t.db
    .insert(teamEntries)
    .values(
      people.map((p, i) => ({
        teamId: team!.id,
        eventId,
        disciplineId: 2,
        schoolId: sid,
        participantId: p.id,
        position: i + 1,
      })),
    )
    .returning();
  return { team: team!, entries };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  otherSchoolId = (await createSchool(t.db)).id;
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
  racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
});
afterEach(async () => {
  await t.close();
});

describe('start list', () => {
  it('lists the teams in drawn order with their members by position, latecomers at the end', async () => {
    const a = await addTeam(schoolId, 'A');
    const b = await addTeam(otherSchoolId, 'A');
    const c = await addTeam(schoolId, 'B');
    const drawn = await draw(admin);
    expect(drawn.statusCode, drawn.body).toBe(200);
    const order = (drawn.json() as { teams: StartlistTeam[] }).teams.map((x) => x.TeamId);
    expect(order.sort()).toEqual([a.team.id, b.team.id, c.team.id].sort());
    const late = await addTeam(otherSchoolId, 'B');

    const list = await startlistOf(racedept);
    expect(list.map((x) => x.TeamId)).toEqual([
      ...(drawn.json() as { teams: StartlistTeam[] }).teams.map((x) => x.TeamId),
      late.team.id,
    ]);
    expect(list.map((x) => x.startOrder)).toEqual([1, 2, 3, 4]);
    expect(list.find((x) => x.TeamId === a.team.id)!.members.map((m) => [m.position, m.lastname])).toEqual([
      [1, 'A1'],
      [2, 'A2'],
    ]);
    // A school sees its own teams' start positions only.
    expect((await startlistOf(school)).map((x) => [x.TeamId, x.startOrder])).toEqual(
      list.filter((x) => x.SchoolId === schoolId).map((x) => [x.TeamId, x.startOrder]),
    );
  });

  it('orders by bib once bibs are given, and refuses a redraw then', async () => {
    const a = await addTeam(schoolId, 'A');
    const b = await addTeam(schoolId, 'B');
    expect((await draw(admin)).statusCode).toBe(200);
    await t.db.update(teamEntries).set({ bib: 10 }).where(eq(teamEntries.id, b.entries[0]!.id));
    await t.db.update(teamEntries).set({ bib: 20 }).where(eq(teamEntries.id, a.entries[0]!.id));
    expect((await startlistOf(admin)).map((x) => x.TeamId)).toEqual([b.team.id, a.team.id]);
    const again = await draw(admin);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(RACE_MESSAGES.bibsGiven);
  });

  it('refuses a draw of a race without teams, and a draw by anyone but an admin', async () => {
    expect((await draw(admin)).json().message).toBe(RACE_MESSAGES.noTeams);
    expect((await draw(racedept)).statusCode).toBe(403);
  });

  it('shows an unpublished event to an admin only, and answers a bad form 400', async () => {
    const hidden = (await createEvent(t.db)).id;
    expect(
      (await racedept.request({ method: 'GET', url: '/api/startlist', query: { EventId: hidden, ...RACE } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.request({ method: 'GET', url: '/api/startlist', query: { EventId: hidden, ...RACE } })).statusCode,
    ).toBe(200);
    for (const bad of [{ gender: 'Other' }, { DisciplineId: 'x' }, { division: '-1' }]) {
      const res = await racedept.request({
        method: 'GET',
        url: '/api/startlist',
        query: { EventId: eventId, ...RACE, ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('start marshall sheet', () => {
  it('runs the First run in start order and reverses the Second, or only its first N', async () => {
    await addTeam(schoolId, 'A');
    await addTeam(schoolId, 'B');
    await addTeam(schoolId, 'C');
    expect((await draw(admin)).statusCode).toBe(200);
    const first = (await sheet(racedept)).rows;
    expect(first.map((r) => r.order)).toEqual([1, 2, 3, 4, 5, 6]);
    const names = first.map((r) => r.lastname);
    expect((await sheet(racedept, { run: 'Second' })).rows.map((r) => r.lastname)).toEqual([...names].reverse());
    await t.db.update(events).set({ secondRunReverseCount: 2 }).where(eq(events.id, eventId));
    expect((await sheet(racedept, { run: 'Second' })).rows.map((r) => r.lastname)).toEqual([
      names[1],
      names[0],
      ...names.slice(2),
    ]);
    const page = await sheet(racedept, { limit: '4', offset: '4' });
    expect([page.total, page.rows.map((r) => r.order)]).toEqual([6, [5, 6]]);
  });

  it('is for the race department and admins only', async () => {
    for (const agent of [school, await signIn(t.app, (await createUser(t.db, 'auditor')).email)]) {
      expect(
        (
          await agent.request({
            method: 'GET',
            url: '/api/startMarshall',
            query: { EventId: eventId, ...RACE, type: 'Start Marshall', run: 'First' },
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('start hut marks', () => {
  const mark = (agent: Agent, marks: unknown[], headers: Record<string, string> = {}) =>
    agent.request({ method: 'PUT', url: '/api/raceMarks', headers, payload: { marks } });

  it('marks a racer DNS on the sheet, clears it, and a replay applies once', async () => {
    const { entries } = await addTeam(schoolId, 'A');
    // Entries have closed: race day goes on.
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const key = randomUUID();
    const body = [{ teamEntryId: entries[1]!.id, run: 'First', mark: 'DNS' }];
    expect((await mark(racedept, body, { 'idempotency-key': key })).statusCode).toBe(200);
    expect((await mark(racedept, body, { 'idempotency-key': key })).statusCode).toBe(200);
    expect(await t.db.select().from(raceMarks)).toHaveLength(1);
    const rows = (await sheet(racedept)).rows;
    expect(rows.map((r) => [r.lastname, r.mark])).toEqual([
      ['A1', null],
      ['A2', 'DNS'],
    ]);
    expect((await sheet(racedept, { run: 'Second' })).rows.every((r) => r.mark === null)).toBe(true);
    expect((await mark(admin, [{ ...body[0], mark: null }])).statusCode).toBe(200);
    expect(await t.db.select().from(raceMarks)).toHaveLength(0);
  });

  it('refuses an unknown entry (naming the row), a school and an auditor, and bad marks', async () => {
    const { entries } = await addTeam(schoolId, 'A');
    const res = await mark(racedept, [
      { teamEntryId: entries[0]!.id, run: 'First', mark: 'started' },
      { teamEntryId: randomUUID(), run: 'First', mark: 'DNS' },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual([{ path: 'marks.1.teamEntryId', message: RACE_MESSAGES.entryNotFound }]);
    expect((await mark(school, [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNS' }])).statusCode).toBe(403);
    expect(
      (
        await mark(await signIn(t.app, (await createUser(t.db, 'auditor')).email), [
          { teamEntryId: entries[0]!.id, run: 'First', mark: 'DNS' },
        ])
      ).statusCode,
    ).toBe(403);
    expect((await mark(admin, [{ teamEntryId: entries[0]!.id, run: 'Third', mark: 'DNS' }])).statusCode).toBe(400);
    expect((await mark(admin, [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNF' }])).statusCode).toBe(400);
    expect((await mark(admin, [])).statusCode).toBe(400);
    expect(await t.db.select().from(raceMarks)).toEqual([]);
  });
});

describe('bibs', () => {
  const generate = (agent: Agent, over: Record<string, unknown> = {}) =>
    agent.request({
      method: 'POST',
      url: '/api/bibs/generate',
      payload: {
        bibForm: { EventId: eventId, DisciplineId: 2, divisions: [1], gender: 'Male', startNumber: 101, ...over },
      },
    });
  const assign = (agent: Agent, list: { teamEntryId: string; bib: number | null }[]) =>
    agent.request({ method: 'POST', url: '/api/bibs/manual-assign', payload: list });
  const bibsOf = async () => new Map((await t.db.select().from(teamEntries)).map((e) => [e.id, [e.bib, e.bibManual]]));

  it('numbers the racers consecutively in start order, keeps and reports manual bibs, skips bibs held elsewhere', async () => {
    const a = await addTeam(schoolId, 'A');
    const b = await addTeam(otherSchoolId, 'A');
    expect((await draw(admin)).statusCode).toBe(200);
    const order = (await startlistOf(admin)).flatMap((x) => x.members.map((m) => m.teamEntryId));
    // Bib 103 is typed by hand on the last racer; 102 is held in another division of the discipline.
    const [other] = await t.db
      .insert(teams)
      .values({ schoolId, eventId, disciplineId: 2, division: 2, gender: 'Male', teamRank: 'Z' })
      .returning();
    await t.db
      .insert(teamEntries)
      .values({ teamId: other!.id, eventId, disciplineId: 2, schoolId, participantId: null, position: 1, bib: 102 });
    expect((await assign(admin, [{ teamEntryId: order[3]!, bib: 103 }])).statusCode).toBe(200);

    const res = await generate(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      assigned: [
        { teamEntryId: order[0], bib: 101 },
        { teamEntryId: order[1], bib: 104 },
        { teamEntryId: order[2], bib: 105 },
      ],
      keptManual: [{ teamEntryId: order[3], bib: 103 }],
      nextNumber: 106,
    });
    const stored = await bibsOf();
    expect(order.map((id) => stored.get(id))).toEqual([
      [101, false],
      [104, false],
      [105, false],
      [103, true],
    ]);
    // Bibs given: the start list is in bib order now, and the draw is closed.
    expect((await startlistOf(admin)).flatMap((x) => x.members.map((m) => m.bib))).toEqual([101, 104, 105, 103]);
    expect((await draw(admin)).statusCode).toBe(422);
    expect([a.entries.length, b.entries.length]).toEqual([2, 2]);
  });

  it('regenerates without tripping over its own numbers, and refuses an empty race and anyone but an admin', async () => {
    await addTeam(schoolId, 'A');
    expect((await generate(admin)).statusCode).toBe(200);
    const again = await generate(admin, { startNumber: 102 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().assigned.map((x: { bib: number }) => x.bib)).toEqual([102, 103]);
    expect((await generate(admin, { gender: 'Female' })).json().message).toBe(BIB_MESSAGES.nothingToNumber);
    expect((await generate(racedept)).statusCode).toBe(403);
    expect((await generate(admin, { startNumber: 0 })).statusCode).toBe(400);
  });

  it('refuses a duplicate manual bib naming its holder, changing nothing; bibs may trade places in one call', async () => {
    const a = await addTeam(schoolId, 'A');
    const [one, two] = a.entries;
    expect(
      (
        await assign(admin, [
          { teamEntryId: one!.id, bib: 7 },
          { teamEntryId: two!.id, bib: 8 },
        ])
      ).statusCode,
    ).toBe(200);
    const before = await bibsOf();
    const refused = await assign(admin, [{ teamEntryId: two!.id, bib: 7 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BIB_TAKEN',
      message: bibTakenMessage(7, `Racer A1 (${await schoolName(schoolId)})`),
      fields: [{ path: '0.bib' }],
    });
    expect(await bibsOf()).toEqual(before);
    expect(
      (
        await assign(admin, [
          { teamEntryId: one!.id, bib: 8 },
          { teamEntryId: two!.id, bib: 7 },
        ])
      ).statusCode,
    ).toBe(200);
    expect([(await bibsOf()).get(one!.id), (await bibsOf()).get(two!.id)]).toEqual([
      [8, true],
      [7, true],
    ]);
    expect((await assign(admin, [{ teamEntryId: randomUUID(), bib: 9 }])).json().fields).toEqual([
      { path: '0.teamEntryId', message: BIB_MESSAGES.entryNotFound },
    ]);
    expect((await assign(racedept, [{ teamEntryId: one!.id, bib: 9 }])).statusCode).toBe(403);
  });
});

async function schoolName(id: string) {
  const [row] = await t.db.select({ name: schools.name }).from(schools).where(eq(schools.id, id));
  return row!.name;
}

describe('bib list', () => {
  type BibList = {
    rows: { teamEntryId: string; bib: number | null; lastname: string; SchoolId: string }[];
    total: number;
    schools: {
      SchoolId: string;
      participantWaiversComplete: boolean;
      volunteersRegistered: boolean;
      invoicePaid: boolean;
      ready: boolean;
    }[];
  };
  const bibListOf = async (agent: Agent, query: Record<string, string> = {}) => {
    const res = await agent.request({ method: 'GET', url: '/api/bibList', query: { EventId: eventId, ...query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BibList;
  };

  it('lists racers by bib (none last), pages 50 by default, and says which schools are ready', async () => {
    const a = await addTeam(schoolId, 'A', 3);
    const b = await addTeam(otherSchoolId, 'A', 3);
    await t.db.update(teamEntries).set({ bib: 2 }).where(eq(teamEntries.id, b.entries[0]!.id));
    await t.db.update(teamEntries).set({ bib: 1 }).where(eq(teamEntries.id, a.entries[2]!.id));
    const list = await bibListOf(racedept);
    expect(list.total).toBe(6);
    expect(list.rows.slice(0, 2).map((r) => [r.bib, r.teamEntryId])).toEqual([
      [1, a.entries[2]!.id],
      [2, b.entries[0]!.id],
    ]);
    expect(list.rows.slice(2).every((r) => r.bib === null)).toBe(true);
    // Nothing done yet: no waiver, volunteers short (6 entries need 1), nothing invoiced.
    expect(list.schools.map((s) => s.SchoolId).sort()).toEqual([schoolId, otherSchoolId].sort());
    expect(
      list.schools.every((s) => !s.ready && !s.participantWaiversComplete && !s.volunteersRegistered && !s.invoicePaid),
    ).toBe(true);

    const paged = await bibListOf(racedept, { limit: '2', offset: '4' });
    expect(paged.rows.map((r) => r.teamEntryId)).toEqual(list.rows.slice(4).map((r) => r.teamEntryId));
    expect(paged.total).toBe(6);
    // A filter on a race that has no teams: nothing.
    expect((await bibListOf(racedept, { DisciplineId: '1' })).total).toBe(0);
  });

  it('counts a waiver for bib collection only when it matches a racer (case and spaces ignored)', async () => {
    await addTeam(schoolId, 'A', 2);
    await t.db.insert(waivers).values([
      { schoolId, eventId, type: 'participant', givenName: 'RACER ', surname: 'a1', completed: 1 },
      { schoolId, eventId, type: 'participant', givenName: 'Nobody', surname: 'Here', completed: 1 },
    ]);
    const mine = async () => (await bibListOf(racedept)).schools.find((s) => s.SchoolId === schoolId)!;
    expect((await mine()).participantWaiversComplete).toBe(false);
    await t.db
      .insert(waivers)
      .values({ schoolId, eventId, type: 'participant', givenName: 'Racer', surname: 'A2', completed: 1 });
    expect((await mine()).participantWaiversComplete).toBe(true);
  });

  it('shows a school its own racers only, refuses the auditor and answers a bad form 400', async () => {
    await addTeam(schoolId, 'A');
    await addTeam(otherSchoolId, 'A');
    const own = await bibListOf(school, { SchoolId: otherSchoolId });
    expect(new Set(own.rows.map((r) => r.SchoolId))).toEqual(new Set([schoolId]));
    expect(own.schools.map((s) => s.SchoolId)).toEqual([schoolId]);
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    expect(
      (await auditor.request({ method: 'GET', url: '/api/bibList', query: { EventId: eventId } })).statusCode,
    ).toBe(403);
    expect(
      (await racedept.request({ method: 'GET', url: '/api/bibList', query: { EventId: eventId, limit: '0' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await racedept.request({ method: 'GET', url: '/api/bibList', query: { EventId: eventId, gender: 'Other' } }))
        .statusCode,
    ).toBe(400);
  });
});
