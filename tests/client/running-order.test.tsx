// The running order against the real server, its race-day data reaching devices only through the
// real pull: an admin gives two races of the event's first race day their places (the second race
// of the picker's order first), moves one with Move up, saves offline, and once online the server
// and a race official's device hold it; on that device, Next race on the start marshall sheet
// steps through the day's races in that order and then to the race with no day. The day at a
// glance lists the day's races in that order, each race's state following the start hut's marks.
// Print the day on the start marshall sheet shows every race of the day with racers, in order. An
// order read from a spreadsheet replaces the one on screen, its unreadable lines listed, and saves.
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
import { steppedChoice, raceChoiceFrom } from '../../src/features/race-day/race-choice';
import StartMarshallPage from '../../src/features/race-day/start-marshall-page';
import DayAtAGlancePage from '../../src/features/race-day/day-at-a-glance-page';
import RunningOrderPage, { RUNNING_ORDER_TEXT } from '../../src/features/race-day/running-order-page';
import { readRaceDayRows } from '../../src/features/race-day/use-race-day';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { chooseFile, signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, offline, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
let official: { jar: Jar; user: SessionUser };
/** Three races with racers: Moguls Division 1 Male and Female, Alpine Division 1 Male. */
const RACES = [
  { disciplineId: 2, gender: 'Male' },
  { disciplineId: 2, gender: 'Female' },
  { disciplineId: 1, gender: 'Male' },
] as const;

beforeEach(async () => {
  w = await world();
  await w.t.db
    .update(events)
    .set({ showForStartlists: true, firstRaceDay: '2027-08-18', lastRaceDay: '2027-08-19' })
    .where(eq(events.id, w.eventId));
  for (const [i, race] of RACES.entries()) {
    const [team] = await w.t.db
      .insert(teams)
      .values({ schoolId: w.schoolId, eventId: w.eventId, division: 1, teamRank: 'A', ...race })
      .returning();
    const [racer] = await w.t.db
      .insert(participants)
      .values({ schoolId: w.schoolId, firstname: 'Racer', lastname: `No${i}`, gender: race.gender, yearLevel: '9' })
      .returning();
    await w.t.db.insert(teamEntries).values({
      teamId: team!.id,
      eventId: w.eventId,
      disciplineId: race.disciplineId,
      schoolId: w.schoolId,
      participantId: racer!.id,
      position: 1,
    });
  }
  admin = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  official = await signInOnEvent(w, (await createUser(w.t.db, 'racedept')).email);
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

async function device(who: { jar: Jar; user: SessionUser }): Promise<InterschoolsDb> {
  const db = freshDb();
  await setSessionUser(db, who.user);
  await engineFor(w, db, { fetch: who.jar.fetch }).engine.pull();
  return db;
}

it('is set by an admin offline, reaches a race official, and Next race follows it', async () => {
  const db = await device(admin);
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
        <RunningOrderPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, fireEvent, within } = dom.rtl;
  const firstDay = await screen.findByRole('region', { name: 'Wednesday 18 August 2027' });
  const noDay = screen.getByRole('region', { name: 'No day yet' });
  const races = (region: HTMLElement) =>
    within(region)
      .queryAllByRole('listitem')
      .map((li) => li.querySelector('.running-order-name')?.textContent);
  const names = new Map((await db.raceEvents.get(w.eventId))!.disciplines.map((d) => [d.DisciplineId, d.name]));
  const moguls = (g: string) => `${names.get(2)}, Division 1, ${g}`;
  const alpine = `${names.get(1)}, Division 1, Male`;
  await dom.rtl.waitFor(() => expect(races(noDay).sort()).toEqual([alpine, moguls('Female'), moguls('Male')].sort()));

  fireEvent.click(screen.getByRole('button', { name: `Add to the day: ${moguls('Male')}` }));
  fireEvent.click(screen.getByRole('button', { name: `Add to the day: ${moguls('Female')}` }));
  expect(races(firstDay)).toEqual([moguls('Male'), moguls('Female')]);
  fireEvent.click(screen.getByRole('button', { name: `Move up: ${moguls('Female')}` }));
  expect(races(firstDay)).toEqual([moguls('Female'), moguls('Male')]);
  typeValue(fireEvent, screen.getByLabelText(`Planned start of ${moguls('Female')}`) as HTMLInputElement, '09:30');

  // Saved with no network: on this device at once, on the server once it is back.
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await dom.rtl.waitFor(async () =>
    expect((await db.raceEvents.get(w.eventId))?.runningOrder?.map((e) => [e.gender, e.position])).toEqual([
      ['Female', 1],
      ['Male', 2],
    ]),
  );
  expect(await screen.findByText(RUNNING_ORDER_TEXT.waiting)).toBeTruthy();
  await engineFor(w, db, { fetch: offline, sleep: () => new Promise<void>(() => undefined) }).engine.flush();
  const [before] = await w.t.db.select().from(events).where(eq(events.id, w.eventId));
  expect(before!.runningOrder).toBeNull();
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.flush();
  const [stored] = await w.t.db.select().from(events).where(eq(events.id, w.eventId));
  expect(stored!.runningOrder).toEqual([
    { DisciplineId: 2, division: 1, gender: 'Female', day: '2027-08-18', position: 1, plannedStart: '09:30' },
    { DisciplineId: 2, division: 1, gender: 'Male', day: '2027-08-18', position: 2, plannedStart: null },
  ]);

  // The race official's device: Next race goes Moguls Female, Moguls Male, then Alpine (no day).
  const tablet = await device(official);
  const event = (await tablet.raceEvents.get(w.eventId))!;
  const rows = await readRaceDayRows(tablet, w.eventId);
  const at = (params: Record<string, string>) =>
    raceChoiceFrom(new URLSearchParams({ event: w.eventId, ...params }), [event])!;
  let choice = at({ discipline: '2', division: '1', gender: 'Female' });
  const seen: string[] = [];
  for (;;) {
    seen.push(`${choice.discipline.DisciplineId}/${choice.gender}`);
    const next = steppedChoice(choice, 1, {}, rows);
    if (!next) break;
    choice = at(next);
  }
  expect(seen).toEqual(['2/Female', '2/Male', '1/Male']);
});

it("shows the day at a glance in running order, each race's state following the start hut's marks", async () => {
  const order = [
    { DisciplineId: 2, division: 1, gender: 'Female', day: '2027-08-18', position: 1, plannedStart: '09:30' },
    { DisciplineId: 2, division: 1, gender: 'Male', day: '2027-08-18', position: 2, plannedStart: null },
  ];
  const put = (path: string, body: unknown, jar: Jar) =>
    jar.fetch(`${w.baseUrl}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  expect((await put('/api/running-order', { id: w.eventId, runningOrder: order }, admin.jar)).status).toBe(200);
  const tablet = await device(official);
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: official.user, setUser: async () => {} }}>
        <DayAtAGlancePage db={tablet} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within, waitFor } = dom.rtl;
  const table = await screen.findByRole('table', { name: 'Races of Wednesday 18 August 2027, in running order' });
  const lines = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td, th')].slice(0, 7).map((c) => c.textContent));
  const names = new Map((await tablet.raceEvents.get(w.eventId))!.disciplines.map((d) => [d.DisciplineId, d.name]));
  await waitFor(() =>
    expect(lines()).toEqual([
      ['1', `${names.get(2)}, Division 1, Female`, '09:30', 'To start', '0', '0', '1'],
      ['2', `${names.get(2)}, Division 1, Male`, '', 'To start', '0', '0', '1'],
    ]),
  );
  expect(
    screen.getByRole('link', { name: `Marshall sheet: ${names.get(2)}, Division 1, Female` }).getAttribute('href'),
  ).toContain('startMarshall?');

  // The start hut marks the Female racer started; this tablet's next pull brings it.
  const [female] = await w.t.db
    .select()
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .where(eq(teams.gender, 'Female'));
  expect(
    (
      await put(
        '/api/raceMarks',
        { marks: [{ teamEntryId: female!.team_entries.id, run: 'First', mark: 'started' }] },
        official.jar,
      )
    ).status,
  ).toBe(200);
  await engineFor(w, tablet, { fetch: official.jar.fetch }).engine.pull();
  await waitFor(() => expect(lines()[0]!.slice(3)).toEqual(['Done', '1', '0', '0']));
});

it('prints the day: every race of the day with racers, in running order, each on pages of its own', async () => {
  const order = [
    { DisciplineId: 2, division: 1, gender: 'Male', day: '2027-08-18', position: 1, plannedStart: '09:00' },
    { DisciplineId: 2, division: 1, gender: 'Female', day: '2027-08-18', position: 2, plannedStart: null },
    { DisciplineId: 1, division: 1, gender: 'Male', day: '2027-08-19', position: 1, plannedStart: null },
  ];
  const answer = await admin.jar.fetch(`${w.baseUrl}/api/running-order`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ id: w.eventId, runningOrder: order }),
  });
  expect(answer.status).toBe(200);
  const tablet = await device(official);
  const { engine } = engineFor(w, tablet, { fetch: official.jar.fetch });
  dom.rtl.render(
    <MemoryRouter initialEntries={[`/startMarshall?event=${w.eventId}&discipline=2&division=1&gender=Female`]}>
      <ServicesContext.Provider value={{ db: tablet, engine }}>
        <SessionContext.Provider value={{ user: official.user, setUser: async () => {} }}>
          <StartMarshallPage db={tablet} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within, fireEvent } = dom.rtl;
  fireEvent.click(await screen.findByRole('button', { name: 'Print the day' }));
  const names = new Map((await tablet.raceEvents.get(w.eventId))!.disciplines.map((d) => [d.DisciplineId, d.name]));
  await screen.findByRole('heading', { name: 'Wednesday 18 August 2027: 2 races' });
  const races = screen.getAllByRole('region');
  expect(races.map((r) => r.getAttribute('aria-label'))).toEqual([
    `${names.get(2)}, Division 1, Male`,
    `${names.get(2)}, Division 1, Female`,
  ]);
  expect(within(races[0]!).getByRole('heading', { level: 3 }).textContent).toBe(
    `1. ${names.get(2)}, Division 1, Male, planned start 09:00`,
  );
  // Each race's racers under it (Racer No0 is the Moguls Male racer, No1 the Female).
  expect(races[0]!.textContent).toContain('No0, Racer');
  expect(races[1]!.textContent).toContain('No1, Racer');
  expect(races[0]!.textContent).not.toContain('No1, Racer');
  // Back to the one race the sheet was on.
  fireEvent.click(screen.getByRole('button', { name: 'One race' }));
  expect(await screen.findByRole('heading', { level: 2, name: `${names.get(2)}, Division 1, Female` })).toBeTruthy();
});

it('reads the order from a spreadsheet, lists the lines it cannot read, and saves what it read', async () => {
  const db = await device(admin);
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
        <RunningOrderPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, fireEvent, within, waitFor } = dom.rtl;
  const secondDay = await screen.findByRole('region', { name: 'Thursday 19 August 2027' });
  const names = new Map((await db.raceEvents.get(w.eventId))!.disciplines.map((d) => [d.DisciplineId, d.name]));
  const sheet = [
    'Day,Order,Discipline,Division,Gender,Planned start',
    `19/08/2027,2,${names.get(2)},1,Female,10:15`,
    `19/08/2027,1,${names.get(1)},1,Male,`,
    `19/08/2027,3,${names.get(2)},9,Female,`,
  ].join('\r\n');
  const input = screen.getByLabelText('Read an order from a spreadsheet') as HTMLInputElement;
  chooseFile(fireEvent, input, new File([sheet], 'order.csv', { type: 'text/csv' }));

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Read 2 races from order.csv. Check the order below, then Save.');
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([`Row 4: ${names.get(2)}, Division 9, Female is not a race of this event.`]);
  expect(
    within(secondDay)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.running-order-name')?.textContent),
  ).toEqual([`${names.get(1)}, Division 1, Male`, `${names.get(2)}, Division 1, Female`]);

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.flush();
  const [stored] = await w.t.db.select().from(events).where(eq(events.id, w.eventId));
  expect(stored!.runningOrder).toEqual([
    { DisciplineId: 1, division: 1, gender: 'Male', day: '2027-08-19', position: 1, plannedStart: null },
    { DisciplineId: 2, division: 1, gender: 'Female', day: '2027-08-19', position: 2, plannedStart: '10:15' },
  ]);
});
