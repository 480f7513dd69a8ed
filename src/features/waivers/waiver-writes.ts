// Save of the waivers screen: the waivers into the mirror and the spec's PUT /api/waivers in the
// outbox, in one Dexie transaction (queueAllThrough); the network is never awaited. A save of more
// waivers than one request carries (MAX_SCHOOL_LIST_ROWS) goes as ordered parts.
import type { InterschoolsDb } from '../../db/database';
import { MAX_SCHOOL_LIST_ROWS } from '../../domain/constants/limits';
import { waiversApi } from '../../domain/schemas/api/waivers';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueAllThrough, throughAdapter } from '../../sync/write-adapter';
import { listSaveParts } from '../../sync/writes';
import { waiversBody, type WaiversSave } from './waiver-draft';

const WAIVERS_SAVE = defineWrite({
  table: 'waivers',
  op: 'saveList',
  route: waiversApi.save,
  body: listBody(['data'], ['waiversDeleted']),
});

export async function saveWaivers(
  db: InterschoolsDb,
  save: WaiversSave,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  const applyLocally = async (tx: InterschoolsDb) => {
    await tx.waivers.bulkPut(save.rows.map((row) => ({ ...row, _pending: true })));
    if (save.removedIds.length) await tx.waivers.bulkDelete(save.removedIds);
  };
  await queueAllThrough(
    db,
    listSaveParts(save, MAX_SCHOOL_LIST_ROWS).map((part, i) =>
      throughAdapter(WAIVERS_SAVE, {
        body: waiversBody(part.rows, part.base, part.removedIds),
        rowId: null,
        eventId: user.EventId,
        userId: user.username,
        base: part.base,
        refused: 'carry',
        ...(i === 0 ? { applyLocally } : {}),
      }),
    ),
  );
}
