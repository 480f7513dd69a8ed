// 409: another device changed the row since this edit was made. Fields that do not overlap are
// merged onto the server's row and resent at once; a field changed on both sides keeps the
// server's value and the item is set aside naming it; a list saved in one batch is set aside whole
// with the server's row in the mirror. A carry-over (`conflictIsDone`) takes 409 as done.
import { v7 as uuidv7 } from 'uuid';
import { errorDetails, type WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import { takeSequenceNumbers } from '../db/meta';
import type { EngineContext } from './engine-context';
import { rowKeyString } from './engine-meta';
import { setAside } from './answer-refused';
import type { Step } from './answer-step';
import { putNestedRows } from './queued-rows';
import { queuedForRow } from '../db/outbox';
import { noteAnswersStored } from './answered-rows';
import { intentOf } from '../db/write-intent';
import {
  isBatchUndo,
  isPlainObject,
  keyOfRow,
  mergeOnConflict,
  rowPart,
  overlay,
  splitAnswerRow,
  type BatchUndo,
  type Row,
} from './rows';

const MAX_MERGES_PER_FLUSH = 3;
const fieldList = (fields: string[]) => fields.map((f) => `'${f}'`).join(', ');

/** `merges` counts the merges of each item in this flush, so a row that keeps changing on the
 *  server never loops. */
export async function answerConflict(
  ctx: EngineContext,
  item: OutboxItem,
  answer: WriteAnswer,
  merges: Map<number, number>,
): Promise<Step> {
  if (item.conflictIsDone) {
    await ctx.db.outbox.delete(item.localId!);
    return { kind: 'next' };
  }
  const n = (merges.get(item.localId!) ?? 0) + 1;
  merges.set(item.localId!, n);
  if (n > MAX_MERGES_PER_FLUSH) {
    await setAside(ctx, item, 'Not saved: this row keeps changing on the server; try again later.');
    return { kind: 'next' };
  }
  return mergeOrRefuse(ctx, item, answer);
}

/** 409 on a list saved in one batch (results, trophies): one of its rows was changed by someone
 *  else meanwhile. A batch is not merged field by field: it is set aside for the user to discard
 *  or re-apply, the server's row stands in the mirror, and discarding the batch keeps it. */
async function refuseStaleBatch(
  ctx: EngineContext,
  item: OutboxItem,
  { undo }: BatchUndo,
  current: Row,
  message: string | null | undefined,
): Promise<Step> {
  const { db } = ctx;
  const text =
    message ?? "Not saved: a row of this list was changed on the server meanwhile; the server's version is kept.";
  await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    const put = [...undo.put.filter((r) => !(isPlainObject(r) && r.id === current.id)), current];
    await db.outbox.update(item.localId!, {
      status: 'failed',
      error: text,
      base: { undo: { ...undo, put } },
      fields: [],
    });
    await db.table(item.entity).put(current);
    await noteAnswersStored(db);
  });
  ctx.status.set({ message: text });
  return { kind: 'next' };
}

async function mergeOrRefuse(ctx: EngineContext, item: OutboxItem, answer: WriteAnswer): Promise<Step> {
  const { db } = ctx;
  const body = isPlainObject(answer.body) ? answer.body : {};
  const current = body.current;
  const { message } = errorDetails(answer.body);
  if (!isPlainObject(current)) {
    await setAside(ctx, item, message ?? 'This change conflicts with the server.');
    return { kind: 'next' };
  }
  if (item.rowId === null && isBatchUndo(item.base)) return refuseStaleBatch(ctx, item, item.base, current, message);
  const merge = mergeOnConflict(item, current);
  if (merge.kind === 'resend') {
    const localId = item.localId!;
    await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
      const [seq] = await takeSequenceNumbers(db, 1);
      // A batch keeps its other rows' bases; the merged row's is now the server's.
      const base = Array.isArray(item.base)
        ? item.base.map((row) => (isPlainObject(row) && row.id === current.id ? current : row))
        : current;
      const next: OutboxItem = {
        ...item,
        seq: seq!,
        idempotencyKey: uuidv7(),
        body: merge.body,
        base,
        attempts: 0,
        nextAttemptAt: 0,
      };
      delete next.inFlightSeq;
      await db.outbox.put(next);
      if (item.rowId !== null) {
        const table = db.table(item.entity);
        await table.put(overlay(current, await queuedForRow(db, item.entity, item.rowId)));
        await noteAnswersStored(db);
      }
    });
    return { kind: 'again', localId };
  }
  const text =
    merge.kind === 'conflict'
      ? `Not saved: ${fieldList(merge.fields)} ${merge.fields.length > 1 ? 'were' : 'was'} changed on the server meanwhile; the server's value is kept. Re-apply your change if it should win.`
      : (message ?? "Not saved: this row was changed on the server meanwhile; the server's version is kept.");
  await db.transaction('rw', [...db.mirrorTables(), db.outbox, db.meta], async () => {
    // Ready for the user's re-apply: on top of the server's row and version.
    // A batch: the refused row among its rows, whose other rows keep their bases.
    const located = rowPart(item, item.rowId === null ? current.id : item.rowId);
    const rebuilt =
      located && current.version !== undefined
        ? located.replace({ ...located.row, version: current.version })
        : item.body;
    // (a list batch's base is its undo record, kept for a discard).
    const base = Array.isArray(item.base)
      ? item.base.map((row) => (isPlainObject(row) && row.id === current.id ? current : row))
      : item.rowId === null
        ? item.base
        : current;
    await db.outbox.update(item.localId!, { status: 'failed', error: text, body: rebuilt, base, fields: [] });
    if (item.rowId !== null) {
      const table = db.table(item.entity);
      await table.put(overlay(current, await queuedForRow(db, item.entity, item.rowId)));
    } else if (current.id !== undefined) {
      // A batch refused for one of its rows: that row as the server holds it stands here too.
      const table = db.table(item.entity);
      const { row, nested } = splitAnswerRow(intentOf(item).answer, current);
      await table.put(overlay(row, await queuedForRow(db, item.entity, rowKeyString(keyOfRow(table, row)))));
      if (nested) await putNestedRows(db, row.id, nested);
    }
    await noteAnswersStored(db);
  });
  ctx.status.set({ message: text });
  return { kind: 'next' };
}
