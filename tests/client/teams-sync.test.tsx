// The team grid's save against the real server, with data reaching devices only through the real
// pull: a team built offline (three members by position and a manager) waits on the device, reaches
// the server once online exactly as built, and another device pulls it; a save the server refuses
// shows its message on the team and the member concerned, and the next Save sends the refused
// teams again with the fix, so nothing of the refused batch is lost.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { participants, teamEntries, teamManagers, teams } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import type { SessionUser } from '../../src/domain/schemas/entities';
import { participantAlreadyEnteredMessage } from '../../src/domain/server-messages';
import { draftIssues } from '../../src/features/teams/team-checks';
import {
  EMPTY_TEAM_DRAFT,
  addEntry,
  addTeam,
  baseTeams,
  newTeam,
  planTeamsSave,
  setEntry,
  setManager,
  setTeamField,
  type WorkingTeam,
} from '../../src/features/teams/team-draft';
import TeamGridPage, { NOT_SENT } from '../../src/features/teams/team-grid-page';
import TeamIndexPage from '../../src/features/teams/team-index-page';
import { saveTeams } from '../../src/features/teams/team-writes';
import { refusedTeams } from '../../src/features/teams/use-teams-data';
import { PASSWORD } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let people: { id: string; firstname: string; lastname: string; gender: string }[];
let managerId: string;

