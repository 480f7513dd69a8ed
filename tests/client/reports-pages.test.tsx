// The report pages of admin and auditor against the real server (server/modules/reports): a
// school's race entries made through the API as its coordinator would, then the report frame
// (src/features/reports/report-page.tsx) fetching, sorting, filtering, exporting CSV and showing
// the kept copy offline with its time; the routes' access (others go to /login); the pages with
// a choice or a body of their own (coordinators by state, past events' totals) and the page that
// makes no call (moguls/slopestyle); the per-school chart (one bar per school, by name) and the
// missing-waivers page saying whom it lists.
import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { Participant, School, SessionUser } from '../../src/domain/schemas';
import { syncStatus } from '../../src/sync/status';
import CoordinatorDetailsStateReport from '../../src/features/reports/pages/coordinator-details-state';
import MissingWaiversReport from '../../src/features/reports/pages/missing-waivers';
import MissingSnowIdsReport from '../../src/features/reports/pages/missing-snow-ids';
import ParticipantsReport from '../../src/features/reports/pages/participants';
import MogulsSlopestyleReport from '../../src/features/reports/pages/moguls-slopestyle';
import RaceEntriesReport from '../../src/features/reports/pages/race-entries';
import SchoolPastTotalEntriesReport, {
  GENERATE_BUTTON,
} from '../../src/features/reports/pages/school-past-total-entries';
import SkiSnowboardAwardsReport from '../../src/features/reports/pages/ski-snowboard-awards';
import TotalEntriesReport from '../../src/features/reports/pages/total-entries';
import TotalEntriesPerSchoolReport from '../../src/features/reports/pages/total-entries-per-school';
import ReportsIndexPage from '../../src/features/reports/reports-index-page';
import { REPORTS } from '../../src/features/reports/reports';
import { createEvent, createSchool, createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { apiAs, connectPagesTo, signInOnEvent, typeValue, type SentRequest } from './support/pages';
import { cookieJar, dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();
const WAIT = { timeout: 15_000 };

let w: World;
let admin: { jar: Jar; user: SessionUser };
let auditor: { jar: Jar; user: SessionUser };
let db: InterschoolsDb;
let sent: SentRequest[];
let schoolName: string;

beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin');
  admin = await signInOnEvent(w, email);
  auditor = await signInOnEvent(w, (await createUser(w.t.db, 'auditor')).email);

  const ann = await addParticipant('Ann', 'Zimmer', 'Female');
  const bob = await addParticipant('Bob', 'Young', 'Male');
  const cat = await addParticipant('Cat', 'Xu', 'Female');
  // As the coordinator's team grid saves them: two racers in a Moguls team, one in an Alpine team.
  await apiAs(w, w.jar, 'PUT', '/api/teams', {
    multi: true,
    teams: [
      {
        id: uuidv7(),
        DisciplineId: 2,
        division: 1,
        teamRank: 'A',
        gender: 'Co-ed',
        TeamEntries: [ann, bob].map((p, i) => ({ id: uuidv7(), ParticipantId: p.id, position: i + 1 })),
      },
      {
        id: uuidv7(),
        DisciplineId: 1,
        division: 2,
        teamRank: 'A',
        gender: 'Female',
        TeamEntries: [{ id: uuidv7(), ParticipantId: cat.id, position: 1 }],
      },
    ],
    teamsDeleted: [],
  });
  schoolName = ((await apiAs(w, w.jar, 'GET', '/api/school')) as School).name;
  db = freshDb();
  sent = [];
  connectPagesTo(w.baseUrl, admin.jar, sent);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  syncStatus.set({ online: true });
  await dropDatabases();
  await w.close();
});

async function addParticipant(
  firstname: string,
  lastname: string,
  gender: string,
  jar: Jar = w.jar,
): Promise<Participant> {
  return (await apiAs(w, jar, 'POST', '/api/v2/participants', {
    id: uuidv7(),
    snowId: null,
    firstname,
    lastname,
    gender,
    dob: '2012-01-01',
    yearLevel: '9',
    email: '',
  })) as Participant;
}

