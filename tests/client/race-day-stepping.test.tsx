// The race picker of an administrator's start lists, on race-day data that reaches the device only
// through the real pull: Previous race and Next race pass over the races nobody is entered in (a
// discipline without racers, a team without racers, the other genders), stopping at the first and
// last race with racers; the race shown says whether it is still open to a draw ('Not drawn yet'),
// drawn or has its bibs given, and so does each gender's option in the picker.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events, participants, teamEntries, teams } from '../../server/db/schema';
import { ServicesContext } from '../../src/components/services-context';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas';
import StartlistsPage from '../../src/features/race-day/startlists-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };

/** A team of the world's school in a race, with `racers` racers (bibs from `firstBib` when given). */
async function team(race: { discipline: number; division: number; gender: string }, racers: number, firstBib?: number) {
  const [row] = await w.t.db
    .insert(teams)
    .values({
      schoolId: w.schoolId,
      eventId: w.eventId,
      disciplineId: race.discipline,
      division: race.division,
      gender: race.gender,
      teamRank: 'A',
    })
    .returning();
  if (!racers) return;
  const people = await w.t.db
    .insert(participants)
    .values(
      Array.from({ length: racers }, (_, i) => ({
        schoolId: w.schoolId,
        firstname: 'Racer',
        lastname: `${race.discipline}-${race.division}-${race.gender}-${i + 1}`,
        gender: race.gender === 'Female' ? 'Female' : 'Male',
        yearLevel: '9',
      })),
    )
    .returning();
  await w.t.db.insert(teamEntries).values(
    people.map((p, i) => ({
      teamId: row!.id,
      eventId: w.eventId,
      disciplineId: race.discipline,
      schoolId: w.schoolId,
      participantId: p.id,
      position: i + 1,
      bib: firstBib === undefined ? null : firstBib + i,
    })),
  );
}

beforeEach(async () => {
  w = await world();
  await w.t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, w.eventId));
  // The event races disciplines 1, 2 and 9; nobody is entered in discipline 1.
  await team({ discipline: 2, division: 1, gender: 'Male' }, 2);
  await team({ discipline: 2, division: 2, gender: 'Male' }, 0);
  await team({ discipline: 2, division: 3, gender: 'Female' }, 1);
  await team({ discipline: 9, division: 2, gender: 'Co-ed' }, 2, 31);
  admin = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  const drawn = await admin.jar.fetch(`${w.baseUrl}/api/startlist/draw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EventId: w.eventId, DisciplineId: 2, division: 1, gender: 'Male' }),
  });
  expect(drawn.status).toBe(200);
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

/** The admin's device: the race-day mirror filled by the real pull, the start lists rendered as the
 *  shell does, on the first race with racers. */
async function openStartLists(): Promise<InterschoolsDb> {
  const db = freshDb();
  await setSessionUser(db, admin.user);
  const { engine } = engineFor(w, db, { fetch: admin.jar.fetch });
  await engine.pull();
  dom.rtl.render(
    <MemoryRouter initialEntries={[`/startlists?event=${w.eventId}&discipline=2&division=1&gender=Male`]}>
      <ServicesContext.Provider value={{ db, engine }}>
        <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
          <StartlistsPage db={db} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

const screen = () => dom.rtl.screen;
const fireEvent = (el: Element) => dom.rtl.fireEvent.click(el);
const waitFor = <T,>(check: () => T) => dom.rtl.waitFor(check);

const heading = () => screen().getByRole('heading', { level: 2 }).textContent ?? '';
const step = (name: 'Previous race' | 'Next race') => screen().getByRole('button', { name }) as HTMLButtonElement;
const genderOptions = () =>
  [...(screen().getByLabelText('Gender') as HTMLSelectElement).options].map((option) => option.textContent);

/** The race shown and where it stands, once the page shows them. */
async function expectRace(title: RegExp, state: string) {
  await waitFor(() => expect(heading()).toMatch(title));
  await waitFor(() => expect(screen().getByText(state, { selector: '.race-state' })).toBeTruthy());
}

it('steps only through races with racers and says which are still open to a draw', async () => {
  await openStartLists();
  await expectRace(/, Division 1, Male$/, 'Drawn');
  expect(genderOptions()).toEqual(['Male · drawn', 'Female · no racers', 'Co-ed · no racers']);
  // Discipline 1 has nobody entered: there is no race with racers before this one.
  expect(step('Previous race').disabled).toBe(true);

  // Past Female and Co-ed of division 1, all of division 2 (a team without racers included) and
  // division 3's Male, to the next race with racers.
  fireEvent(step('Next race'));
  await expectRace(/, Division 3, Female$/, 'Not drawn yet');
  expect(genderOptions()).toEqual(['Male · no racers', 'Female · not drawn yet', 'Co-ed · no racers']);

  fireEvent(step('Next race'));
  await expectRace(/, Division 2, Co-ed$/, 'Bibs given');
  expect(screen().getByText('31')).toBeTruthy();
  // The last race with racers: nothing further to step to.
  expect(step('Next race').disabled).toBe(true);

  fireEvent(step('Previous race'));
  await expectRace(/, Division 3, Female$/, 'Not drawn yet');
  fireEvent(step('Previous race'));
  await expectRace(/, Division 1, Male$/, 'Drawn');
  expect(step('Previous race').disabled).toBe(true);
});

it('says a race chosen by hand with nobody in it has no racers, and steps on from it', async () => {
  await openStartLists();
  await expectRace(/, Division 1, Male$/, 'Drawn');
  typeValue(dom.rtl.fireEvent, screen().getByLabelText('Division') as HTMLSelectElement, '2');
  await expectRace(/, Division 2, Male$/, 'No racers');
  expect(screen().getByText('No racers', { selector: '.race-state' }).textContent).toBe('This race: No racers');
  fireEvent(step('Next race'));
  await expectRace(/, Division 3, Female$/, 'Not drawn yet');
});
