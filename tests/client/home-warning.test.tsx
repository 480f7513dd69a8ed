// @vitest-environment node
// Home's warning through the real server and the real pull: teams whose positions have no
// participant, or name an archived one, are listed with name, division, rank and gender.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { participants, teamEntries, teams } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { SessionUser } from '../../src/domain/schemas/entities';
import { HomePage } from '../../src/features/home/home-page';
import { PASSWORD } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

const dom = renderInNode();

let w: World;
beforeEach(async () => {
  w = await world();
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

async function sessionUser(): Promise<SessionUser> {
  const res = await w.jar.fetch(`${w.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: w.username, password: PASSWORD, EventId: w.eventId }),
  });
  return (await res.json()) as SessionUser;
}

it('lists the teams with unassigned participants, and only those', async () => {
  const { schoolId, eventId } = w;
  const [active, archived] = await w.t.db
    .insert(participants)
    .values([
      { schoolId, firstname: 'Ava', lastname: 'Active', yearLevel: '9', gender: 'Female' },
      { schoolId, firstname: 'Gus', lastname: 'Gone', yearLevel: '9', gender: 'Male', archived: 1 },
    ])
    .returning();
  const team = (disciplineId: number, division: number, teamRank: string, gender: string) => ({
    schoolId,
    eventId,
    disciplineId,
    division,
    teamRank,
    gender,
  });
  const [empty, withArchived, full] = await w.t.db
    .insert(teams)
    .values([team(2, 3, 'B', 'Female'), team(1, 2, 'C', 'Male'), team(1, 1, 'A', 'Female')])
    .returning();
  const entry = (t: typeof empty, participantId: string | null, position: number) => ({
    teamId: t!.id,
    eventId,
    disciplineId: t!.disciplineId,
    schoolId,
    participantId,
    position,
  });
  await w.t.db
    .insert(teamEntries)
    .values([
      entry(empty, active!.id, 1),
      entry(empty, null, 2),
      entry(withArchived, archived!.id, 1),
      entry(full, active!.id, 1),
    ]);

  const db = freshDb();
  await engineFor(w, db).engine.pull();
  const { render, screen, within } = dom.rtl;
  render(
    <SessionContext.Provider value={{ user: await sessionUser(), setUser: async () => {} }}>
      <HomePage db={db} />
    </SessionContext.Provider>,
  );
  const warning = await screen.findByRole('region', { name: '2 teams have positions without a participant' });
  const rows = within(warning)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  const names = new Map((await db.disciplines.toArray()).map((d) => [d.id, d.name]));
  expect(rows).toEqual([
    [names.get(1), '2', 'C', 'Male'],
    [names.get(2), '3', 'B', 'Female'],
  ]);
});