function renderAs(user: SessionUser, page: ReactNode, at = '/reports/page') {
  dom.rtl.render(
    <MemoryRouter initialEntries={[at]}>
      <SessionContext.Provider value={{ user, setUser: async () => {} }}>
        <Routes>
          <Route path="/reports/*" element={page} />
          <Route path="/login" element={<p>Login screen</p>} />
        </Routes>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

/** The cells of the table's body rows, as shown. */
function bodyRows(table: HTMLElement): string[][] {
  const { within } = dom.rtl;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

/** happy-dom has no 2D canvas: a context that accepts every drawing call stands in for one, so
 *  chart.js draws and Chart.getChart tells what it drew. */
function canvasThatDraws() {
  const noop = () => undefined;
  const drawn: Record<string, unknown> = {
    measureText: () => ({ width: 10 }),
    createLinearGradient: () => ({ addColorStop: noop }),
  };
  const context = new Proxy(drawn, {
    get: (target, key: string) => (key in target ? target[key] : noop),
    set: () => true,
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    drawn.canvas = this;
    return context as unknown as CanvasRenderingContext2D;
  });
}

const reportRequests = () => sent.filter((r) => r.path.includes('/report/'));

it('lists the race entries, sorts and filters them, and exports what is shown as CSV with a BOM', async () => {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:${w.baseUrl}/${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  renderAs(admin.user, <RaceEntriesReport db={db} />);
  const { screen, fireEvent, within } = dom.rtl;
  const table = await screen.findByRole('table', { name: 'Race entries' }, WAIT);
  expect(reportRequests().map((r) => r.path)).toEqual(['/api/report/race-entries']);
  expect(screen.getByText('3 rows')).toBeTruthy();
  expect(screen.getByText(/As of /)).toBeTruthy();
  // The server's order: by discipline (Alpine is 1), then position.
  expect(bodyRows(table).map((r) => r[7])).toEqual(['Xu', 'Zimmer', 'Young']);

  const surname = within(table).getByRole('button', { name: /Surname/ });
  fireEvent.click(surname);
  expect(surname.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
  expect(bodyRows(table).map((r) => r[7])).toEqual(['Xu', 'Young', 'Zimmer']);
  fireEvent.click(surname);
  expect(surname.closest('th')!.getAttribute('aria-sort')).toBe('descending');
  expect(bodyRows(table).map((r) => r[7])).toEqual(['Zimmer', 'Young', 'Xu']);

  typeValue(fireEvent, screen.getByLabelText('Filter') as HTMLInputElement, 'moguls co-ed');
  expect(screen.getByText('2 of 3 rows')).toBeTruthy();
  expect(bodyRows(table).map((r) => r[7])).toEqual(['Zimmer', 'Young']);

  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/^race-entries-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = new Uint8Array(await files[0]!.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = Papa.parse<string[]>(new TextDecoder().decode(bytes.slice(3)), {
    skipEmptyLines: true,
  }).data;
  expect(header).toEqual([
    'School',
    'Discipline',
    'Division',
    'Gender',
    'Team',
    'Position',
    'Given name',
    'Surname',
    'Snow id',
    'Year level',
    'Bib',
  ]);
  expect(rows.map((r) => [r[0], r[2], r[5], r[7]])).toEqual([
    [schoolName, '1', '1', 'Zimmer'],
    [schoolName, '1', '2', 'Young'],
  ]);
});

it('shows the kept copy offline with the time it was fetched, without asking the server', async () => {
  renderAs(admin.user, <TotalEntriesReport db={db} />);
  const { screen } = dom.rtl;
  expect(await screen.findByText('3', undefined, WAIT)).toBeTruthy();
  dom.rtl.cleanup();
  sent.length = 0;

  syncStatus.set({ online: false });
  renderAs(admin.user, <TotalEntriesReport db={db} />);
  expect(await screen.findByText(/^Offline: showing the copy fetched /, undefined, WAIT)).toBeTruthy();
  expect(screen.getByText('3')).toBeTruthy();
  expect(screen.getByText(/As of /)).toBeTruthy();
  expect(reportRequests()).toEqual([]);
  expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
});

it('opens the reports for an auditor', async () => {
  // The pages' network as the auditor's session (the admin's is unstubbed first).
  vi.unstubAllGlobals();
  connectPagesTo(w.baseUrl, auditor.jar, sent);
  renderAs(auditor.user, <TotalEntriesReport db={db} />);
  const { screen } = dom.rtl;
  expect(await screen.findByText('3', undefined, WAIT)).toBeTruthy();
  dom.rtl.cleanup();

  renderAs(auditor.user, <ReportsIndexPage />, '/reports');
  expect(screen.getAllByRole('link')).toHaveLength(REPORTS.length);
  expect(screen.getByRole('link', { name: 'Coordinators by state' }).getAttribute('href')).toBe(
    '/reports/coordinator-details-state',
  );
  // Others are sent to /login by the route guard (tests/client/app-shell.dom.test.tsx).
});

it("offers past events as well as active ones, the session's event first, and reads the one chosen", async () => {
  const past = await createEvent(w.t.db, { name: 'Past Interschools', year: 2019, active: false });
  const archived = await createEvent(w.t.db, {
    name: 'Archived Interschools',
    year: 2018,
    active: false,
    archived: true,
  });
  renderAs(admin.user, <TotalEntriesReport db={db} />);
  const { screen } = dom.rtl;
  expect(await screen.findByText('3', undefined, WAIT)).toBeTruthy();
  const choice = (await screen.findByLabelText('Event')) as HTMLSelectElement;
  const options = [...choice.options].map((o) => o.textContent);
  expect(options).toContain('Past Interschools (2019, NSW, closed)');
  expect(options.some((o) => o?.startsWith('Archived Interschools'))).toBe(false);
  expect(choice.value).toBe(w.eventId);
  typeValue(dom.rtl.fireEvent, choice, past.id);
  await dom.rtl.waitFor(() => expect(reportRequests().some((r) => r.search.includes(past.id))).toBe(true), WAIT);
  expect(await screen.findByText('0', undefined, WAIT)).toBeTruthy();
  expect(reportRequests().some((r) => r.search.includes(archived.id))).toBe(false);
});

it('asks for the coordinators of the chosen state, NSW first', async () => {
  renderAs(admin.user, <CoordinatorDetailsStateReport db={db} />);
  const { screen } = dom.rtl;
  await screen.findByRole('table', { name: /^Coordinators by state/ }, WAIT);
  expect(reportRequests().map((r) => r.path)).toEqual(['/api/report/coordinator-details-state/3']);
});

it('makes no call on the moguls/slopestyle page: it shows the signed-in user', async () => {
  renderAs(admin.user, <MogulsSlopestyleReport db={db} />);
  const { screen } = dom.rtl;
  expect(await screen.findByText(new RegExp(admin.user.username))).toBeTruthy();
  // Its table shows once the page's reads of the device settled; a call made on mount would have
  // been sent by then (report pages send theirs from the first effect), flushed by one more turn.
  await screen.findByRole('table', {}, WAIT);
  await dom.rtl.act(() => new Promise((resolve) => setImmediate(resolve)));
  expect(sent).toEqual([]);
});

it("generates the past events' totals for the ticked events, one column each", async () => {
  renderAs(admin.user, <SchoolPastTotalEntriesReport db={db} />);
  const { screen, fireEvent } = dom.rtl;
  const box = await screen.findByRole('checkbox', { name: new RegExp(admin.user.eventName!) }, WAIT);
  fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: GENERATE_BUTTON }));
  const table = await screen.findByRole('table', { name: 'Race entries in past events' }, WAIT);
  expect(sent.filter((r) => r.method === 'POST')).toEqual([
    { method: 'POST', path: '/api/report/school-past-total-entries', search: '', body: { events: [w.eventId] } },
  ]);
  expect(
    dom.rtl
      .within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
  ).toEqual(['School', expect.stringContaining(admin.user.eventName!), 'Total']);
  expect(bodyRows(table)).toEqual([[schoolName, '3', '3']]);
});

it('shows the four award lists', async () => {
  renderAs(admin.user, <SkiSnowboardAwardsReport db={db} />);
  const { screen } = dom.rtl;
  for (const name of ['Secondary ski', 'Secondary snowboard', 'Primary ski', 'Primary snowboard']) {
    expect(await screen.findByRole('heading', { name }, WAIT)).toBeTruthy();
  }
  expect(reportRequests().map((r) => r.path)).toEqual([`/api/v2/report/ski-snowboard-awards/${w.eventId}`]);
});

it('draws the bar chart with only the parts it registered, labelled with its summary', async () => {
  canvasThatDraws();
  const { default: BarChart } = await import('../../src/features/reports/bar-chart');
  const { Chart } = await import('chart.js');
  const summary = 'Bar chart of race entries by discipline: Moguls 2, Alpine 1.';
  dom.rtl.render(
    <BarChart labels={['Moguls', 'Alpine']} series={[{ label: 'Race entries', data: [2, 1] }]} summary={summary} />,
  );
  const canvas = dom.rtl.screen.getByRole('img', { name: summary }) as HTMLCanvasElement;
  const chart = Chart.getChart(canvas);
  expect(chart?.data.labels).toEqual(['Moguls', 'Alpine']);
  expect(chart?.data.datasets[0]?.data).toEqual([2, 1]);
  dom.rtl.cleanup();
  expect(Chart.getChart(canvas)).toBeUndefined();
});

it('charts the race entries per school with one bar per school, labelled with its name', async () => {
  // A second school of the same state (NSW) enters one racer, as its coordinator would (through
  // node's own fetch: the pages' fetch sends the admin's cookie).
  vi.unstubAllGlobals();
  const other = await createSchool(w.t.db, { name: 'Thredbo Valley College', stateId: 3 });
  const coordinator = await createUser(w.t.db, 'school', { schoolId: other.id });
  const otherJar = cookieJar(w.baseUrl);
  await otherJar.login(coordinator.email, w.eventId);
  const dee = await addParticipant('Dee', 'Walsh', 'Female', otherJar);
  await apiAs(w, otherJar, 'PUT', '/api/teams', {
    multi: true,
    teams: [
      {
        id: uuidv7(),
        DisciplineId: 1,
        division: 2,
        teamRank: 'A',
        gender: 'Female',
        TeamEntries: [{ id: uuidv7(), ParticipantId: dee.id, position: 1 }],
      },
    ],
    teamsDeleted: [],
  });
  // The admin's device: the states (named in the table) come through the pull.
  await setSessionUser(db, admin.user);
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.pull();
  connectPagesTo(w.baseUrl, admin.jar, sent);
  canvasThatDraws();
  const { Chart } = await import('chart.js');

  renderAs(admin.user, <TotalEntriesPerSchoolReport db={db} />);
  const { screen } = dom.rtl;
  const table = await screen.findByRole('table', { name: 'Race entries per school' }, WAIT);
  expect(bodyRows(table)).toEqual([
    [schoolName, 'NSW', '3'],
    ['Thredbo Valley College', 'NSW', '1'],
  ]);
  const summary = `Bar chart of race entries per school: ${schoolName} 3, Thredbo Valley College 1.`;
  const canvas = (await screen.findByRole('img', { name: summary }, WAIT)) as HTMLCanvasElement;
  const chart = Chart.getChart(canvas);
  // Not one 'NSW' bar for both schools: a bar for each school, by its name.
  expect(chart?.data.labels).toEqual([schoolName, 'Thredbo Valley College']);
  expect(chart?.data.datasets.map((d) => d.data)).toEqual([[3, 1]]);
});

it('says under its title that the missing waivers are of racers and volunteers, and lists no unentered participant', async () => {
  // A participant of the school who is in no team: not a racer, so not listed.
  vi.unstubAllGlobals();
  await addParticipant('Eve', 'Vance', 'Female');
  connectPagesTo(w.baseUrl, admin.jar, sent);
  renderAs(admin.user, <MissingWaiversReport db={db} />);
  const { screen } = dom.rtl;
  const table = await screen.findByRole('table', { name: 'Missing waivers' }, WAIT);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Missing waivers');
  expect(
    screen.getByText(
      'Participants entered in a race, and volunteers of the event, whose waiver is missing or not completed. Participants with no race entry are not listed.',
    ),
  ).toBeTruthy();
  expect(reportRequests().map((r) => r.path)).toEqual([`/api/report/missing-waivers/${w.eventId}`]);
  expect(bodyRows(table).map((r) => [r[1], r[3]])).toEqual([
    ['participant', 'Xu'],
    ['participant', 'Young'],
    ['participant', 'Zimmer'],
  ]);
});

it.each([
  ['Participants', 'Participants entered in at least one race of this event, with their number of race entries.'],
  [
    'Participants missing a snow id',
    'Participants entered in at least one race of this event who have no snow id yet.',
  ],
])('says under the title of %s which participants it lists, and lists no unentered one', async (title, about) => {
  vi.unstubAllGlobals();
  await addParticipant('Eve', 'Vance', 'Female');
  connectPagesTo(w.baseUrl, admin.jar, sent);
  const Page = title === 'Participants' ? ParticipantsReport : MissingSnowIdsReport;
  renderAs(admin.user, <Page db={db} />);
  const { screen } = dom.rtl;
  const table = await screen.findByRole('table', { name: title }, WAIT);
  expect(screen.getByText(about)).toBeTruthy();
  expect(bodyRows(table).flat()).not.toContain('Vance');
});
