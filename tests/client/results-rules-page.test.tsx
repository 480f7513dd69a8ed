// An event's results rules on an administrator's tablet, from the real server through the real
// pull: the defaults shown in full; a points table that rises is refused on the device with the
// server's words and nothing is queued; the rules saved offline go into the outbox and reach the
// server once it is sent, which publishes by them.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { events } from '../../server/db/schema';
import { ServicesContext } from '../../src/components/services-context';
import { SessionContext } from '../../src/components/session-context';
import { setSessionUser } from '../../src/db/meta';
import ResultsRulesPage from '../../src/features/race-day/results-rules-page';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, engineFor, freshDb, offline as noNetwork, world, type World } from './sync-support';

const dom = renderInNode();
let w: World;

beforeEach(async () => {
  w = await world();
  await w.t.db.update(events).set({ showForStartlists: true }).where(eq(events.id, w.eventId));
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

it('refuses rules that cannot be used, and sends the saved rules through the outbox', async () => {
  const admin = await signInOnEvent(w, (await createUser(w.t.db, 'admin')).email);
  const tablet = freshDb();
  await setSessionUser(tablet, admin.user);
  const online = engineFor(w, tablet, { fetch: admin.jar.fetch }).engine;
  await online.pull();
  const offline = engineFor(w, tablet, {
    fetch: noNetwork,
  }).engine;
  dom.rtl.render(
    <MemoryRouter>
      <ServicesContext.Provider value={{ db: tablet, engine: offline }}>
        <SessionContext.Provider value={{ user: admin.user, setUser: async () => {} }}>
          <ResultsRulesPage db={tablet} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  const { screen, fireEvent } = dom.rtl;
  const points = (await screen.findByLabelText('Points of 1st, 2nd, 3rd… place')) as HTMLInputElement;
  expect(points.value).toBe('10, 9, 8, 7, 6, 5, 4, 3, 2, 1');
  expect((screen.getByLabelText(/^Protest period/) as HTMLInputElement).value).toBe('30');

  typeValue(fireEvent, points, '5, 10');
  fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
  expect(
    await screen.findByText('Points cannot rise with a lower place: write the 1st place’s points first.'),
  ).toBeTruthy();
  expect(points.getAttribute('aria-invalid')).toBe('true');
  expect(await tablet.outbox.count()).toBe(0);

  typeValue(fireEvent, points, '25, 20, 15');
  typeValue(fireEvent, screen.getByLabelText(/^Protest period/) as HTMLInputElement, '45');
  typeValue(fireEvent, screen.getAllByLabelText('Bib')[1] as HTMLInputElement, 'Dossard');
  fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
  expect(await screen.findByText('Saved on this device: waiting to be sent to the server.')).toBeTruthy();
  expect(await tablet.outbox.count()).toBe(1);

  await online.flush();
  const [event] = await w.t.db.select().from(events).where(eq(events.id, w.eventId));
  expect(event!.resultsRules).toMatchObject({
    pointsByPlace: [25, 20, 15],
    protestMinutes: 45,
    columns: { VIC: { bib: 'Dossard' } },
  });
});
