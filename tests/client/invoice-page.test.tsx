// The invoice screen of a VIC coordinator against the real server: the invoice issued by the team
// save, with its lines, totals, GST, BPAY reference and the online payment offered (or, with no
// payment gateway, BPAY and a word that online payment is not set up); TEST payments said to be
// so; the payment page's return message, and nothing of a result the return never sends; the
// copy kept on the device shown offline with its time; and the PDF built on the device from it.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { events, invoices, payments, schools } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import { formatMoney } from '../../src/domain/rules/money';
import type { InterschoolsDb } from '../../src/db/database';
import type { Participant, SessionUser } from '../../src/domain/schemas';
import InvoicePage from '../../src/features/money/invoice-page';
import { syncStatus } from '../../src/sync/status';
import { renderInNode } from './support/node-dom';
import { apiAs, connectPagesTo, signInOnEvent } from './support/pages';
import { dropDatabases, freshDb, world, type Jar, type World } from './sync-support';

// The browser fetches the PDF's fonts as the app's assets (tests/e2e/money.test.ts downloads a
// PDF there); here, with no asset server, the same font files are read from disk.
vi.mock('../../src/features/money/invoice-fonts', async () => {
  const { readFile } = await import('node:fs/promises');
  const read = async (file: string) => {
    const bytes = await readFile(`node_modules/dejavu-fonts-ttf/ttf/${file}`);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  return {
    loadInvoiceFonts: async () => ({ regular: await read('DejaVuSans.ttf'), bold: await read('DejaVuSans-Bold.ttf') }),
  };
});

const dom = renderInNode();
let w: World;
let coordinator: { jar: Jar; user: SessionUser };
let db: InterschoolsDb;
// Fees of the event (set below): registration $45, race entry $28; three racers in Moguls.
const TOTAL = 45 + 3 * 28;

beforeEach(async () => {
  w = await world();
  db = freshDb();
  await w.t.db
    .update(events)
    .set({
      invoiceType: 'VIC',
      registrationFee: 45,
      teamEntryFee: 28,
      invoiceAvailable: '2026-06-10',
      invoiceDue: '2026-07-31',
    })
    .where(eq(events.id, w.eventId));
  await w.t.db.update(schools).set({ bpay: '2000313' }).where(eq(schools.id, w.schoolId));
  coordinator = await signInOnEvent(w, w.username);
  const racers: Participant[] = [];
  for (const name of ['Ava', 'Bea', 'Cleo']) {
    racers.push(
      (await apiAs(w, coordinator.jar, 'POST', '/api/v2/participants', {
        id: uuidv7(),
        snowId: null,
        firstname: name,
        lastname: 'Racer',
        gender: 'Female',
        dob: null,
        yearLevel: '9',
        email: '',
      })) as Participant,
    );
  }
  await apiAs(w, coordinator.jar, 'PUT', '/api/teams', {
    multi: true,
    teams: [
      {
        id: uuidv7(),
        DisciplineId: 2,
        division: 1,
        teamRank: 'A',
        gender: 'Female',
        TeamEntries: racers.map((p, i) => ({ id: uuidv7(), ParticipantId: p.id, position: i + 1 })),
      },
    ],
    teamsDeleted: [],
  });
  connectPagesTo(w.baseUrl, coordinator.jar);
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  syncStatus.set({ online: true });
  await dropDatabases();
  await w.close();
});

/** The school pays the invoice's total by BPAY (recorded on the server). */
const payInFull = () =>
  w.t.db.insert(payments).values({
    schoolId: w.schoolId,
    eventId: w.eventId,
    amountCents: TOTAL * 100,
    method: 'bpay',
    reference: uuidv7(),
    status: 'received',
  });

function open(url: string) {
  dom.rtl.cleanup();
  dom.rtl.render(
    <MemoryRouter initialEntries={[url]}>
      <SessionContext.Provider value={{ user: coordinator.user, setUser: async () => {} }}>
        <Routes>
          <Route path="/invoice" element={<InvoicePage db={db} />} />
          <Route path="/invoice/:SchoolId/:EventId" element={<InvoicePage db={db} />} />
        </Routes>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

it('shows the invoice issued for the entries, with GST, the BPAY reference and online payment', async () => {
  open('/invoice');
  const { screen, within } = dom.rtl;
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: /^Tax invoice INV-\d{6}$/ },
    { timeout: 10_000 },
  );
  const sheet = screen.getByRole('article', { name: 'Tax invoice' });
  const rows = within(sheet)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows).toContainEqual(['Registration fee', '1', formatMoney(45), formatMoney(45)]);
  expect(rows).toContainEqual(['Race entries: Moguls', '3', formatMoney(28), formatMoney(84)]);
  expect(within(sheet).getAllByText(formatMoney(TOTAL)).length).toBeGreaterThan(0);
  expect(within(sheet).getByText(formatMoney(Math.round((TOTAL * 100) / 11) / 100))).toBeTruthy();
  expect(within(sheet).getByText('Awaiting payment')).toBeTruthy();
  // A tax invoice: the supplier of the event's organisation (VIC: Southern) with its ABN, and BPAY as
  // the scheme prints it.
  const from = within(sheet).getByRole('region', { name: 'From' });
  expect(within(from).getByRole('heading', { name: 'Alpine Schools Association' })).toBeTruthy();
  expect(within(from).getByText('ABN 86 204 371 025')).toBeTruthy();
  const bpay = within(sheet).getByRole('region', { name: 'BPAY' });
  expect(within(bpay).getByText('Biller Code: 556677')).toBeTruthy();
  expect(within(bpay).getByText('Ref: 2000313')).toBeTruthy();
  expect(within(sheet).getByRole('button', { name: `Pay online ${formatMoney(TOTAL)}` })).toBeTruthy();
  expect(heading.textContent).toMatch(/INV-/);
});

