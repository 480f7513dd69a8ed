// Home through the real server and the real pull: the coordinator greeted by name; until the
// school's first download has finished, a word that its entries are on their way instead of a next
// step or counts of rows still missing; and the warning listing teams whose positions have no
// participant, or name an archived one, with name, division, team (the rank) and gender; and when
// the event's entries close, with a reminder in the last week.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, participants, schools, teamEntries, teams } from '../../server/db/schema';
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
  const lines = within(warning)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  const names = new Map((await db.disciplines.toArray()).map((d) => [d.id, d.name]));
  expect(lines).toEqual([`${names.get(1)}, Division 2, Team C, Male`, `${names.get(2)}, Division 3, Team B, Female`]);
});

it("greets the coordinator by name and says the school's entries are on their way until they are", async () => {
  await w.t.db.update(schools).set({ coordinatorFirstname: 'Jane' }).where(eq(schools.id, w.schoolId));
  await w.t.db.insert(participants).values(
    ['Ava', 'Bea', 'Cleo'].map((firstname) => ({
      schoolId: w.schoolId,
      firstname,
      lastname: 'Racer',
      yearLevel: '9',
      gender: 'Female',
    })),
  );
  const db = freshDb();
  const { render, screen } = dom.rtl;
  render(
    <SessionContext.Provider value={{ user: await sessionUser(), setUser: async () => {} }}>
      <HomePage db={db} />
    </SessionContext.Provider>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jane' })).toBeTruthy();
  // A new device: nothing downloaded yet, so no next step and no counts.
  expect((await screen.findByText(/^Fetching your school's entries to this device/)).getAttribute('role')).toBe(
    'status',
  );
  expect(screen.queryByText('Next:')).toBeNull();
  expect(screen.queryByText(/Add your participants/)).toBeNull();

  await engineFor(w, db).engine.pull();
  await screen.findByText('Next:');
  expect(screen.queryByText(/^Fetching your school's entries/)).toBeNull();
  expect(screen.queryByText(/Add your participants/)).toBeNull();
  expect(screen.getByRole('link', { name: 'Participants 3' })).toBeTruthy();
});

it('says when entries close, with a reminder in the last week, and that they have closed once past', async () => {
  const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  await w.t.db.update(events).set({ entriesCloseAt: inThreeDays }).where(eq(events.id, w.eventId));
  const db = freshDb();
  await engineFor(w, db).engine.pull();
  const { render, screen } = dom.rtl;
  const view = render(
    <SessionContext.Provider value={{ user: await sessionUser(), setUser: async () => {} }}>
      <HomePage db={db} />
    </SessionContext.Provider>,
  );
  const reminder = await screen.findByText(
    /^Entries close in 3 days: .*, Sydney time\. Changes after that are not accepted\.$/,
  );
  expect(reminder.getAttribute('role')).toBe('status');

  // An admin moves the close into the past: the next pull brings it, and home says so.
  await w.t.db
    .update(events)
    .set({ entriesCloseAt: new Date(Date.now() - 60_000) })
    .where(eq(events.id, w.eventId));
  await engineFor(w, db).engine.pull();
  await screen.findByText(/^Entries closed on .*\. Ask the organisers if something must still change\.$/);
  view.unmount();
});
