// Which rows an outbox item carries: its row, or the elements of the lists in its body (a save of
// several team managers). Read the same way by the edits (a row with a set-aside save is left
// alone) and by the device (a row whose own earlier save was just answered).
import type { OutboxItem } from '../../src/db/database';

export function rowsOfItem(item: Pick<OutboxItem, 'rowId' | 'body'>): string[] {
  if (item.rowId !== null) return [String(item.rowId)];
  const lists = item.body && typeof item.body === 'object' ? Object.values(item.body).filter(Array.isArray) : [];
  return lists.flat().flatMap((el: unknown) => (el && typeof el === 'object' && 'id' in el ? [String(el.id)] : []));
}
