// A race's results on a race official's tablet, from the real server through the real pull: an
// administrator's import of the timing system's file (POST /api/results/import) reaches the tablet,
// which ranks the racers by the sum of their two runs (equal sums sharing a place, a DNF after with
// its status) and the teams by the sum of their three fastest times in each run, a team short of
// results listed after with why. The pointscores on the same tablet give the ranked team's school
// its 10 points; the incomplete team's school earns none. A race official types a result on the
// tablet with no network: the rankings follow at once, and the server has it once the outbox is
// sent; a time that is not one is refused on the device with the import's words. An administrator
// confirms the race's qualifiers to the State event, and the school reads its invitations on its
// home after its own pull.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { events, participants, raceResults, schools, teamEntries, teams } from '../../server/db/schema';
import { ServicesContext } from '../../src/components/services-context';
import { SessionContext } from '../../src/components/session-context';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas';
import PointscoresPage from '../../src/features/race-day/pointscores-page';
import RaceResultsPage from '../../src/features/race-day/race-results-page';
import { HomePage } from '../../src/features/home/home-page';
import { createSchool, createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { connectPagesTo, signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, offline as noNetwork, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
let official: { jar: Jar; user: SessionUser };
const names = new Map<string, string>();

/** Alpine, Division 1, Male: a team of three from the world's school (bibs 1-3) and one of three
 *  from Other College (bibs 4-6). */
beforeEach(async () => {
  w = await world();
  await w.t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, w.eventId));
  const other = (await createSchool(w.t.db, { name: 'Other College' })).id;
  const [own] = await w.t.db.select().from(schools).where(eq(schools.id, w.schoolId));
  names.set(w.schoolId, own!.name);
  for (const [n, schoolId] of [w.schoolId, other].entries()) {
    const [team] = await w.t.db
      .insert(teams)
      .values({ schoolId, eventId: w.eventId, disciplineId: 1, division: 1, gender: 'Male', teamRank: 'A' })
      .returning();
    for (const position of [1, 2, 3]) {
      const bib = n * 3 + position;
      const [racer] = await w.t.db
        .insert(participants)
        .values({ schoolId, firstname: 'Racer', lastname: `No${bib}`, gender: 'Male', yearLevel: '9' })
        .returning();
      await w.t.db.insert(teamEntries).values({
        teamId: team!.id,
        eventId: w.eventId,
        disciplineId: 1,
        schoolId,
        participantId: racer!.id,
        position,
        bib,
      });
    }
  }
  admin = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  official = await signInOnEvent(w, (await createUser(w.t.db, 'racedept')).email);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  await dropDatabases();
  await w.close();
});

const FILE = [
  'Bib,Run 1,Run 2,Status',
  '1,1:00.00,1:01.00,', // 121.00
  '2,1:00.50,1:00.50,', // 121.00: shares 2nd with No1
  '3,1:02.00,1:03.00,', // 125.00
  '4,59.00,1:00.00,', // 119.00: 1st
  '5,1:05.00,,DNF',
  '6,1:04.00,1:04.00,', // 128.00
].join('\r\n');

/** The file imported by the administrator; a race official's tablet after its pull. */
async function tabletWithResults() {
  const imported = await admin.jar.fetch(
    `${w.baseUrl}/api/results/import?EventId=${w.eventId}&DisciplineId=1&division=1&gender=Male&confirm=1`,
    { method: 'POST', headers: { 'content-type': 'text/csv' }, body: FILE },
  );
  expect(imported.status, await imported.clone().text()).toBe(200);
  const tablet = freshDb();
  await setSessionUser(tablet, official.user);
  const { engine } = engineFor(w, tablet, { fetch: official.jar.fetch });
  await engine.pull();
  return { tablet, engine };
}

