// 2xx: the item is done. Its answer's rows (where its intent's answer layout says) go into the
// mirror with the changes still queued for them laid over, later queued changes of those rows
// follow the version this write produced, and a new row the server answered with an existing
// row's id hands its later items to that row (through their intents).
import type { WriteAnswer } from '../api/sync';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { noteAnswersStored } from './answered-rows';
import { rowKeyString } from './engine-meta';
import { clearPendingMark, itemsOfRow, putNestedRows } from './queued-rows';
import { intentOf, renameRow } from '../db/write-intent';
import {
  answerRows,
  isBatchUndo,
  isPlainObject,
  keyFromString,
  keyOfRow,
  overlay,
  rowPart,
  splitAnswerRow,
  touchesRow,
  withoutPending,
  type Row,
} from './rows';

/** A success as the engine takes one: a 2xx without the spec's `err` (which is a refusal). */
export const isPlainSuccess = (answer: WriteAnswer) =>
  answer.status >= 200 && answer.status < 300 && typeof (answer.body as { err?: unknown } | null)?.err !== 'string';

/** How many answers at the head are plain successes. */
export function leadingSuccesses(answers: readonly WriteAnswer[]): number {
  const firstOther = answers.findIndex((a) => !isPlainSuccess(a));
  return firstOther === -1 ? answers.length : firstOther;
}

/** Successes answered together (a batch's first answers) are recorded in one transaction, in
 *  order: a transaction per item was most of a long flush's time on the device. */
export async function applySuccesses(
  db: InterschoolsDb,
  items: readonly OutboxItem[],
  answers: readonly WriteAnswer[],
): Promise<void> {
  await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    // Lists saved in one batch, read once: the items of one row are found by index, these are not.
    const listBatches = await db.outbox.filter((q) => q.rowId === null).toArray();
    for (const [i, item] of items.entries()) await applySuccess(db, item, answers[i]!, listBatches);
    await noteAnswersStored(db);
  });
}

async function applySuccess(
  db: InterschoolsDb,
  item: OutboxItem,
  answer: WriteAnswer,
  listBatches: readonly OutboxItem[],
): Promise<void> {
  await db.outbox.delete(item.localId!);
  const intent = intentOf(item);
  const table = db.table(item.entity);
  const rows = answerRows(db, intent, answer.body);
  const sentVersion = rowPart(item)?.row.version;

  // A new row the server answered with an existing row's id (a snow id the school already had):
  // the later changes of the row go to that row.
  if (
    intent.op === 'create' &&
    rows.length === 1 &&
    item.rowId !== null &&
    rows[0]!.id !== undefined &&
    rows[0]!.id !== item.rowId
  ) {
    const newId = rows[0]!.id as string;
    await table.delete(keyFromString(table, item.rowId) as never);
    for (const later of await itemsOfRow(db, item.entity, item.rowId)) {
      const renamed = renameRow({ path: later.path, body: later.body, intent: intentOf(later) }, item.rowId, newId);
      await db.outbox.update(later.localId!, { rowId: newId, ...renamed });
    }
  }

  // Lists saved in one batch after this one, whatever this one was (a one-row PATCH too): their
  // rows follow this answer's versions, or they would meet 409 on the device's own change.
  const laterBatches = listBatches.filter((q) => q.entity === item.entity && q.localId !== item.localId);
  for (const row of rows.map((answered) => splitAnswerRow(intent.answer, answered).row)) {
    const rowId = rowKeyString(keyOfRow(table, row));
    const queued = await itemsOfRow(db, item.entity, rowId);
    const sent = item.rowId === null ? rowPart(item, row.id)?.row.version : sentVersion;
    // Our own write bumped the version: later edits of the row made on it, or on an older one
    // (before this write was merged onto another device's change and resent), follow it. An
    // edit made on a newer version (a pull brought it) is left as it is.
    for (const later of [...queued, ...laterBatches]) {
      if (later.status !== 'pending' || typeof sent !== 'number' || row.version === undefined) continue;
      const located = rowPart(later, later.rowId === null ? row.id : later.rowId);
      if (located && typeof located.row.version === 'number' && located.row.version <= sent) {
        later.body = located.replace({ ...located.row, version: row.version });
        // Discarding that batch later brings the row back on this version, not the old one.
        if (isBatchUndo(later.base)) {
          const { undo } = later.base;
          later.base = {
            undo: {
              ...undo,
              put: undo.put.map((r) => (isPlainObject(r) && r.id === row.id ? { ...r, version: row.version } : r)),
            },
          };
        }
        await db.outbox.put(later);
      }
    }
    // A later batch still to be sent changed or removed this row on the device: the device's row
    // stands. A set-aside batch does not: it must not freeze the row on an old version.
    if (laterBatches.some((later) => later.status !== 'failed' && touchesRow(later, row.id))) continue;
    const key = keyOfRow(table, row);
    const local = (await table.get(key as never)) as Row | undefined;
    if (
      !queued.length &&
      local &&
      typeof local.version === 'number' &&
      typeof row.version === 'number' &&
      local.version > row.version
    ) {
      // A pull already brought a newer row; keep it.
      if (local._pending) await table.put(withoutPending(local));
      continue;
    }
    await table.put(overlay(row, queued));
  }
  for (const answered of rows) {
    const { nested } = splitAnswerRow(intent.answer, answered);
    if (nested) await putNestedRows(db, answered.id, nested);
  }
  await clearPendingMark(db, item);
}
