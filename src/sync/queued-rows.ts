// The mirror side of an answer: which queued items still change a row, the row's pending mark,
// and the rows another table's answer nests (a team's entries), kept in their own table.
import type { InterschoolsDb, OutboxItem } from '../db/database';
import { queuedForRow } from '../db/outbox';
import { keyFromString, overlay, withoutPending, type Row, type SplitRow } from './rows';

/** After an item is gone: the row loses its mark when nothing else of it is queued. */
export async function clearPendingMark(db: InterschoolsDb, item: OutboxItem): Promise<void> {
  if (item.rowId === null) return;
  if ((await queuedForRow(db, item.entity, item.rowId)).some((q) => q.status !== 'failed')) return;
  const table = db.table(item.entity);
  const key = keyFromString(table, item.rowId);
  const row = (await table.get(key as never)) as Row | undefined;
  if (row?._pending) await table.put(withoutPending(row));
}

/** A parent's nested rows as answered (a team's entries): the answer is the whole list, so rows
 *  of the parent it leaves out are gone, unless a change of theirs is still queued. */
export async function putNestedRows(
  db: InterschoolsDb,
  parentId: unknown,
  nested: NonNullable<SplitRow['nested']>,
): Promise<void> {
  const table = db.table(nested.table);
  const answered = new Set(nested.rows.map((r) => r.id));
  const held = (await table
    .where(nested.parentKey)
    .equals(parentId as string)
    .toArray()) as Row[];
  for (const row of held) {
    if (answered.has(row.id) || (await queuedForRow(db, nested.table, row.id)).length > 0) continue;
    await table.delete(row.id as never);
  }
  for (const row of nested.rows) {
    const queued = await queuedForRow(db, nested.table, row.id);
    // Removed on this device meanwhile (its DELETE still queued): it stays removed here.
    if (queued.some((q) => q.method === 'DELETE' && q.status !== 'failed')) continue;
    await table.put(overlay(row, queued));
  }
}