it('says how the payment went when the payment page sends the payer back', async () => {
  open('/invoice?result=DECLINED');
  expect(
    (await dom.rtl.screen.findByText('Payment unsuccessful - DECLINED', undefined, { timeout: 10_000 })).getAttribute(
      'role',
    ),
  ).toBe('alert');
  open('/invoice?result=PAID%20(TEST%20mode)');
  expect(await dom.rtl.screen.findByText('Payment successfully made', undefined, { timeout: 10_000 })).toBeTruthy();
  // The message is the return's; whether the invoice is paid is the server's: it is not.
  expect(await dom.rtl.screen.findByText('Awaiting payment')).toBeTruthy();
});

it('shows none of a result the payment return never sends, only a neutral word', async () => {
  open(`/invoice?result=${encodeURIComponent('<b>Pay to BSB 123</b> evil')}`);
  const { screen } = dom.rtl;
  expect(
    await screen.findByText(
      'We could not read the payment result; the invoice below shows what has been received.',
      undefined,
      { timeout: 10_000 },
    ),
  ).toBeTruthy();
  await screen.findByRole('heading', { level: 1, name: /^Tax invoice INV-\d{6}$/ });
  const page = document.body;
  expect(page.textContent).not.toMatch(/BSB|evil|Pay to/);
  expect(page.querySelector('b')).toBeNull();
  expect(screen.queryByText(/Payment successfully made|Payment unsuccessful/)).toBeNull();

  open('/invoice?result=CANCELLED');
  expect(
    (await screen.findByText('Payment unsuccessful - CANCELLED', undefined, { timeout: 10_000 })).getAttribute('role'),
  ).toBe('alert');
  await screen.findByRole('heading', { level: 1, name: /^Tax invoice INV-\d{6}$/ });
});

it('offers BPAY and says online payment is not set up when the server has no payment gateway', async () => {
  w.t.deps.gateway = null;
  open('/invoice');
  const { screen } = dom.rtl;
  expect(
    await screen.findByText('Online payment is not set up. Please pay by BPAY.', undefined, { timeout: 10_000 }),
  ).toBeTruthy();
  expect(screen.getByText('Ref: 2000313')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Pay online/ })).toBeNull();
});

it('says which payments were TEST payments, made at the test checkout', async () => {
  await w.t.db.insert(payments).values({
    schoolId: w.schoolId,
    eventId: w.eventId,
    amountCents: 4_500,
    method: 'online',
    reference: 'BG-test',
    status: 'received',
    test: true,
  });
  open('/invoice');
  const { screen } = dom.rtl;
  const note = await screen.findByText(
    /of the payments received was paid at the test checkout\. No money was received\./,
    undefined,
    { timeout: 10_000 },
  );
  expect(note.textContent).toBe(
    `TEST payments: ${formatMoney(45)} of the payments received was paid at the test checkout. No money was received.`,
  );
});