it('ranks the racers and the teams of a race from the imported file, on a tablet', async () => {
  const { tablet, engine } = await tabletWithResults();
  dom.rtl.render(
    <MemoryRouter initialEntries={[`/race-results?event=${w.eventId}&discipline=1&division=1&gender=Male`]}>
      <ServicesContext.Provider value={{ db: tablet, engine }}>
        <SessionContext.Provider value={{ user: official.user, setUser: async () => {} }}>
          <RaceResultsPage db={tablet} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within } = dom.rtl;
  // Just imported: provisional for the protest period.
  expect(await screen.findByText(/^Provisional until \d\d:\d\d: the protest period is 30 minutes/)).toBeTruthy();
  const table = async (name: string) => {
    const section = await screen.findByRole('region', { name });
    return within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td:not(.no-print)')].map((c) => c.textContent));
  };
  expect(await table('Individual results')).toEqual([
    ['1', '4', 'Racer No4', 'Other College', '0:59.00', '1:00.00', '1:59.00', ''],
    ['2', '1', 'Racer No1', names.get(w.schoolId), '1:00.00', '1:01.00', '2:01.00', ''],
    ['2', '2', 'Racer No2', names.get(w.schoolId), '1:00.50', '1:00.50', '2:01.00', ''],
    ['4', '3', 'Racer No3', names.get(w.schoolId), '1:02.00', '1:03.00', '2:05.00', ''],
    ['5', '6', 'Racer No6', 'Other College', '1:04.00', '1:04.00', '2:08.00', ''],
    ['', '5', 'Racer No5', 'Other College', '1:05.00', '', '', 'DNF'],
  ]);
  // Three fastest in each run: 60.00 + 60.50 + 62.00 and 61.00 + 60.50 + 63.00 = 367.00. Other
  // College has two times in run 2 (No5 did not finish): incomplete.
  const teamRows = await table('Team results');
  expect(teamRows[0]).toEqual(['1', `${names.get(w.schoolId)} A`, names.get(w.schoolId), '6:07.00', '']);
  expect(teamRows[1]!.slice(0, 4)).toEqual(['', 'Other College A', 'Other College', '']);
  expect(teamRows[1]![4]).toContain('Racer No5 DNF');
  // A Regional event's race proposes its qualifiers for State: all 6 started (No5 did not finish but
  // started), so the top 10 individuals: the 5 with a place; and the one team with a place.
  const qualifiers = await screen.findByRole('region', { name: 'Qualifiers for State, proposed' });
  expect(qualifiers.textContent).toContain('The top 6 teams and the top 10 individuals (fewer than 30 started: 6)');
  const [teamsList, racersList] = within(qualifiers).getAllByRole('list');
  expect(
    within(teamsList!)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([`${names.get(w.schoolId)} A`]);
  expect(within(racersList!).getAllByRole('listitem')).toHaveLength(5);
});

it("gives the schools their pointscores from the race's team places, on the same tablet", async () => {
  const { tablet } = await tabletWithResults();
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: official.user, setUser: async () => {} }}>
        <PointscoresPage db={tablet} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within } = dom.rtl;
  await screen.findByText('From 1 race with results.');
  const table = screen.getByRole('table', { name: 'Overall Pointscore, Secondary, Co-Ed' });
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((c) => c.textContent)),
  ).toEqual([['1', names.get(w.schoolId), '10']]);
});

