// Race day on the server: the start list in drawn order (latecomers at the end, bib order once bibs
// are given, no redraw then), the start marshall sheet in run order (the Second run reversed, or
// only its first N), paged, with the start hut's marks; who may read and write what; bad forms.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { events, participants, raceMarks, teamEntries, teams } from '../../server/db/schema';
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

type StartlistTeam = { TeamId: string; SchoolId: string; startOrder: number; members: { teamEntryId: string; position: number; lastname: string; bib: number | null }[] };
type SheetRow = { order: number; teamEntryId: string; lastname: string; position: number; mark: string | null };

const RACE = { DisciplineId: '2', division: '1', gender: 'Male' };
const startlistOf = async (agent: Agent, query: Record<string, string> = {}) => {
  const res = await agent.request({ method: 'GET', url: '/api/startlist', query: { EventId: eventId, ...RACE, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { teams: StartlistTeam[] }).teams;
};
const sheet = async (agent: Agent, query: Record<string, string> = {}) => {
  const res = await agent.request({
    method: 'GET', url: '/api/startMarshall', query: { EventId: eventId, ...RACE, type: 'Start Marshall', run: 'First', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: SheetRow[]; total: number };
};
const draw = (agent: Agent) => agent.request({ method: 'POST', url: '/api/startlist/draw', payload: { EventId: eventId, DisciplineId: 2, division: 1, gender: 'Male' } });

/** A Moguls Division 1 Male team of the school with members named `${letter}${position}`. */
async function addTeam(sid: string, letter: string, size = 2) {
  const [team] = await t.db.insert(teams).values({ schoolId: sid, eventId, disciplineId: 2, division: 1, gender: 'Male', teamRank: letter }).returning();
  const people = await t.db.insert(participants).values(Array.from({ length: size }, (_, i) => ({
    schoolId: sid, firstname: 'Racer', lastname: `${letter}${sid === schoolId ? '' : 'x'}${i + 1}`, gender: 'Male', yearLevel: '9',
  }))).returning();
  const entries = await t.db.insert(teamEntries).values(people.map((p, i) => ({
    teamId: team!.id, eventId, disciplineId: 2, schoolId: sid, participantId: p.id, position: i + 1,
  }))).returning();
  return { team: team!, entries };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  otherSchoolId = (await createSchool(t.db)).id;
  await t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, eventId));
  racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
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
    expect(list.map((x) => x.TeamId)).toEqual([...(drawn.json() as { teams: StartlistTeam[] }).teams.map((x) => x.TeamId), late.team.id]);
    expect(list.map((x) => x.startOrder)).toEqual([1, 2, 3, 4]);
    expect(list.find((x) => x.TeamId === a.team.id)!.members.map((m) => [m.position, m.lastname])).toEqual([[1, 'A1'], [2, 'A2']]);
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
    expect((await racedept.request({ method: 'GET', url: '/api/startlist', query: { EventId: hidden, ...RACE } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: '/api/startlist', query: { EventId: hidden, ...RACE } })).statusCode).toBe(200);
    for (const bad of [{ gender: 'Other' }, { DisciplineId: 'x' }, { division: '-1' }]) {
      const res = await racedept.request({ method: 'GET', url: '/api/startlist', query: { EventId: eventId, ...RACE, ...bad } });
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
    expect((await sheet(racedept, { run: 'Second' })).rows.map((r) => r.lastname)).toEqual([names[1], names[0], ...names.slice(2)]);
    const page = await sheet(racedept, { limit: '4', offset: '4' });
    expect([page.total, page.rows.map((r) => r.order)]).toEqual([6, [5, 6]]);
  });

  it('is for the race department and admins only', async () => {
    for (const agent of [school, await signIn(t.app, (await createUser(t.db, 'auditor')).email)]) {
      expect((await agent.request({ method: 'GET', url: '/api/startMarshall', query: { EventId: eventId, ...RACE, type: 'Start Marshall', run: 'First' } })).statusCode).toBe(403);
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
    expect(rows.map((r) => [r.lastname, r.mark])).toEqual([['A1', null], ['A2', 'DNS']]);
    expect((await sheet(racedept, { run: 'Second' })).rows.every((r) => r.mark === null)).toBe(true);
    expect((await mark(admin, [{ ...body[0], mark: null }])).statusCode).toBe(200);
    expect(await t.db.select().from(raceMarks)).toHaveLength(0);
  });

  it('refuses an unknown entry (naming the row), a school and an auditor, and bad marks', async () => {
    const { entries } = await addTeam(schoolId, 'A');
    const res = await mark(racedept, [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'started' }, { teamEntryId: randomUUID(), run: 'First', mark: 'DNS' }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().fields).toEqual([{ path: 'marks.1.teamEntryId', message: RACE_MESSAGES.entryNotFound }]);
    expect((await mark(school, [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNS' }])).statusCode).toBe(403);
    expect((await mark(await signIn(t.app, (await createUser(t.db, 'auditor')).email), [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNS' }])).statusCode).toBe(403);
    expect((await mark(admin, [{ teamEntryId: entries[0]!.id, run: 'Third', mark: 'DNS' }])).statusCode).toBe(400);
    expect((await mark(admin, [{ teamEntryId: entries[0]!.id, run: 'First', mark: 'DNF' }])).statusCode).toBe(400);
    expect((await mark(admin, [])).statusCode).toBe(400);
    expect(await t.db.select().from(raceMarks)).toEqual([]);
  });
});