beforeEach(async () => {
  w = await world();
  people = await w.t.db
    .insert(participants)
    .values([
      { schoolId: w.schoolId, firstname: 'Ava', lastname: 'Alpine', yearLevel: '9', gender: 'Female' },
      { schoolId: w.schoolId, firstname: 'Bea', lastname: 'Bumps', yearLevel: '10', gender: 'Female' },
      { schoolId: w.schoolId, firstname: 'Cal', lastname: 'Carve', yearLevel: '8', gender: 'Male' },
    ])
    .returning();
  const [manager] = await w.t.db
    .insert(teamManagers)
    .values({ schoolId: w.schoolId, eventId: w.eventId, firstname: 'Max', lastname: 'Manager', mobile: '0400 111 222' })
    .returning();
  managerId = manager!.id;
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

const user = () => ({ username: w.username, EventId: w.eventId });
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** The device's teams as the grid reads them. */
async function mirrorTeams(db: InterschoolsDb) {
  return baseTeams(await db.teams.toArray(), await db.teamEntries.toArray());
}

/** A Moguls (discipline 2, three positions) Co-ed team with these members by position, as typed into the grid. */
function mogulsTeam(letter: string, memberIds: string[], manager: string | null = null): WorkingTeam {
  let team = newTeam(uuidv7(), w.schoolId, w.eventId);
  for (const [field, value] of [
    ['DisciplineId', 2],
    ['division', 1],
    ['teamRank', letter],
    ['gender', 'Co-ed'],
  ] as const) {
    team = setTeamField(team, field, value);
  }
  for (const id of memberIds) {
    team = addEntry(team, uuidv7());
    team = setEntry(team, team.entries.at(-1)!.id, { ParticipantId: id });
  }
  return setManager(team, manager);
}

/** What Save does: the checks before Save, then one queued PUT /api/teams. */
async function save(db: InterschoolsDb, ...added: WorkingTeam[]) {
  const base = await mirrorTeams(db);
  const draft = added.reduce(addTeam, EMPTY_TEAM_DRAFT);
  const context = {
    disciplines: new Map((await db.eventDisciplines.toArray()).map((d) => [d.DisciplineId, d])),
    participants: new Map((await db.participants.toArray()).map((p) => [p.id, p])),
    managerIds: new Set((await db.teamManagers.toArray()).map((m) => m.id)),
  };
  expect(draftIssues(base, draft, context).list).toEqual([]);
  await saveTeams(db, planTeamsSave(base, draft)!, user());
}

async function serverTeams() {
  const rows = await w.t.db.select().from(teams).where(eq(teams.schoolId, w.schoolId));
  return Promise.all(
    rows.map(async (t) => ({
      id: t.id,
      disciplineId: t.disciplineId,
      division: t.division,
      teamRank: t.teamRank,
      gender: t.gender,
      teamManagerId: t.teamManagerId,
      members: (await w.t.db.select().from(teamEntries).where(eq(teamEntries.teamId, t.id)))
        .map((e) => [e.position, e.participantId])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    })),
  );
}

it('keeps a team built offline on the device, sends exactly that team once online, and another device pulls it', async () => {
  const db = freshDb();
  const { engine } = engineFor(w, db);
  await engine.pull();
  const team = mogulsTeam(
    'A',
    people.map((p) => p.id),
    managerId,
  );
  await save(db, team);
  expect((await mirrorTeams(db)).map((t) => [t.id, t.entries.length])).toEqual([[team.id, 3]]);

  await engineFor(w, db, { fetch: offline, sleep: () => new Promise(() => undefined) }).engine.flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  expect(await serverTeams()).toEqual([]);

  await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
  await engine.flush();
  expect(await db.outbox.count()).toBe(0);
  const expected = {
    id: team.id,
    disciplineId: 2,
    division: 1,
    teamRank: 'A',
    gender: 'Co-ed',
    teamManagerId: managerId,
    members: [
      [1, people[0]!.id],
      [2, people[1]!.id],
      [3, people[2]!.id],
    ],
  };
  expect(await serverTeams()).toEqual([expected]);
  // The answer's entries went to their own table; the team row keeps no copy of them.
  const stored = await db.teams.get(team.id);
  expect(stored).not.toHaveProperty('TeamEntries');
  expect(stored?._pending).toBeUndefined();
  expect((await db.teamEntries.toArray()).every((e) => typeof e.version === 'number' && !e._pending)).toBe(true);

  const other = freshDb();
  await engineFor(w, other).engine.pull();
  const pulled = await mirrorTeams(other);
  expect(
    pulled.map((t) => ({
      id: t.id,
      DisciplineId: t.DisciplineId,
      gender: t.gender,
      TeamManagerId: t.TeamManagerId,
      members: t.entries.map((e) => [e.position, e.ParticipantId]),
    })),
  ).toEqual([{ id: team.id, DisciplineId: 2, gender: 'Co-ed', TeamManagerId: managerId, members: expected.members }]);
});

it('shows a refusal on the team and member concerned, and the next Save sends the refused teams again with the fix', async () => {
  const first = freshDb();
  const second = freshDb();
  await engineFor(w, first).engine.pull();
  await engineFor(w, second).engine.pull();
  // Ava goes into Moguls team A on the first device; the second, not yet aware, puts her in team B
  // and, in the same save, builds a team C that is fine on its own.
  await save(first, mogulsTeam('A', [people[0]!.id]));
  await engineFor(w, first).engine.flush();
  const teamB = mogulsTeam('B', [people[0]!.id, people[1]!.id]);
  const teamC = setTeamField(mogulsTeam('C', []), 'division', 2);
  await save(second, teamB, teamC);
  const { engine } = engineFor(w, second);
  await engine.flush();
  expect(await second.outbox.where('status').equals('failed').count()).toBe(1);
  expect((await serverTeams()).map((t) => t.teamRank)).toEqual(['A']);

  const sessionUser = (await (
    await w.jar.fetch(`${w.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: w.username, password: PASSWORD, EventId: w.eventId }),
    })
  ).json()) as SessionUser;
  const { render, screen, fireEvent, waitFor, within } = dom.rtl;
  render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: sessionUser, setUser: async () => {} }}>
        <TeamGridPage db={second} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const message = participantAlreadyEnteredMessage('Ava Alpine', 'Moguls');
  // Generous waits: the grid renders slowly on a loaded two-core machine.
  const slow = { timeout: 15_000 };
  const grid = await screen.findByRole('grid', { name: 'Teams' }, slow);
  await waitFor(() => expect(within(grid).getAllByText(message)).toHaveLength(1), slow);
  expect(within(grid).getAllByText(NOT_SENT)).toHaveLength(1); // team C
  fireEvent.click(within(grid).getAllByRole('button', { name: 'Show' })[0]!);
  const members = await screen.findByRole('grid', { name: 'Members of Moguls Division 1 Co-ed team B' }, slow);
  await waitFor(() => expect(within(members).getAllByText(message)).toHaveLength(1), slow);

  // The fix: the second device learns of team A, and team B takes Cal instead of Ava.
  await engine.pull();
  const base = await mirrorTeams(second);
  const refusedB = base.find((t) => t.id === teamB.id)!;
  const fixed = setEntry(refusedB, refusedB.entries.find((e) => e.ParticipantId === people[0]!.id)!.id, {
    ParticipantId: people[2]!.id,
  });
  const refused = refusedTeams(await second.outbox.where('status').equals('failed').toArray());
  expect([...refused.teamIds]).toEqual([teamB.id, teamC.id]);
  const plan = planTeamsSave(base, { ...EMPTY_TEAM_DRAFT, teams: { [fixed.id]: fixed } }, refused)!;
  await saveTeams(second, plan, user());
  await engine.flush();
  expect(await second.outbox.count()).toBe(0);
  // Team C, refused only with the batch it travelled in, reached the server with the fix.
  expect((await serverTeams()).map((t) => [t.teamRank, t.division, t.members.map((m) => m[1])]).sort()).toEqual([
    ['A', 1, [people[0]!.id]],
    ['B', 1, [people[2]!.id, people[1]!.id]],
    ['C', 2, []],
  ]);
});

it('lists the pulled teams by discipline with their members by position and manager, open positions shown', async () => {
  const db = freshDb();
  const { engine } = engineFor(w, db);
  await engine.pull();
  await save(db, mogulsTeam('A', [people[0]!.id, people[2]!.id], managerId));
  await engine.flush();
  const other = freshDb();
  await engineFor(w, other).engine.pull();

  const { render, screen, within } = dom.rtl;
  const sessionUser = { type: 'school', SchoolId: w.schoolId, EventId: w.eventId, username: w.username } as SessionUser;
  render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: sessionUser, setUser: async () => {} }}>
        <TeamIndexPage db={other} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const moguls = await screen.findByRole('region', { name: 'Moguls' }, { timeout: 15_000 });
  const card = within(moguls).getByRole('article', { name: 'Division 1 Co-ed team A' });
  const rows = within(card)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows).toEqual([
    ['1', 'Ava Alpine', ''],
    ['2', 'Cal Carve', ''],
    ['3', 'Open', ''],
  ]);
  expect(within(card).getByText('Team manager: Max Manager')).toBeTruthy();
  expect(screen.queryByRole('columnheader', { name: 'Bib' })).toBeNull();
});