it('takes a result typed on the tablet offline, ranks it at once, and sends it when online', async () => {
  const tablet = freshDb();
  await setSessionUser(tablet, official.user);
  const online = engineFor(w, tablet, { fetch: official.jar.fetch }).engine;
  await online.pull();
  const offline = engineFor(w, tablet, {
    fetch: noNetwork,
  }).engine;
  dom.rtl.render(
    <MemoryRouter initialEntries={[`/race-results?event=${w.eventId}&discipline=1&division=1&gender=Male`]}>
      <ServicesContext.Provider value={{ db: tablet, engine: offline }}>
        <SessionContext.Provider value={{ user: official.user, setUser: async () => {} }}>
          <RaceResultsPage db={tablet} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  await screen.findByText('No results for this race yet.');
  fireEvent.click(screen.getByRole('button', { name: 'Correct: Racer No2' }));
  const form = screen.getByRole('form', { name: 'Result of Racer No2' });
  typeValue(fireEvent, within(form).getByLabelText('Run 1') as HTMLInputElement, '1:0x.00');
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect((await within(form).findByRole('alert')).textContent).toContain("Run 1: '1:0x.00' is not a time.");
  expect(await tablet.outbox.count()).toBe(0);

  typeValue(fireEvent, within(form).getByLabelText('Run 1') as HTMLInputElement, '1:00.00');
  typeValue(fireEvent, within(form).getByLabelText('Run 2') as HTMLInputElement, '61.5');
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const individuals = await screen.findByRole('region', { name: 'Individual results' });
  await waitFor(() =>
    expect(
      [...within(individuals).getAllByRole('row')[1]!.querySelectorAll('td:not(.no-print)')].map((c) => c.textContent),
    ).toEqual(['1', '2', 'Racer No2', names.get(w.schoolId), '1:00.00', '1:01.50', '2:01.50', '']),
  );
  // Who typed it and when stays in view, and that it waits to be sent.
  expect(screen.getByText(/^Typed or corrected on a tablet/).nextElementSibling!.textContent).toMatch(
    new RegExp(`^Racer No2: by ${official.user.username}, \\d+ \\w+ \\d\\d:\\d\\d \\(waiting to be sent\\)$`),
  );
  expect(await tablet.outbox.count()).toBe(1);
  expect(await w.t.db.select().from(raceResults)).toEqual([]);

  // Back online: the outbox sends it.
  await online.flush();
  const [stored] = await w.t.db.select().from(raceResults);
  expect([stored!.run1, stored!.run2, stored!.source, stored!.recordedBy]).toEqual([
    6000,
    6150,
    'tablet',
    official.user.username,
  ]);
});

it("confirms the race's qualifiers from an administrator's tablet, and the school reads its invitations on its home", async () => {
  await w.t.db.insert(events).values({ name: 'State Championships', year: 2026, level: 'State' });
  const imported = await admin.jar.fetch(
    `${w.baseUrl}/api/results/import?EventId=${w.eventId}&DisciplineId=1&division=1&gender=Male&confirm=1`,
    { method: 'POST', headers: { 'content-type': 'text/csv' }, body: FILE },
  );
  expect(imported.status).toBe(200);
  const tablet = freshDb();
  await setSessionUser(tablet, admin.user);
  const { engine } = engineFor(w, tablet, { fetch: admin.jar.fetch });
  await engine.pull();
  connectPagesTo(w.baseUrl, admin.jar);
  dom.rtl.render(
    <MemoryRouter initialEntries={[`/race-results?event=${w.eventId}&discipline=1&division=1&gender=Male`]}>
      <ServicesContext.Provider value={{ db: tablet, engine }}>
        <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
          <RaceResultsPage db={tablet} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  const { screen, fireEvent, within } = dom.rtl;
  const section = await screen.findByRole('region', { name: 'Qualifiers for State, proposed' });
  expect(await within(section).findByText(/^Not confirmed yet/)).toBeTruthy();
  expect((within(section).getByLabelText('Invite them to') as HTMLSelectElement).selectedOptions[0]!.text).toBe(
    'State Championships',
  );
  fireEvent.click(within(section).getByRole('button', { name: 'Confirm qualifiers' }));
  expect((await within(section).findByText(/^Confirmed by/)).textContent).toMatch(
    new RegExp(
      `^Confirmed by ${admin.user.username} at .+: 1 team and 5 individuals invited to State Championships\\.$`,
    ),
  );

  const device = freshDb();
  await engineFor(w, device).engine.pull();
  const school = await signInOnEvent(w, w.username);
  dom.rtl.render(
    <SessionContext.Provider value={{ user: school.user, setUser: async () => {} }}>
      <HomePage db={device} />
    </SessionContext.Provider>,
  );
  const own = names.get(w.schoolId)!;
  const invitations = await dom.rtl.screen.findByRole('region', { name: 'Your invitations' });
  expect(dom.rtl.within(invitations).getByRole('heading', { name: 'Invited to State Championships' })).toBeTruthy();
  const discipline = (await device.disciplines.get(1))!.name;
  expect(
    dom.rtl
      .within(invitations)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    `${own} A, 1st in ${discipline} Division 1 Male: Racer No1, Racer No2, Racer No3`,
    `Racer No1, 2nd in ${discipline} Division 1 Male`,
    `Racer No2, 2nd in ${discipline} Division 1 Male`,
    `Racer No3, 4th in ${discipline} Division 1 Male`,
  ]);
});
