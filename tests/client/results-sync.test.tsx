// The results screen of an admin who has picked an event, against the real server, its data
// reaching the device only through the real pull: the event's results show; a race result added
// through the 'Add race result' dialog and an overall result removed are saved offline, stay on
// the device, and once online the server holds exactly that change. Placings are entered by
// editing a result, offline too; an edit of a result changed meanwhile by someone else is refused
// and can be discarded. A school user reads the results of the events shown for results only. Trophies are added and edited the same way.
import 'fake-indexeddb/auto';
import { MemoryRouter } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { ResultOverall, ResultRace, SessionUser } from '../../src/domain/schemas';
import ResultsPage, { RESULTS_SAVED } from '../../src/features/results/results-page';
import TrophiesPage, { TROPHIES_SAVED } from '../../src/features/results/trophies-page';
import { createEvent, createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, offline, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

let w: World;
let admin: { jar: Jar; user: SessionUser };
beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin');
  admin = await signInOnEvent(w, email);
  expect(admin.user.EventId).toBe(w.eventId);
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

async function putResults(body: Record<string, unknown>, eventId?: string) {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/results`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(eventId ? { 'x-event-id': eventId } : {}) },
    body: JSON.stringify({ multi: true, racesDeleted: [], overallDeleted: [], ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function serverResults(): Promise<{ races: ResultRace[]; overalls: ResultOverall[] }> {
  const races = await admin.jar.fetch(`${w.baseUrl}/api/results/`);
  const overalls = await admin.jar.fetch(`${w.baseUrl}/api/resultOveralls`);
  return { races: (await races.json()) as ResultRace[], overalls: (await overalls.json()) as ResultOverall[] };
}

const sync = (db: InterschoolsDb, fetchFn: typeof fetch = admin.jar.fetch) =>
  engineFor(w, db, {
    fetch: fetchFn,
    ...(fetchFn === offline ? { sleep: () => new Promise<void>(() => undefined) } : {}),
  }).engine;

async function device(user: SessionUser, fetchFn: typeof fetch) {
  const db = freshDb();
  await setSessionUser(db, user);
  await sync(db, fetchFn).pull();
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user, setUser: async () => {} }}>
        <ResultsPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return db;
}

const choose = (select: HTMLElement, value: string) => typeValue(dom.rtl.fireEvent, select as HTMLSelectElement, value);
const rowsOf = (name: string) => {
  const { screen, within } = dom.rtl;
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent ?? ''),
    );
};

it('saves a race result added and an overall result removed offline, and the server gets exactly that', async () => {
  const kept = {
    id: uuidv7(),
    DisciplineId: 1,
    division: 1,
    gender: 'Male',
    teamIndividual: 'Team',
    fileUrl: 'https://r.example.test/a.pdf',
  };
  const gone = { id: uuidv7(), pointscore: 'Skiing', schoolType: 'Primary', gender: 'Female' };
  await putResults({ races: [kept], overalls: [gone] });
  const db = await device(admin.user, admin.jar.fetch);
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(rowsOf('Race results')).toEqual([['Alpine', '1', 'Male', 'Team']]), { timeout: 10_000 });
  expect(rowsOf('Overall results')).toEqual([['Skiing', 'Primary', 'Female', 'Not published yet']]);

  fireEvent.click(screen.getByRole('button', { name: 'Add race result' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add race result' });
  // The dialog does not close while a choice is missing.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(screen.getByRole('dialog', { name: 'Add race result' })).toBeTruthy();
  const option = within(dialog).getByRole('option', { name: 'Moguls' }) as HTMLOptionElement;
  choose(within(dialog).getByLabelText('Discipline'), option.value);
  choose(within(dialog).getByLabelText('Division'), '2');
  choose(within(dialog).getByLabelText('Gender'), 'Co-Ed');
  choose(within(dialog).getByLabelText('Type'), 'Combined');
  typeValue(
    fireEvent,
    within(dialog).getByLabelText("Or the result's web address") as HTMLInputElement,
    'https://r.example.test/m.pdf',
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Remove overall result Skiing, Primary, Female' }));
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save.classList.contains('button-danger')).toBe(true);
  fireEvent.click(save);
  expect(await screen.findByText(RESULTS_SAVED)).toBeTruthy();

  await sync(db, offline).flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  expect(await db.resultRaces.count()).toBe(2);
  expect(await db.resultOveralls.count()).toBe(0);
  expect((await serverResults()).overalls).toHaveLength(1);

  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  const stored = await serverResults();
  expect(stored.overalls).toEqual([]);
  expect(stored.races.map((r) => [r.DisciplineId, r.division, r.gender, r.teamIndividual, r.fileUrl])).toEqual([
    [1, 1, 'Male', 'Team', kept.fileUrl],
    [2, 2, 'Co-Ed', 'Combined', 'https://r.example.test/m.pdf'],
  ]);
});

async function showForResults(id: string, shown: boolean) {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/events`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: [{ id, showForResults: shown, showForStartlists: false }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

it('lets a school user read the results of the events shown for results, offline too, without add or save', async () => {
  await putResults({
    races: [{ id: uuidv7(), DisciplineId: 1, division: 3, gender: 'Female', teamIndividual: 'Individual' }],
  });
  const { email } = await createUser(w.t.db, 'school', { schoolId: w.schoolId });
  const school = await signInOnEvent(w, email);
  const { screen, waitFor, within } = dom.rtl;
  // Not shown for results yet: nothing is offered (RES-08).
  await device(school.user, school.jar.fetch);
  expect(await screen.findByText('No event has results to show yet.')).toBeTruthy();
  dom.rtl.cleanup();

  // Shown, with last season's results shown too: both reach the device through the pull.
  await showForResults(w.eventId, true);
  const last = await createEvent(w.t.db, { name: 'Last Season', year: 2025, active: false, showForResults: true });
  await putResults(
    {
      races: [
        {
          id: uuidv7(),
          DisciplineId: 2,
          division: 1,
          gender: 'Male',
          teamIndividual: 'Team',
          fileUrl: 'https://r.example.test/last.pdf',
        },
      ],
    },
    last.id,
  );
  const db = await device(school.user, school.jar.fetch);
  await waitFor(() => expect(rowsOf('Race results')).toEqual([['Alpine', '3', 'Female', 'Individual']]), {
    timeout: 10_000,
  });
  expect(screen.queryByRole('button', { name: 'Add race result' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  const choice = screen.getByLabelText('Event') as HTMLSelectElement;
  expect([...choice.options].map((o) => o.textContent)).toContain('Last Season (2025)');
  // Offline: last season's results are on the device already.
  await sync(db, offline).pull();
  choose(choice, last.id);
  await waitFor(() => expect(rowsOf('Race results')).toEqual([['Moguls', '1', 'Male', 'Team']]));
  expect(
    within(screen.getByRole('table', { name: 'Race results' }))
      .getByRole('link')
      .getAttribute('href'),
  ).toBe('https://r.example.test/last.pdf');

  // Hidden again on /rev: the next pull takes it off the list.
  await showForResults(last.id, false);
  await sync(db, school.jar.fetch).pull();
  await waitFor(() => expect(screen.queryByLabelText('Event')).toBeNull());
  await waitFor(() => expect(rowsOf('Race results')).toEqual([['Alpine', '3', 'Female', 'Individual']]));
});

it('lists trophies with each of their pictures and saves one added through the dialog', async () => {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/v2/Trophies`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      trophies: [
        {
          id: uuidv7(),
          name: 'Snow Cup',
          disciplineId: 1,
          division: 2,
          gender: 'female',
          state: 'NSW',
          imageURL: '/api/files/trophyPictureA0000001|/api/files/trophyPictureB0000002',
          type: 'team',
        },
      ],
      trophiesDeleted: [],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const db = freshDb();
  await setSessionUser(db, admin.user);
  await sync(db).pull();
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
        <TrophiesPage db={db} />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2), { timeout: 10_000 });
  expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
    '/api/files/trophyPictureA0000001',
    '/api/files/trophyPictureB0000002',
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'Add trophy' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add trophy' });
  typeValue(fireEvent, within(dialog).getByLabelText('Name') as HTMLInputElement, 'Board Shield');
  choose(within(dialog).getByLabelText('Gender'), 'male');
  choose(within(dialog).getByLabelText('Type'), 'independent');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // An existing trophy is edited in the same dialog, filled with what it holds.
  fireEvent.click(screen.getByRole('button', { name: 'Edit trophy Snow Cup, Alpine, division 2, female' }));
  const editing = await screen.findByRole('dialog', { name: 'Edit trophy' });
  expect((within(editing).getByLabelText('Pictures (web addresses, separated by |)') as HTMLInputElement).value).toBe(
    '/api/files/trophyPictureA0000001|/api/files/trophyPictureB0000002',
  );
  typeValue(fireEvent, within(editing).getByLabelText('State') as HTMLInputElement, 'VIC');
  fireEvent.click(within(editing).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(TROPHIES_SAVED)).toBeTruthy();
  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  const listed = await admin.jar.fetch(
    `${w.baseUrl}/api/v2/Trophies?filter=${encodeURIComponent(JSON.stringify({ order: 'name ASC' }))}`,
  );
  expect(
    ((await listed.json()) as { name: string; gender: string; state: string }[]).map((t) => [
      t.name,
      t.gender,
      t.state,
    ]),
  ).toEqual([
    ['Board Shield', 'male', ''],
    ['Snow Cup', 'female', 'VIC'],
  ]);
});

async function editPlacings(label: string, lines: readonly (readonly [string, string, string])[]) {
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  fireEvent.click(screen.getByRole('button', { name: `Edit ${label}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit race result' });
  for (const [name, school, points] of lines) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add placing' }));
    const n = within(dialog).getAllByLabelText(/^Name, line/).length;
    typeValue(fireEvent, within(dialog).getByLabelText(`Name, line ${n}`) as HTMLInputElement, name);
    typeValue(fireEvent, within(dialog).getByLabelText(`School, line ${n}`) as HTMLInputElement, school);
    typeValue(fireEvent, within(dialog).getByLabelText(`Points, line ${n}`) as HTMLInputElement, points);
  }
  fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(RESULTS_SAVED)).toBeTruthy();
}
const firstRacePlacingsCell = () =>
  dom.rtl
    .within(dom.rtl.screen.getByRole('table', { name: 'Race results' }))
    .getAllByRole('row')[1]!
    .querySelectorAll('td')[5]!.textContent;
const placingsShown = () =>
  [...dom.rtl.screen.getByRole('table', { name: 'Race results' }).querySelectorAll('li')].map((li) => li.textContent);

it("edits a result's placings twice offline; both edits reach the server, the second on the first one's version", async () => {
  const race = {
    id: uuidv7(),
    DisciplineId: 1,
    division: 2,
    gender: 'Female',
    teamIndividual: 'Individual',
    fileUrl: 'https://r.example.test/a.pdf',
  };
  await putResults({ races: [race] });
  const db = await device(admin.user, admin.jar.fetch);
  const { screen, within, fireEvent, waitFor } = dom.rtl;
  const label = 'race result Alpine, division 2, Female, Individual';
  await waitFor(() => expect(screen.getByRole('button', { name: `Edit ${label}` })).toBeTruthy(), { timeout: 10_000 });
  expect(within(screen.getByRole('table', { name: 'Race results' })).getByText('None entered')).toBeTruthy();

  // A placing line left without a name keeps the dialog open and says why.
  fireEvent.click(screen.getByRole('button', { name: `Edit ${label}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit race result' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add placing' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(within(dialog).getByText('Enter the name of the skier, rider or school placed.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await editPlacings(label, [['Ada Lovelace', 'Alpine Shire', '10']]);
  await sync(db, offline).flush();
  await editPlacings(label, [['Grace Hopper', '', '8']]);
  await sync(db, offline).flush();
  expect(await db.outbox.where('status').equals('pending').count()).toBe(2);
  expect(placingsShown()).toEqual(['1. Ada Lovelace, Alpine Shire, 10 points', '2. Grace Hopper, 8 points']);

  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  const [stored] = (await serverResults()).races;
  expect(stored!.placings).toEqual([
    { place: 1, name: 'Ada Lovelace', school: 'Alpine Shire', points: 10 },
    { place: 2, name: 'Grace Hopper', points: 8 },
  ]);
  await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).toBeNull());
});

it("refuses an edit of a result another administrator changed meanwhile; discarding it shows the server's result", async () => {
  const race = {
    id: uuidv7(),
    DisciplineId: 1,
    division: 2,
    gender: 'Female',
    teamIndividual: 'Individual',
    fileUrl: '',
  };
  await putResults({ races: [race] });
  const db = await device(admin.user, admin.jar.fetch);
  const { screen, fireEvent, waitFor } = dom.rtl;
  const label = 'race result Alpine, division 2, Female, Individual';
  await waitFor(() => expect(screen.getByRole('button', { name: `Edit ${label}` })).toBeTruthy(), { timeout: 10_000 });
  // The other administrator publishes the file, on the version this device holds.
  const [held] = await db.resultRaces.toArray();
  await putResults({ races: [{ ...race, fileUrl: 'https://r.example.test/final.pdf', version: held!.version }] });

  await editPlacings(label, [['Ada Lovelace', '', '']]);
  await sync(db).flush();
  expect(
    await screen.findByText(/Someone else changed this record\. The latest version has been loaded\./),
  ).toBeTruthy();
  expect((await serverResults()).races[0]!.placings).toBeNull();
  // The result shows as the server holds it, and nothing more is saved until the refusal is dealt with.
  const fileLink = () => screen.getByRole('link', { name: `Open result: ${label}` }).getAttribute('href');
  await waitFor(() => expect(fileLink()).toBe('https://r.example.test/final.pdf'));
  expect(firstRacePlacingsCell()).toBe('None entered');
  expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Discard this change' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Discard this change' })).toBeNull());
  expect(await db.outbox.count()).toBe(0);
  expect(fileLink()).toBe('https://r.example.test/final.pdf');
  expect(firstRacePlacingsCell()).toBe('None entered');
  // The edit made again on the server's version goes through.
  await editPlacings(label, [['Ada Lovelace', '', '']]);
  await sync(db).flush();
  expect(await db.outbox.count()).toBe(0);
  expect((await serverResults()).races[0]).toMatchObject({
    fileUrl: 'https://r.example.test/final.pdf',
    placings: [{ place: 1, name: 'Ada Lovelace' }],
  });
});
