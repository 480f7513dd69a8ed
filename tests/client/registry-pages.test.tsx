// The Snowracer import and export screens of an admin against the real server and its built-in
// registry (athletes.csv, loaded as the server does on its first start). The school's people and
// race entries are made through the API as a coordinator would: one participant without a snow id
// whose names and date of birth match a registry athlete, one whose date of birth differs from the
// registry's, one the registry does not know, one not entered. The import shows how many snow ids
// it brought and the differing dates of birth; the export shows the registry's size and downloads
// a CSV (with a BOM) of the event's entered participants.
import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadRegistry } from '../../server/integrations/registry/load';
import { SessionContext } from '../../src/components/session-context';
import { snowracerIdsImportedMessage } from '../../src/domain/messages';
import { REGISTRY_EXPORT_COLUMNS } from '../../src/domain/schemas/api/registry';
import type { Participant, School, SessionUser } from '../../src/domain/schemas';
import RegistryExportPage, { DOWNLOAD_BUTTON } from '../../src/features/registry/registry-export-page';
import RegistryImportPage, { IMPORT_BUTTON } from '../../src/features/registry/registry-import-page';
import {
  athletesHeldMessage,
  fileSavedMessage,
  waiversRecordedMessage,
} from '../../src/features/registry/registry-texts';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { apiAs, connectPagesTo, signInOnEvent } from './support/pages';
import { world, type Jar, type World } from './sync-support';

const dom = renderInNode();

// Athletes of server/integrations/registry/athletes.csv (checked through the API in beforeEach).
const ZOE = { snowId: '410052', firstname: 'Zoe', lastname: 'Jones', gender: 'Female', dob: '2011-12-15' }; // waiver signed
const MATILDA = { snowId: '410145', firstname: 'Matilda', lastname: 'Lee', gender: 'Female', dob: '2007-03-14' }; // no waiver

let w: World;
let admin: { jar: Jar; user: SessionUser };
let people: Record<'zoe' | 'matilda' | 'nobody' | 'notEntered', Participant>;
/** How many athletes the built-in registry was loaded with. */
let athletes: number;
let schoolName: string;

beforeEach(async () => {
  w = await world();
  athletes = await loadRegistry(w.t.db);
  const { email } = await createUser(w.t.db, 'admin');
  admin = await signInOnEvent(w, email);
  for (const athlete of [ZOE, MATILDA]) {
    expect(await api(admin.jar, 'GET', `/api/snowracer/${athlete.snowId}`)).toMatchObject({ ...athlete, active: true });
  }
  people = {
    // No snow id; the registry holds her under the same names and date of birth.
    zoe: await addParticipant({
      snowId: null,
      firstname: ZOE.firstname,
      lastname: ZOE.lastname,
      gender: 'Female',
      dob: ZOE.dob,
    }),
    // Her snow id, with a date of birth one day off the registry's.
    matilda: await addParticipant({
      snowId: MATILDA.snowId,
      firstname: 'Matilda',
      lastname: 'Lee',
      gender: 'Female',
      dob: '2007-03-15',
    }),
    // Nobody the registry knows.
    nobody: await addParticipant({
      snowId: null,
      firstname: 'Ned',
      lastname: 'Nobody',
      gender: 'Male',
      dob: '2010-05-05',
    }),
    // Matches an athlete too, but has no race entry in the event: left alone.
    notEntered: await addParticipant({
      snowId: null,
      firstname: 'Phoebe',
      lastname: 'Faulkner',
      gender: 'Female',
      dob: '2015-04-05',
    }),
  };
  // Race entries, as the coordinator's team grid saves them: Zoe, Matilda and Ned in a Moguls team.
  await api(w.jar, 'PUT', '/api/teams', {
    multi: true,
    teams: [
      {
        id: uuidv7(),
        DisciplineId: 2,
        division: 1,
        teamRank: 'A',
        gender: 'Co-ed',
        TeamEntries: [people.zoe, people.matilda, people.nobody].map((p, i) => ({
          id: uuidv7(),
          ParticipantId: p.id,
          position: i + 1,
        })),
      },
    ],
    teamsDeleted: [],
  });
  schoolName = ((await api(w.jar, 'GET', '/api/school')) as School).name;
  // From here global fetch is the pages' (other sessions read through app.inject).
  connectPagesTo(w.baseUrl, admin.jar);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await w.close();
});

