// The changes waiting on a device, in words: a coordinator's participant edits are queued as the
// participants screen queues them (one PATCH for one row, a list save for several), on rows the
// device took from the real server through the real pull, and the list says who changed and how
// ('Jack Brown: year level 8 to 9'), never the call that carries it.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { participants } from '../../server/db/schema';
import ChangesOnDevice from '../../src/components/changes-on-device';
import type { InterschoolsDb, ParticipantRow } from '../../src/db/database';
import { setSessionUser } from '../../src/db/meta';
import type { SessionUser } from '../../src/domain/schemas';
import { saveParticipantChanges } from '../../src/features/participants/participant-writes';
import { renderInNode } from './support/node-dom';
import { signInOnEvent } from './support/pages';
import { dropDatabases, engineFor, freshDb, world, type World } from './sync-support';

const dom = renderInNode();
let w: World;
let user: SessionUser;
let db: InterschoolsDb;

beforeEach(async () => {
  w = await world();
  await w.t.db.insert(participants).values([
    { schoolId: w.schoolId, firstname: 'Jack', lastname: 'Brown', yearLevel: '8', gender: 'Male' },
    { schoolId: w.schoolId, firstname: 'Mia', lastname: 'Chen', yearLevel: '10', gender: 'Female' },
  ]);
  const coordinator = await signInOnEvent(w, w.username);
  user = coordinator.user;
  db = freshDb();
  await setSessionUser(db, user);
  await engineFor(w, db, { fetch: coordinator.jar.fetch }).engine.pull();
});
afterEach(async () => {
  dom.rtl.cleanup();
  await dropDatabases();
  await w.close();
});

const row = async (firstname: string) =>
  (await db.participants.filter((p) => p.firstname === firstname).first()) as ParticipantRow;

async function openList() {
  dom.rtl.render(<ChangesOnDevice db={db} view="pending" onClose={() => {}} />);
  return dom.rtl.screen.findByRole('dialog', { name: 'Changes on this device' });
}

it('says one edited participant in words: who, which field, from what to what', async () => {
  const jack = await row('Jack');
  await saveParticipantChanges(db, [{ id: jack.id, base: jack, fields: { yearLevel: '9' } }], user);
  const dialog = await openList();
  const { within } = dom.rtl;
  expect(await within(dialog).findByText('Jack Brown: year level 8 to 9')).toBeTruthy();
  expect(within(dialog).queryByText(/api|PATCH|PUT/)).toBeNull();
  expect(dialog.textContent).not.toContain(jack.id);
});

it('says each row of a save of several', async () => {
  const jack = await row('Jack');
  const mia = await row('Mia');
  await saveParticipantChanges(
    db,
    [
      { id: jack.id, base: jack, fields: { lastname: 'Browne', archived: 1 } },
      { id: mia.id, base: mia, fields: { email: 'mia@school.test' } },
    ],
    user,
  );
  const dialog = await openList();
  const { within } = dom.rtl;
  expect(await within(dialog).findByText('Jack Browne: surname Brown to Browne, archived')).toBeTruthy();
  expect(within(dialog).getByText('Mia Chen: email blank to mia@school.test')).toBeTruthy();
  expect(within(dialog).queryByText(/api|PATCH|PUT/)).toBeNull();
});
