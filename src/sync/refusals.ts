// Where a refused batch call's messages belong: the server names the rows of a refusal by their
// place in the body (`teams.2.TeamEntries.1.ParticipantId`, `teamManagers.0.mobile`); screens show
// each message on the row concerned, and the item's own message on every row of the batch when no
// field names a row (a lock, a stale version, a constraint caught at commit).
import type { OutboxItem } from '../db/database';

export const REFUSED_FALLBACK = 'The server refused this change.';

export interface BatchRefusals {
  /** Message per row id of the batch's list. */
  rows: Map<string, string>;
  /** Message per row id of the lists nested in those rows (a team's entries). */
  nested: Map<string, string>;
}

type Listed = { id?: unknown } & Record<string, unknown>;

const idOf = (row: Listed | undefined) => (row && typeof row.id === 'string' ? row.id : null);

export function batchRefusals(
  item: Pick<OutboxItem, 'body' | 'error' | 'fields'>,
  list: string,
  nestedList?: string,
): BatchRefusals {
  const rows = ((item.body as Record<string, unknown> | null)?.[list] ?? []) as Listed[];
  const out: BatchRefusals = { rows: new Map(), nested: new Map() };
  const path = new RegExp(`^(?:body\\.)?${list}\\.(\\d+)\\.(?:${nestedList ?? '(?!)'}\\.(\\d+)\\.)?`);
  for (const field of item.fields ?? []) {
    const match = path.exec(field.path);
    if (!match) continue;
    const row = Array.isArray(rows) ? rows[Number(match[1])] : undefined;
    const rowId = idOf(row);
    if (!rowId) continue;
    if (match[2] !== undefined && nestedList) {
      const nestedRows = (row?.[nestedList] ?? []) as Listed[];
      const nestedId = idOf(nestedRows[Number(match[2])]);
      if (nestedId && !out.nested.has(nestedId)) out.nested.set(nestedId, field.message);
      if (!out.rows.has(rowId)) out.rows.set(rowId, field.message);
    } else if (!out.rows.has(rowId)) {
      out.rows.set(rowId, field.message);
    }
  }
  if (out.rows.size === 0) {
    for (const row of Array.isArray(rows) ? rows : []) {
      const id = idOf(row);
      if (id) out.rows.set(id, item.error ?? REFUSED_FALLBACK);
    }
  }
  return out;
}
