// Save of the waivers screen: the waivers into the mirror and the spec's PUT /api/waivers in the
// outbox, in one Dexie transaction (queueAllThrough); the network is never awaited. A save of more
// waivers than one request carries (MAX_SCHOOL_LIST_ROWS) goes as ordered parts.
import type { InterschoolsDb } from '../../db/database';
import { MAX_SCHOOL_LIST_ROWS } from '../../domain/constants/limits';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueAllThrough } from '../../sync/write-adapter';
import { listSaveParts } from '../../sync/writes';
import { waiversBody, type WaiversSave } from './waiver-draft';

const WAIVERS_SAVE = defineWrite({ table: 'waivers', method: 'PUT', op: 'saveList', path: '/api/waivers', body: listBody(['data'], ['waiversDeleted']) });

export async function saveWaivers(
  db: InterschoolsDb,
  save: WaiversSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  const applyLocally = async (tx: InterschoolsDb) => {
    await tx.waivers.bulkPut(save.rows.map((row) => ({ ...row, _pending: true })));
    if (save.removedIds.length) await tx.waivers.bulkDelete(save.removedIds);
  };
  await queueAllThrough(db, listSaveParts(save, MAX_SCHOOL_LIST_ROWS).map((part, i) => ({
    adapter: WAIVERS_SAVE,
    input: {
      body: waiversBody(part.rows, part.base, part.removedIds),
      rowId: null,
      eventId: user.EventId,
      userId: user.username,
      base: part.base,
      carriesRefused: true,
      ...(i === 0 ? { applyLocally } : {}),
    },
  })));
}