const api = (jar: Jar, method: string, path: string, body?: unknown) => apiAs(w, jar, method, path, body);

/** A participant of the school, created by its coordinator (POST /api/v2/participants). */
async function addParticipant(
  fields: Pick<Participant, 'snowId' | 'firstname' | 'lastname' | 'gender' | 'dob'>,
): Promise<Participant> {
  return (await api(w.jar, 'POST', '/api/v2/participants', {
    id: uuidv7(),
    yearLevel: '9',
    email: '',
    ...fields,
  })) as Participant;
}

function renderAsAdmin(page: React.ReactNode) {
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>{page}</SessionContext.Provider>
    </MemoryRouter>,
  );
}

/** What the school holds now, read through the API by its coordinator. Straight to the app:
 *  global fetch is the page's. */
async function participantsOfSchool(): Promise<Participant[]> {
  const cookie = [...w.jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await w.t.app.inject({ method: 'GET', url: '/api/v2/participants', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Participant[]>();
}

it('imports the snow id of the participant the registry knows by name and date of birth, and lists the differing date of birth', async () => {
  renderAsAdmin(<RegistryImportPage />);
  const { screen, within, fireEvent } = dom.rtl;
  fireEvent.click(screen.getByRole('button', { name: IMPORT_BUTTON }));
  const result = await screen.findByRole('region', { name: 'Import finished' }, { timeout: 20_000 });

  expect(within(result).getByText(snowracerIdsImportedMessage(1))).toBeTruthy();
  // Zoe's registry waiver is signed: recorded on the school's waivers for the event.
  expect(within(result).getByText(waiversRecordedMessage(1))).toBeTruthy();
  const table = within(result).getByRole('table', { name: /^Dates of birth that differ from Snowracer's \(1\)/ });
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows).toEqual([['Matilda Lee', MATILDA.snowId, '15/03/2007', '14/03/2007']]);

  // The server gave Zoe her snow id, and only her.
  const stored = new Map((await participantsOfSchool()).map((p) => [p.id, p]));
  expect(stored.get(people.zoe.id)?.snowId).toBe(ZOE.snowId);
  expect(stored.get(people.nobody.id)?.snowId).toBeNull();
  expect(stored.get(people.notEntered.id)?.snowId).toBeNull();
  expect(stored.get(people.matilda.id)?.dob).toBe('2007-03-15'); // never overwritten
});

it("shows how many athletes the registry holds and downloads the event's entered participants as CSV with a BOM", async () => {
  // saveFile (src/components/save-file.ts) hands the file to the browser through an object URL
  // and a clicked link: keep the file and the link's name instead of downloading.
  const files: Blob[] = [];
  const clicked: { download: string; href: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return `blob:${w.baseUrl}/${files.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });

  renderAsAdmin(<RegistryExportPage />);
  const { screen, fireEvent } = dom.rtl;
  expect(athletes).toBeGreaterThan(0);
  expect(await screen.findByText(athletesHeldMessage(athletes), undefined, { timeout: 10_000 })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: DOWNLOAD_BUTTON }));
  await dom.rtl.waitFor(() => expect(clicked).toHaveLength(1), { timeout: 20_000 });
  expect(clicked[0]!.download).toMatch(/^snowracer-.+\.csv$/);
  expect(clicked[0]!.href).toBe(`blob:${w.baseUrl}/1`);
  expect(await screen.findByText(fileSavedMessage(clicked[0]!.download))).toBeTruthy();

  const bytes = new Uint8Array(await files[0]!.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(header).toEqual([...REGISTRY_EXPORT_COLUMNS]);
  // Entered participants only (not Phoebe), by last name; the disciplines they are entered in.
  expect(rows).toEqual([
    ['', ZOE.firstname, ZOE.lastname, 'Female', ZOE.dob, schoolName, 'Moguls'],
    [MATILDA.snowId, 'Matilda', 'Lee', 'Female', '2007-03-15', schoolName, 'Moguls'],
    ['', 'Ned', 'Nobody', 'Male', '2010-05-05', schoolName, 'Moguls'],
  ]);
});
