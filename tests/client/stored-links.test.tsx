// Stored addresses on screen (security review, point 6): an address stored before the server
// checked them (written here straight into the server's database) reaches every device through
// the real pull and the home answer, and is shown as plain text, never as a link or a picture,
// unless it is an http(s) web address without credentials or one of our own files
// ('/api/files/<id>'). The results page, the trophies page and home's results list.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events, resultOveralls, resultRaces, trophies } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas';
import type { HomeResult } from '../../src/domain/rules/home-results';
import { HomeResultsList } from '../../src/features/home/home-results-list';
import ResultsPage from '../../src/features/results/results-page';
import TrophiesPage from '../../src/features/results/trophies-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type Jar, type World } from './sync-support';

const dom = renderInNode();

const OWN_FILE = '/api/files/AbCdEfGhIjKlMnOpQrStUvWx';
const WEB = 'https://r.example.test/ok.pdf';
const SCRIPT = 'javascript:alert(1)';
const HTML = 'data:text/html,<script>alert(document.cookie)</script>';
const CREDENTIALS = 'https://user:pass@evil.example.test/r.pdf';
const SPACED = ' javascript:alert(2)';

let w: World;
let admin: { jar: Jar; user: SessionUser };
beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin');
  admin = await signInOnEvent(w, email);
  // Stored before this change: nothing checked them on the way in.
  await w.t.db.update(events).set({ showForResults: true }).where(eq(events.id, w.eventId));
  await w.t.db.insert(resultRaces).values([
    { eventId: w.eventId, disciplineId: 1, division: 1, gender: 'Male', teamIndividual: 'Team', fileUrl: SCRIPT },
    { eventId: w.eventId, disciplineId: 1, division: 2, gender: 'Male', teamIndividual: 'Team', fileUrl: WEB },
    { eventId: w.eventId, disciplineId: 1, division: 3, gender: 'Male', teamIndividual: 'Team', fileUrl: CREDENTIALS },
  ]);
  await w.t.db.insert(resultOveralls).values([
    { eventId: w.eventId, pointscore: 'Skiing', schoolType: 'Primary', gender: 'Female', fileUrl: HTML },
    { eventId: w.eventId, pointscore: 'Skiing', schoolType: 'Secondary', gender: 'Female', fileUrl: OWN_FILE },
  ]);
  await w.t.db.insert(trophies).values({
    name: 'Snow Cup',
    disciplineId: 1,
    division: 2,
    gender: 'female',
    type: 'team',
    imageUrl: [SCRIPT, 'https://images.example.test/cup.jpg', OWN_FILE, HTML, '/a.png', SPACED].join('|'),
  });
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

async function pulled(): Promise<InterschoolsDb> {
  const db = freshDb();
  await setSessionUser(db, admin.user);
  await engineFor(w, db, { fetch: admin.jar.fetch }).engine.pull();
  return db;
}
const render = (page: ReactNode) =>
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>{page}</SessionContext.Provider>
    </MemoryRouter>,
  );
const hrefs = () => dom.rtl.screen.queryAllByRole('link').map((a) => a.getAttribute('href'));
const srcs = () => dom.rtl.screen.queryAllByRole('img').map((img) => img.getAttribute('src'));
/** No element of the page points anywhere but the safe addresses. */
const nothingUnsafe = () => {
  for (const el of document.body.querySelectorAll('[href], [src]')) {
    const address = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
    expect(address, el.outerHTML).not.toMatch(/^\s*(javascript|data|vbscript):|@/i);
  }
};

it('links only the safe result files on the results page; the others are plain text', async () => {
  const db = await pulled();
  render(<ResultsPage db={db} />);
  const { screen, waitFor } = dom.rtl;
  await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(2), { timeout: 10_000 });
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + 3 + 1 + 2));
  expect(hrefs()).toEqual([WEB, OWN_FILE]);
  nothingUnsafe();
  // The unsafe addresses stay readable, as text.
  for (const text of [SCRIPT, HTML, CREDENTIALS]) expect(screen.getByText(text)).toBeTruthy();
});

it('shows our own pictures, links web ones, and shows the others as text on the trophies page', async () => {
  const db = await pulled();
  render(<TrophiesPage db={db} />);
  const { screen, waitFor } = dom.rtl;
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), { timeout: 10_000 });
  expect(srcs()).toEqual([OWN_FILE]);
  expect(hrefs()).toEqual(['https://images.example.test/cup.jpg']);
  nothingUnsafe();
  const cell = screen.getAllByRole('row')[1]!.querySelector('td')!;
  for (const text of [SCRIPT, HTML, '/a.png', SPACED.trim()]) expect(cell.textContent).toContain(text);
});

it("links only the safe files in home's results list", async () => {
  const res = await admin.jar.fetch(`${w.baseUrl}/api/metrics/${w.eventId}/${w.schoolId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const { results } = (await res.json()) as { results: HomeResult[] };
  expect(results.map((r) => r.fileUrl).sort()).toEqual([SCRIPT, WEB, CREDENTIALS, HTML, OWN_FILE].sort());
  render(<HomeResultsList results={results} />);
  expect(hrefs().sort()).toEqual([OWN_FILE, WEB].sort());
  nothingUnsafe();
  // Every result is still listed, by its title.
  expect(dom.rtl.screen.getAllByRole('listitem')).toHaveLength(5);
});