it('shows the kept copy offline, with the time it was fetched, and builds the PDF from it, whatever letters the names have', async () => {
  // The standard PDF fonts refused these ('WinAnsi cannot encode'), and Download PDF did nothing.
  await w.t.db
    .update(schools)
    .set({ name: 'Whāngārei Łódź College', address1: 'Ōtāhuhu Road' })
    .where(eq(schools.id, w.schoolId));
  open(`/invoice/${w.schoolId}/${w.eventId}`);
  const { screen, fireEvent, waitFor } = dom.rtl;
  const online = await screen.findByRole('heading', { level: 1, name: /^Tax invoice INV-\d{6}$/ }, { timeout: 10_000 });
  const number = online.textContent!.replace('Tax invoice ', '');

  syncStatus.set({ online: false });
  open(`/invoice/${w.schoolId}/${w.eventId}`);
  expect(await screen.findByRole('heading', { level: 1, name: `Tax invoice ${number}` })).toBeTruthy();
  expect(screen.getByText(/^Offline: showing the copy fetched /)).toBeTruthy();
  expect(screen.getByRole('button', { name: `Pay online ${formatMoney(TOTAL)}` }).hasAttribute('disabled')).toBe(true);

  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:invoice';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
  expect(files[0]!.type).toBe('application/pdf');
  const pdf = await PDFDocument.load(new Uint8Array(await files[0]!.arrayBuffer()));
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toBe(`Tax invoice ${number}`);
});

it('names the first day the invoice can be seen, the day before its date (it said the date itself)', async () => {
  // An event whose invoices are not out yet (none issued: an issued one stays with the school).
  await w.t.db.delete(invoices).where(eq(invoices.eventId, w.eventId));
  await w.t.db.update(events).set({ invoiceAvailable: '2099-11-28' }).where(eq(events.id, w.eventId));
  open('/invoice');
  expect(
    await dom.rtl.screen.findByText(/will be available from 27\/11\/2099\.$/, undefined, { timeout: 10_000 }),
  ).toBeTruthy();
  expect(dom.rtl.screen.queryByText(/28\/11\/2099/)).toBeNull();
});

it('tells a school whose first invoice is paid what is still owed on the supplementary one, and links it', async () => {
  await payInFull();
  const late = (await apiAs(w, coordinator.jar, 'POST', '/api/v2/participants', {
    id: uuidv7(),
    snowId: null,
    firstname: 'Dot',
    lastname: 'Late',
    gender: 'Female',
    dob: null,
    yearLevel: '9',
    email: '',
  })) as Participant;
  await apiAs(w, coordinator.jar, 'PUT', '/api/teams', {
    multi: true,
    teams: [
      {
        id: uuidv7(),
        DisciplineId: 1,
        division: 1,
        teamRank: 'A',
        gender: 'Female',
        TeamEntries: [{ id: uuidv7(), ParticipantId: late.id, position: 1 }],
      },
    ],
    teamsDeleted: [],
  });
  open(`/invoice/${w.schoolId}/${w.eventId}`);
  const { screen } = dom.rtl;
  await screen.findByRole('heading', { level: 1, name: /^Tax invoice INV-\d{6}$/ }, { timeout: 10_000 });
  expect(screen.getByText('PAID')).toBeTruthy();
  const owed = await screen.findByText(/^Still to pay for this event:/, undefined, { timeout: 10_000 });
  expect(owed.textContent).toContain(formatMoney(28));
  expect(dom.rtl.within(owed).getByRole('link', { name: 'supplementary invoice' }).getAttribute('href')).toBe(
    `/invoice/append/${w.schoolId}/${w.eventId}`,
  );
});

it('leads with what is owed, by when, and the BPAY reference to copy', async () => {
  const copied: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: { writeText: async (text: string) => void copied.push(text) },
  });
  open('/invoice');
  const { screen, within, fireEvent } = dom.rtl;
  const owed = await screen.findByRole('region', { name: 'What is owed' }, { timeout: 10_000 });
  const sheet = screen.getByRole('article', { name: 'Tax invoice' });
  // First on the sheet, before the supplier and the lines.
  expect(sheet.querySelector('section')).toBe(owed);
  expect(within(owed).getByText('Amount owed').nextElementSibling?.textContent).toBe(formatMoney(TOTAL));
  expect(within(owed).getByText('Due by').nextElementSibling?.textContent).toBe('31/07/2026');
  expect(within(owed).getByText('556677')).toBeTruthy();
  fireEvent.click(within(owed).getByRole('button', { name: 'Copy the BPAY reference 2000313' }));
  await dom.rtl.waitFor(() => expect(within(owed).getByRole('status').textContent).toBe('Copied'));
  expect(copied).toEqual(['2000313']);
});

it('says nothing is owed once the invoice is paid in full, with no BPAY to copy', async () => {
  await payInFull();
  open('/invoice');
  const { screen, within } = dom.rtl;
  const owed = await screen.findByRole('region', { name: 'What is owed' }, { timeout: 10_000 });
  expect(within(owed).getByText('Outstanding').nextElementSibling?.textContent).toBe(formatMoney(0));
  expect(within(owed).queryByRole('button', { name: /^Copy/ })).toBeNull();
});
