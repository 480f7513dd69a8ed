// Teams and race entries: the session's list, the grouped list, and the batch save (all or
// nothing, one transaction) with every team rule refused as a 422 naming the rows concerned, the
// school boundary, the roles, the event lock (410), stale versions (409) and exactly-once replays.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventDisciplines, events, participants, teamEntries, teamManagers, teams } from '../../server/db/schema';
import { createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let schoolId: string;
let eventId: string;
let admin: Agent;
let school: Agent;
/** The school's participants: two boys, a girl, an archived boy. */
const P = { boy1: randomUUID(), boy2: randomUUID(), girl: randomUUID(), archived: randomUUID() };

type Body = { teams?: unknown[]; teamsDeleted?: string[] };
const put = (agent: Agent, body: Body, headers: Record<string, string> = {}) =>
  agent.request({
    method: 'PUT',
    url: '/api/teams',
    headers,
    payload: { multi: true, teams: body.teams ?? [], teamsDeleted: body.teamsDeleted ?? [] },
  });
const team = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  DisciplineId: 2,
  division: 1,
  gender: 'Male',
  teamRank: 'A',
  TeamEntries: [] as unknown[],
  ...over,
});
const entry = (ParticipantId: string | null, position: number, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  ParticipantId,
  position,
  ...over,
});

/** Everything stored for teams: a refusal must leave it exactly as it was. */
const snapshot = async () => ({
  teams: await t.db.select().from(teams).orderBy(asc(teams.id)),
  entries: await t.db.select().from(teamEntries).orderBy(asc(teamEntries.id)),
});

async function saved(agent: Agent, body: Body) {
  const res = await put(agent, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: string;
    version: number;
    TeamEntries: { id: string; ParticipantId: string | null; position: number; version: number }[];
  }[];
}

async function addParticipant(
  sid: string,
  id: string,
  gender: string,
  over: Partial<typeof participants.$inferInsert> = {},
) {
  await t.db
    .insert(participants)
    .values({ id, schoolId: sid, firstname: 'Pat', lastname: gender, gender, yearLevel: '9', ...over });
}

/** Another school in the same event, its coordinator signed in. */
async function otherSchool() {
  const sid = (await createSchool(t.db)).id;
  const agent = await signIn(t.app, (await createUser(t.db, 'school', { schoolId: sid })).email, undefined, eventId);
  return { sid, agent };
}

beforeEach(async () => {
  t = await startTestApp();
  ({ schoolId, eventId, admin, school } = await schoolInEvent(t));
  await addParticipant(schoolId, P.boy1, 'Male', { firstname: 'Ann', lastname: 'Lee' });
  await addParticipant(schoolId, P.boy2, 'Male');
  await addParticipant(schoolId, P.girl, 'Female');
  await addParticipant(schoolId, P.archived, 'Male', { firstname: 'Cy', lastname: 'Old', archived: 1 });
});
afterEach(async () => {
  await t.close();
});

