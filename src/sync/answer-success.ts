// 2xx: the item is done. Its answer's rows (where its intent's answer layout says) go into the
// mirror with the changes still queued for them laid over, later queued changes of those rows
// follow the version this write produced, and a new row the server answered with an existing
// row's id hands its later items to that row (through their intents).
import type { WriteAnswer } from '../api/sync';
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { noteAnswersStored } from './answered-rows';
import { clearPendingMark, putNestedRows } from './queued-rows';
import { queuedForRow } from '../db/outbox';
import { intentOf, renameRow } from '../db/write-intent';
import {
  answerRows,
  isBatchUndo,
  isPlainObject,
  keyFromString,
  keyOfRow,
  rowOnArrival,
  rowPart,
  splitAnswerRow,
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
    for (const [i, item] of items.entries()) await applySuccess(db, item, answers[i]!);
    await noteAnswersStored(db);
  });
}

async function applySuccess(db: InterschoolsDb, item: OutboxItem, answer: WriteAnswer): Promise<void> {
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
    for (const later of await queuedForRow(db, item.entity, item.rowId)) {
      const renamed = renameRow({ path: later.path, body: later.body, intent: intentOf(later) }, item.rowId, newId);
      await db.outbox.update(later.localId!, { rowId: newId, ...renamed });
    }
  }

  for (const row of rows.map((answered) => splitAnswerRow(intent.answer, answered).row)) {
    // Every later write of the row, a list saved in one batch too, whatever this one was.
    const queued = await queuedForRow(db, item.entity, keyOfRow(table, row));
    const sent = item.rowId === null ? rowPart(item, row.id)?.row.version : sentVersion;
    // Our own write bumped the version: later edits of the row made on it, or on an older one
    // (before this write was merged onto another device's change and resent), follow it, or they
    // would meet 409 on the device's own change. An edit made on a newer version (a pull brought
    // it) is left as it is.
    for (const later of queued) {
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
    const key = keyOfRow(table, row);
    const stored = rowOnArrival((await table.get(key as never)) as Row | undefined, row, queued);
    if (stored) await table.put(stored);
  }
  for (const answered of rows) {
    const { nested } = splitAnswerRow(intent.answer, answered);
    if (nested) await putNestedRows(db, answered.id, nested);
  }
  await clearPendingMark(db, item);
}
