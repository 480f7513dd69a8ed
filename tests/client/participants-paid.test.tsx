// The participants page knows a paid invoice from what the server sends through the real pull
// (never from a row written into IndexedDB by hand): Remove is hidden from the school once the
// payments cover the invoice, and still offered to an admin.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SessionContext } from '../../src/components/session-context';
import type { InterschoolsDb } from '../../src/db/database';
import type { SessionUser } from '../../src/domain/schemas/entities';
import ParticipantsPage from '../../src/features/participants/participants-page';
import { syncStatus } from '../../src/sync/status';
import { invoices, participants, payments } from '../../server/db/schema';
import { renderInNode } from './support/node-dom';
import { sessionUser } from './support/factories';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

// Node (the real server runs in this process) with happy-dom's window installed for rendering.
const dom = renderInNode();

let w: World;
let db: InterschoolsDb;

beforeEach(async () => {
  w = await world();
  db = freshDb();
  syncStatus.set({ online: true, locked: false });
  await w.t.db
    .insert(participants)
    .values({ schoolId: w.schoolId, firstname: 'Ada', lastname: 'Lovelace', yearLevel: '9', gender: 'Female' });
  await w.t.db
    .insert(invoices)
    .values({ schoolId: w.schoolId, eventId: w.eventId, number: 'INV-7', totalCents: 11_000, entryCount: 2 });
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

async function pullAndRender(as: SessionUser) {
  await engineFor(w, db).engine.pull();
  dom.rtl.render(
    <SessionContext.Provider value={{ user: as, setUser: async () => {} }}>
      <ParticipantsPage db={db} />
    </SessionContext.Provider>,
  );
  await dom.rtl.screen.findByText('Lovelace', { selector: 'td' });
  await dom.rtl.screen.findByRole('button', { name: 'Race entries' });
}

const pay = (amountCents: number) =>
  w.t.db
    .insert(payments)
    .values({ schoolId: w.schoolId, eventId: w.eventId, amountCents, method: 'bpay', status: 'received' });

it('hides Remove from the school once the payments it pulled cover the invoice', async () => {
  await pay(11_000);
  await pullAndRender(sessionUser(w.schoolId, w.eventId));
  expect((await db.invoices.get([w.schoolId, w.eventId]))?.paid).toBe(true);
  expect(dom.rtl.screen.queryByRole('button', { name: 'Remove' })).toBeNull();
});

it('offers Remove while part of the invoice is still owed', async () => {
  await pay(5_000);
  await pullAndRender(sessionUser(w.schoolId, w.eventId));
  expect((await db.invoices.get([w.schoolId, w.eventId]))?.paid).toBe(false);
  expect(await dom.rtl.screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
});

it('still offers Remove to an admin on a paid invoice', async () => {
  await pay(11_000);
  await pullAndRender(sessionUser(w.schoolId, w.eventId, { type: 'admin' }));
  expect((await db.invoices.get([w.schoolId, w.eventId]))?.paid).toBe(true);
  expect(await dom.rtl.screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
});