describe('PUT /api/teams: saving', () => {
  it("creates teams with their entries and manager in the session's school and event, and answers them", async () => {
    const managerId = randomUUID();
    await t.db
      .insert(teamManagers)
      .values({ id: managerId, schoolId, eventId, firstname: 'Tess', lastname: 'Manager' });
    const moguls = team({
      TeamManagerId: managerId,
      TeamEntries: [entry(P.boy1, 1), entry(null, 2)],
      SchoolId: randomUUID(),
    });
    const [answer] = await saved(school, { teams: [moguls] });
    expect(answer).toMatchObject({
      id: moguls.id,
      DisciplineId: 2,
      Discipline: { id: 2, name: 'Moguls' },
      SchoolId: schoolId,
      EventId: eventId,
      version: 1,
      TeamManagerId: managerId,
      TeamManager: { id: managerId, firstname: 'Tess', lastname: 'Manager' },
      TeamEntries: [
        { ParticipantId: P.boy1, position: 1, bib: null },
        { ParticipantId: null, position: 2 },
      ],
    });
    expect(answer!.TeamEntries.map((e) => e.id)).toEqual((moguls.TeamEntries as { id: string }[]).map((e) => e.id));
  });

  it('takes both genders in a Co-ed team and a fourth member in discipline 1', async () => {
    await saved(school, {
      teams: [
        team({ gender: 'Co-ed', TeamEntries: [entry(P.boy1, 1), entry(P.girl, 2)] }),
        team({ DisciplineId: 1, TeamEntries: [entry(P.boy1, 1), entry(P.boy2, 4)] }),
      ],
    });
    expect((await snapshot()).entries).toHaveLength(4);
  });

  it('keeps entry ids when entries swap positions, removes entries left out, adds new ones', async () => {
    const a = entry(P.boy1, 1);
    const b = entry(P.boy2, 2);
    const [first] = await saved(school, { teams: [team({ TeamEntries: [a, b] })] });
    const moved = { ...first!, TeamEntries: [{ ...a, position: 2 }, entry(null, 3)] };
    const [second] = await saved(school, { teams: [moved] });
    expect(second!.TeamEntries.map((e) => [e.id, e.position])).toEqual([
      [a.id, 2],
      [moved.TeamEntries[1]!.id, 3],
    ]);
    const stored = await t.db.select().from(teamEntries);
    expect(stored.map((e) => e.id).sort()).toEqual([a.id, moved.TeamEntries[1]!.id].sort());
    // Swapping the places of two members in one save passes the per-statement unique checks.
    const swap = {
      ...second!,
      TeamEntries: [
        { ...a, ParticipantId: null, position: 3 },
        { ...moved.TeamEntries[1]!, ParticipantId: P.boy1, position: 2 },
      ],
    };
    const [third] = await saved(school, { teams: [swap] });
    expect(third!.TeamEntries.map((e) => [e.id, e.ParticipantId, e.position])).toEqual([
      [moved.TeamEntries[1]!.id, P.boy1, 2],
      [a.id, null, 3],
    ]);
  });

  it('lets two teams swap letters and a participant move between teams of a discipline in one save', async () => {
    const [ta, tb] = await saved(school, {
      teams: [team({ TeamEntries: [entry(P.boy1, 1)] }), team({ teamRank: 'B' })],
    });
    const answer = await saved(school, {
      teams: [
        { ...ta!, teamRank: 'B', TeamEntries: [] },
        { ...tb!, teamRank: 'A', TeamEntries: [entry(P.boy1, 1)] },
      ],
    });
    expect(answer.map((x) => [x.id, (x as unknown as { teamRank: string }).teamRank, x.TeamEntries.length])).toEqual([
      [ta!.id, 'B', 0],
      [tb!.id, 'A', 1],
    ]);
  });

  it('deletes a team with its entries', async () => {
    const [keep, gone] = await saved(school, {
      teams: [team({ TeamEntries: [entry(P.boy1, 1)] }), team({ teamRank: 'B', TeamEntries: [entry(P.boy2, 1)] })],
    });
    expect(await saved(school, { teamsDeleted: [gone!.id] })).toEqual([]);
    const after = await snapshot();
    expect(after.teams.map((x) => x.id)).toEqual([keep!.id]);
    expect(after.entries.map((e) => e.teamId)).toEqual([keep!.id]);
  });

  it('saves all of a batch or nothing: one bad team in three saves none', async () => {
    const before = await snapshot();
    const res = await put(school, {
      teams: [team(), team({ teamRank: 'B' }), team({ teamRank: 'C', TeamEntries: [entry(P.girl, 1)] })],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toEqual([
      {
        path: 'teams.2.TeamEntries.0.ParticipantId',
        message: "The participant's gender does not fit the team's gender.",
      },
    ]);
    expect(res.json().message).toBe(
      "Moguls Division 1 Male team C: The participant's gender does not fit the team's gender.",
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/teams: every rule refused with 422, nothing changed', () => {
  const cases: [string, () => Promise<Body>, string, RegExp][] = [
    [
      'a position beyond the team size',
      async () => ({ teams: [team({ TeamEntries: [entry(P.boy1, 4)] })] }),
      'teams.0.TeamEntries.0.position',
      /position does not exist/,
    ],
    [
      'two entries in one position',
      async () => ({ teams: [team({ TeamEntries: [entry(P.boy1, 1), entry(P.boy2, 1)] })] }),
      'teams.0.TeamEntries.1.position',
      /already holds/,
    ],
    [
      'a participant twice in a team',
      async () => ({ teams: [team({ TeamEntries: [entry(P.boy1, 1), entry(P.boy1, 2)] })] }),
      'teams.0.TeamEntries.1.ParticipantId',
      /already in this team/,
    ],
    [
      'a participant in a second team of the discipline, stored outside the batch',
      async () => {
        await saved(school, { teams: [team({ teamRank: 'B', TeamEntries: [entry(P.boy1, 1)] })] });
        return { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] };
      },
      'teams.0.TeamEntries.0.ParticipantId',
      /Ann Lee is already entered in Moguls for this event/,
    ],
    [
      'a member whose gender does not fit',
      async () => ({ teams: [team({ TeamEntries: [entry(P.girl, 1)] })] }),
      'teams.0.TeamEntries.0.ParticipantId',
      /gender/,
    ],
    [
      'a second team with the same discipline, division, gender and letter',
      async () => {
        await saved(school, { teams: [team()] });
        return { teams: [team()] };
      },
      'teams.0.teamRank',
      /another letter/,
    ],
    [
      "a division outside the event discipline's range",
      async () => ({ teams: [team({ division: 6 })] }),
      'teams.0.division',
      /Division 6 is not offered in Moguls/,
    ],
    [
      'a gender the event discipline does not race',
      async () => {
        await t.db
          .update(eventDisciplines)
          .set({ female: false })
          .where(and(eq(eventDisciplines.eventId, eventId), eq(eventDisciplines.disciplineId, 2)));
        return { teams: [team({ gender: 'Female' })] };
      },
      'teams.0.gender',
      /no Female teams/,
    ],
    [
      'a discipline the event does not run',
      async () => ({ teams: [team({ DisciplineId: 5 })] }),
      'teams.0.DisciplineId',
      /not run at this event/,
    ],
    [
      "another school's team manager",
      async () => {
        const other = await otherSchool();
        const id = randomUUID();
        await t.db
          .insert(teamManagers)
          .values({ id, schoolId: other.sid, eventId, firstname: 'Not', lastname: 'Ours' });
        return { teams: [team({ TeamManagerId: id })] };
      },
      'teams.0.TeamManagerId',
      /not one of your school's team managers/,
    ],
    [
      "another school's participant",
      async () => {
        const other = await otherSchool();
        const id = randomUUID();
        await addParticipant(other.sid, id, 'Male');
        return { teams: [team({ TeamEntries: [entry(id, 1)] })] };
      },
      'teams.0.TeamEntries.0.ParticipantId',
      /not one of your school's participants/,
    ],
    [
      'an archived participant',
      async () => ({ teams: [team({ TeamEntries: [entry(P.archived, 1)] })] }),
      'teams.0.TeamEntries.0.ParticipantId',
      /Cy Old has been removed/,
    ],
  ];

  it.each(cases)('%s', async (_name, arrange, path, message) => {
    const body = await arrange();
    const before = await snapshot();
    const res = await put(school, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      fields: [{ path, message: expect.stringMatching(message) }],
    });
    expect(res.json().message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and changes nothing (letter N, position 0, missing fields, a team saved and deleted)', async () => {
    const before = await snapshot();
    const x = team();
    for (const body of [
      { teams: [team({ teamRank: 'N' })] },
      { teams: [team({ TeamEntries: [entry(P.boy1, 0)] })] },
      { teams: [{ id: randomUUID() }] },
      { teams: [x], teamsDeleted: [x.id] },
      { teams: [team({ id: 'not-a-uuid' })] },
    ]) {
      const res = await put(school, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/teams: a team on record sent as only the fields changed', () => {
  it('writes only what a team row carries, completed from the stored team, and keeps its entries when none are sent', async () => {
    const managerId = randomUUID();
    await t.db
      .insert(teamManagers)
      .values({ id: managerId, schoolId, eventId, firstname: 'Tess', lastname: 'Manager' });
    const [first] = await saved(school, { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] });
    await saved(admin, { teams: [{ id: first!.id, TeamManagerId: managerId, version: first!.version }] }); // another device: version 2
    const [answer] = await saved(school, { teams: [{ id: first!.id, division: 2, version: 2 }] });
    expect(answer).toMatchObject({
      id: first!.id,
      DisciplineId: 2,
      division: 2,
      gender: 'Male',
      teamRank: 'A',
      TeamManagerId: managerId,
      version: 3,
    });
    expect(answer!.TeamEntries.map((e) => [e.id, e.ParticipantId])).toEqual([[first!.TeamEntries[0]!.id, P.boy1]]);
  });

  it('checks the completed team against the rules, and refuses only-the-changes of a team no longer on record (404)', async () => {
    const [first] = await saved(school, { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] });
    const before = await snapshot();
    const girlsOnly = await put(school, { teams: [{ id: first!.id, gender: 'Female', version: first!.version }] });
    expect(girlsOnly.statusCode, girlsOnly.body).toBe(422); // a boy entered in a girls' team
    const gone = await put(school, { teams: [{ id: randomUUID(), division: 2, version: 1 }] });
    expect(gone.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/teams: versions, lock, replays', () => {
  it('answers a stale team version with 409 and the team as stored now', async () => {
    const [first] = await saved(school, { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] });
    await saved(admin, { teams: [{ ...first!, division: 2 }] });
    const res = await put(school, { teams: [team({ teamRank: 'B' }), { ...first!, division: 3 }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      index: 1,
      current: { id: first!.id, division: 2, version: 2, TeamEntries: [{ ParticipantId: P.boy1 }] },
    });
    expect((await snapshot()).teams).toHaveLength(1);
  });

  it('answers a stale entry version with 409', async () => {
    const [first] = await saved(school, { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] });
    const staleEntry = { ...first!.TeamEntries[0]!, version: 7 };
    const res = await put(school, { teams: [{ ...first!, TeamEntries: [staleEntry] }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().current.id).toBe(first!.id);
  });

  it('refuses a school on a locked event (410, nothing changed) but not an admin', async () => {
    await t.db.update(events).set({ locked: true }).where(eq(events.id, eventId));
    const res = await put(school, { teams: [team()] });
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().code).toBe('EVENT_LOCKED');
    expect((await snapshot()).teams).toEqual([]);
    await saved(admin, { teams: [team()] });
  });

  it('applies a replayed Idempotency-Key once and answers the stored answer', async () => {
    const body = { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] };
    const key = { 'idempotency-key': randomUUID() };
    const first = await put(school, body, key);
    expect(first.statusCode, first.body).toBe(200);
    await saved(school, { teams: [{ ...(first.json() as { id: string }[])[0]!, division: 2, version: 1 }] });
    const again = await put(school, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stored = await snapshot();
    expect(stored.teams.map((x) => x.division)).toEqual([2]);
    expect(stored.entries).toHaveLength(1);
  });

  it('lets an admin set a bib, and keeps it when a school saves the team', async () => {
    const [first] = await saved(school, { teams: [team({ TeamEntries: [entry(P.boy1, 1)] })] });
    const [withBib] = await saved(admin, {
      teams: [{ ...first!, TeamEntries: [{ ...first!.TeamEntries[0]!, bib: 17 }] }],
    });
    expect(withBib!.TeamEntries[0]).toMatchObject({ bib: 17 });
    const [after] = await saved(school, {
      teams: [{ ...withBib!, TeamEntries: [{ ...withBib!.TeamEntries[0]!, bib: 99 }] }],
    });
    expect(after!.TeamEntries[0]).toMatchObject({ bib: 17 });
  });
});

describe('reading teams', () => {
  it("lists the session's teams (admin: the picked school) and groups them by discipline in id order", async () => {
    await saved(school, {
      teams: [
        team({ DisciplineId: 9, division: 3, TeamEntries: [entry(P.boy1, 4)] }),
        team({ DisciplineId: 1 }),
        team({ teamRank: 'B' }),
      ],
    });
    for (const agent of [school, admin]) {
      const res = await agent.request({ method: 'GET', url: '/api/teams' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((x: { DisciplineId: number }) => x.DisciplineId)).toEqual([1, 2, 9]);
    }
    const grouped = await school.request({ method: 'GET', url: `/api/teams/grouped/${schoolId}/${eventId}` });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(
      grouped
        .json()
        .map((g: { DisciplineId: number; name: string; teams: unknown[] }) => [g.DisciplineId, g.name, g.teams.length]),
    ).toEqual([
      [1, 'Alpine', 1],
      [2, 'Moguls', 1],
      [9, 'Alpine Relay', 1],
    ]);
    // Named, for the admin and auditor who read another school's teams without its participants.
    expect(grouped.json()[2].teams[0].TeamEntries).toMatchObject([
      { ParticipantId: P.boy1, position: 4, Participant: { id: P.boy1, firstname: 'Ann', lastname: 'Lee' } },
    ]);
  });

  it("lets an auditor read a school's grouped teams but not write; racedept gets neither", async () => {
    const auditor = await signIn(t.app, (await createUser(t.db, 'auditor')).email);
    const racedept = await signIn(t.app, (await createUser(t.db, 'racedept')).email);
    expect(
      (await auditor.request({ method: 'GET', url: `/api/teams/grouped/${schoolId}/${eventId}` })).statusCode,
    ).toBe(200);
    expect((await put(auditor, { teams: [team()] })).statusCode).toBe(403);
    expect(
      (await racedept.request({ method: 'GET', url: `/api/teams/grouped/${schoolId}/${eventId}` })).statusCode,
    ).toBe(403);
    expect((await racedept.request({ method: 'GET', url: '/api/teams' })).statusCode).toBe(403);
    expect((await put(racedept, { teams: [team()] })).statusCode).toBe(403);
    expect((await snapshot()).teams).toEqual([]);
  });

  it('answers 404 for an unknown event in the grouped list', async () => {
    expect(
      (await admin.request({ method: 'GET', url: `/api/teams/grouped/${schoolId}/${randomUUID()}` })).statusCode,
    ).toBe(404);
  });
});

describe('a school only ever reads and writes its own teams', () => {
  it("refuses another school's grouped list (403)", async () => {
    const other = await otherSchool();
    const res = await school.request({ method: 'GET', url: `/api/teams/grouped/${other.sid}/${eventId}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it("never edits or deletes another school's team (404), and lists only its own", async () => {
    const other = await otherSchool();
    await addParticipant(other.sid, randomUUID(), 'Male');
    const [theirs] = await saved(other.agent, { teams: [team()] });
    const before = await snapshot();
    const edit = await put(school, { teams: [{ ...theirs!, teamRank: 'B' }] });
    expect(edit.statusCode, edit.body).toBe(404);
    expect(edit.json().fields).toEqual([{ path: 'teams.0.id', message: expect.any(String) }]);
    const del = await put(school, { teamsDeleted: [theirs!.id] });
    expect(del.statusCode, del.body).toBe(404);
    expect(await snapshot()).toEqual(before);
    const mine = await school.request({ method: 'GET', url: '/api/teams' });
    expect(mine.json()).toEqual([]);
  });

  it("never takes over another school's entry id (404)", async () => {
    const other = await otherSchool();
    const theirBoy = randomUUID();
    await addParticipant(other.sid, theirBoy, 'Male');
    const [theirs] = await saved(other.agent, { teams: [team({ TeamEntries: [entry(theirBoy, 1)] })] });
    const res = await put(school, {
      teams: [team({ TeamEntries: [{ ...theirs!.TeamEntries[0]!, ParticipantId: P.boy1 }] })],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().fields[0].path).toBe('teams.0.TeamEntries.0.id');
  });
});
