// Save of the waivers screen: the waivers into the mirror and ONE outbox item holding the spec's
// PUT /api/waivers, in one Dexie transaction (queueWrite); the network is never awaited.
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { queueWrite } from '../../sync/writes';
import type { WaiversSave } from './waiver-draft';

export async function saveWaivers(
  db: InterschoolsDb,
  save: WaiversSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueWrite(db, {
    method: 'PUT',
    path: '/api/waivers',
    body: save.body,
    entity: 'waivers',
    rowId: null,
    eventId: user.EventId,
    userId: user.username,
    base: save.base,
    applyLocally: async (tx) => {
      await tx.waivers.bulkPut(save.rows.map((row) => ({ ...row, _pending: true })));
      if (save.removedIds.length) await tx.waivers.bulkDelete(save.removedIds);
    },
  });
}
