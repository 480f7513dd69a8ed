// The accounting sync screen of an admin against the real server and the built-in ledger: it opens
// on the organisation of the session's invoice type (VIC -> /vic), lists schools without a contact
// beside contacts without a school, joins the chosen pair (POST .../nsw { schoolId, contactId })
// and both leave the unmatched lists; an auditor is sent to sign in. Below, what the accounting
// system (Xero, through its stub) refused, with its reason, sent again by the admin.
import 'fake-indexeddb/auto';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import type { SessionUser } from '../../src/domain/schemas';
import AccountingPage from '../../src/features/accounting/accounting-page';
import { loadConfig } from '../../server/config';
import { invoices } from '../../server/db/schema';
import { createXeroAccounting } from '../../server/integrations/accounting/xero';
import { enqueue } from '../../server/modules/accounting/queue';
import { drainQueue } from '../../server/modules/accounting/worker';
import { SENT_AGAIN } from '../../src/features/accounting/queue-panel';
import { createSchool, createUser } from '../api/support/factories';
import { startXeroStub } from '../api/support/xero-stub';
import { renderInNode } from './support/node-dom';
import { connectPagesTo, signInOnEvent, typeValue, type SentRequest } from './support/pages';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { dropDatabases, world, type Jar, type World } from './sync-support';

const dom = renderInNode();
/** The server's own fetch (to Xero), before the pages' fetch is pointed at the test server. */
const serverFetch = globalThis.fetch;
let w: World;
let admin: { jar: Jar; user: SessionUser };
let sent: SentRequest[];

beforeEach(async () => {
  w = await world();
  const { email } = await createUser(w.t.db, 'admin');
  admin = await signInOnEvent(w, email);
  sent = [];
  connectPagesTo(w.baseUrl, admin.jar, sent);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  await dropDatabases();
  await w.close();
});

function render(user: SessionUser) {
  dom.rtl.render(
    <MemoryRouter initialEntries={['/accounting']}>
      <SessionContext.Provider value={{ user, setUser: async () => {} }}>
        <Routes>
          <Route path="/accounting" element={<AccountingPage />} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

it("opens on the session's organisation and joins a school to a contact, which then leave the unmatched lists", async () => {
  const s1 = await createSchool(w.t.db, { name: 'Aardvark School', stateId: 3 });
  await createSchool(w.t.db, { name: 'Zebra School', stateId: 3 });
  const c1 = await w.t.deps.accounting.createContact('Northern', { name: 'Aardvark School Ltd', email: '' });
  await w.t.deps.accounting.createContact('Northern', { name: 'Other Contact', email: '' });
  render({ ...admin.user, invoiceType: 'VIC' });
  const { screen, waitFor, fireEvent } = dom.rtl;
  await waitFor(() => expect(sent.some((r) => r.path === '/api/schools/sync-with-xero/vic')).toBe(true), {
    timeout: 10000,
  });
  typeValue(fireEvent, screen.getByLabelText('Organisation') as HTMLSelectElement, 'nsw');
  await waitFor(() => expect(screen.getByText('Aardvark School')).toBeTruthy(), { timeout: 10000 });
  expect(sent.map((r) => r.path)).toContain('/api/schools/sync-with-xero/nsw');
  typeValue(fireEvent, screen.getByLabelText('Find a school') as HTMLInputElement, 'aard');
  expect(screen.queryByText('Zebra School')).toBeNull();
  const join = screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement;
  expect(join.disabled).toBe(true);
  fireEvent.click(screen.getByLabelText(/Aardvark School$/));
  expect(join.disabled).toBe(true);
  fireEvent.click(screen.getByLabelText(/Aardvark School Ltd/));
  expect(join.disabled).toBe(false);
  fireEvent.click(join);
  await waitFor(() => expect(screen.getByText(SERVER_MESSAGES.accountingJoined)).toBeTruthy(), { timeout: 10000 });
  const post = sent.find((r) => r.method === 'POST')!;
  expect(post).toEqual({
    method: 'POST',
    path: '/api/schools/xero-join/nsw',
    search: '',
    body: { schoolId: s1.id, contactId: c1.contactId },
  });
  await waitFor(() => expect(screen.queryByLabelText(/Aardvark School Ltd/)).toBeNull());
  expect(screen.queryByLabelText(/Aardvark School$/)).toBeNull();
  expect(screen.getByText(/Schools linked to a Northern contact \(1\)/)).toBeTruthy();
  // The lists were read again after the join.
  expect(sent.filter((r) => r.path === '/api/schools/sync-with-xero/nsw').length).toBe(2);
});

it('lists what the accounting system refused, with its reason, and sends it again', async () => {
  // Xero (the stub speaking its API) refuses the contact: a contact of that name is there already.
  const stub = await startXeroStub();
  try {
    const school = await createSchool(w.t.db, { name: 'Refused College', stateId: 3 });
    stub.addContact(stub.tenants.Northern, 'Refused College');
    const [invoice] = await w.t.db
      .insert(invoices)
      .values({
        schoolId: school.id,
        eventId: w.eventId,
        number: 'INV-900001',
        totalCents: 5000,
        lines: [{ description: 'Registration fee', quantity: 1, unitAmountCents: 5000, amountCents: 5000 }],
      })
      .returning();
    await enqueue(w.t.db, 'invoice', invoice!.id, 'NSW', w.t.deps.now());
    const xero = createXeroAccounting(loadConfig(stub.env()).xero!, { fetch: serverFetch });
    expect(await drainQueue({ ...w.t.deps, accounting: xero }, w.t.app.log)).toMatchObject({ parked: 1 });

    render(admin.user);
    const { screen, waitFor, fireEvent, within } = dom.rtl;
    const queue = await screen.findByRole('region', { name: 'Copies to the accounting system' }, { timeout: 10000 });
    const row = await within(queue).findByRole(
      'row',
      { name: /Invoice INV-900001 of Refused College/ },
      { timeout: 10000 },
    );
    expect(
      within(row).getByText(
        'The contact name Refused College is already assigned to another contact. The contact name must be unique across all active contacts.',
      ),
    ).toBeTruthy();
    expect(within(row).getByText('Northern')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Send again: Invoice INV-900001 of Refused College' }));
    await waitFor(() => expect(within(queue).getByText(SENT_AGAIN)).toBeTruthy(), { timeout: 10000 });
    expect(within(queue).queryByRole('row', { name: /INV-900001/ })).toBeNull();
    expect(
      within(queue).getByText('1 waiting to be sent. They are sent in the background; nothing needs doing.'),
    ).toBeTruthy();
    expect(
      sent.some((r) => r.method === 'POST' && /^\/api\/accounting\/queue\/[0-9a-f-]{36}\/retry$/.test(r.path)),
    ).toBe(true);
  } finally {
    await stub.close();
  }
});
