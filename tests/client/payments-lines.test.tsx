// The payments grid of an administrator against the real server: a school's payments open as
// transactions (date, how, reference, amount and the paid-so-far total after each), and Record
// payment adds a line (a cheque, then a correction) that the row's payment made follows; a refund
// larger than what was paid is refused with the server's words and changes nothing. Why a school's
// entries are incomplete is said on screen, and an auditor reads the lines with nothing to record.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { participants, payments, schools, teamEntries, teams } from '../../server/db/schema';
import { SessionContext } from '../../src/components/session-context';
import { formatMoney } from '../../src/domain/rules/money';
import type { SessionUser } from '../../src/domain/schemas';
import { refundAboveReceivedMessage } from '../../src/domain/server-messages';
import { PAYMENT_RECORDED } from '../../src/features/money/payment-lines';
import PaymentsPage from '../../src/features/money/payments-page';
import { syncStatus } from '../../src/sync/status';
import { createUser } from '../api/support/factories';
import { renderInNode } from './support/node-dom';
import { connectPagesTo, signInOnEvent, typeValue } from './support/pages';
import { dropDatabases, world, type World } from './sync-support';

const dom = renderInNode();
let w: World;

beforeEach(async () => {
  w = await world();
  await w.t.db.update(schools).set({ name: 'Alpine College' }).where(eq(schools.id, w.schoolId));
  // One racer, no waiver: the school takes part and its entries are incomplete.
  const [team] = await w.t.db
    .insert(teams)
    .values({ schoolId: w.schoolId, eventId: w.eventId, disciplineId: 1, division: 1, gender: 'Female', teamRank: 'A' })
    .returning();
  const [racer] = await w.t.db
    .insert(participants)
    .values({ schoolId: w.schoolId, firstname: 'Ava', lastname: 'Racer', gender: 'Female', yearLevel: '8' })
    .returning();
  await w.t.db.insert(teamEntries).values({
    teamId: team!.id,
    eventId: w.eventId,
    disciplineId: 1,
    schoolId: w.schoolId,
    participantId: racer!.id,
    position: 1,
  });
  await w.t.db.insert(payments).values({
    schoolId: w.schoolId,
    eventId: w.eventId,
    amountCents: 5_000,
    method: 'bpay',
    reference: 'BPAY 1001',
    status: 'received',
    receivedAt: new Date('2026-05-20T02:00:00Z'),
  });
});
afterEach(async () => {
  dom.rtl.cleanup();
  vi.unstubAllGlobals();
  syncStatus.set({ online: true });
  await dropDatabases();
  await w.close();
});

async function openAs(type: 'admin' | 'auditor') {
  const signedIn = await signInOnEvent(w, (await createUser(w.t.db, type)).email);
  connectPagesTo(w.baseUrl, signedIn.jar);
  dom.rtl.render(
    <MemoryRouter>
      <SessionContext.Provider value={{ user: signedIn.user as SessionUser, setUser: async () => {} }}>
        <PaymentsPage />
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  const { screen, fireEvent } = dom.rtl;
  await screen.findByRole('rowheader', { name: /Alpine College/ }, { timeout: 10_000 });
  fireEvent.click(screen.getByRole('button', { name: 'Payments of Alpine College' }));
  return screen.findByRole('table', { name: 'Payments of Alpine College' }, { timeout: 10_000 });
}

const cellsOf = (table: HTMLElement) =>
  dom.rtl
    .within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));

it('lists the payments as transactions and records a cheque and a correction, each its own line', async () => {
  let table = await openAs('admin');
  expect(cellsOf(table)).toEqual([['20/05/2026', 'BPAY', 'BPAY 1001', formatMoney(50), formatMoney(50)]]);
  const { screen, fireEvent, within } = dom.rtl;
  const form = screen.getByRole('heading', { name: 'Record a payment for Alpine College' }).closest('form')!;
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
  const type = (label: string, value: string) => typeValue(dom.rtl.fireEvent, field(label), value);

  type('What happened', 'cheque');
  type('Date', '2026-06-03');
  type('Amount in dollars', '25.50');
  type('Reference', 'CHQ 77');
  fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
  await screen.findByText(PAYMENT_RECORDED);
  table = screen.getByRole('table', { name: 'Payments of Alpine College' });
  expect(cellsOf(table).at(-1)).toEqual(['03/06/2026', 'Cheque', 'CHQ 77', formatMoney(25.5), formatMoney(75.5)]);
  // The row's payment made is what the lines add up to.
  const row = screen.getByRole('rowheader', { name: /Alpine College/ }).closest('tr')!;
  expect(within(row).getByText(formatMoney(75.5))).toBeTruthy();

  type('What happened', 'correction');
  type('Date', '2026-06-04');
  type('Amount in dollars', '-0.50');
  fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
  await dom.rtl.waitFor(() =>
    expect(cellsOf(screen.getByRole('table', { name: 'Payments of Alpine College' })).at(-1)).toEqual([
      '04/06/2026',
      'Correction',
      '',
      formatMoney(-0.5),
      formatMoney(75),
    ]),
  );
  expect(within(row).getByText(formatMoney(75))).toBeTruthy();
});

it("refuses a refund larger than what was paid with the server's words, and records nothing", async () => {
  await openAs('admin');
  const { screen, fireEvent, within } = dom.rtl;
  const form = screen.getByRole('heading', { name: 'Record a payment for Alpine College' }).closest('form')!;
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
  typeValue(fireEvent, field('What happened'), 'refund');
  typeValue(fireEvent, field('Amount in dollars'), '80');
  fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
  expect((await within(form).findByRole('alert')).textContent).toBe(refundAboveReceivedMessage(formatMoney(50)));
  expect(await w.t.db.select().from(payments).where(eq(payments.schoolId, w.schoolId))).toHaveLength(1);
  // A figure that is not dollars is said before anything is sent.
  typeValue(fireEvent, field('What happened'), 'bpay');
  typeValue(fireEvent, field('Amount in dollars'), '12.345');
  fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
  expect((await within(form).findByText(/^Type dollars with at most 2 decimals/)).getAttribute('role')).toBe('alert');
});

it('says on screen why entries are incomplete, and shows an auditor the lines with nothing to record', async () => {
  const table = await openAs('auditor');
  const { screen } = dom.rtl;
  expect(screen.getByText(/^Entries not ready: a racer's or a volunteer's waiver is not completed/)).toBeTruthy();
  expect(cellsOf(table)).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
});
