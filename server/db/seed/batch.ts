// Bulk inserts in batches: every inserted row fires the change-log trigger, and one statement of
// thousands of rows would hit PostgreSQL's parameter limit, so rows go in 500 at a time.
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';

const BATCH_SIZE = 500;

export async function insertBatched<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: readonly PgInsertValue<T>[],
  size = BATCH_SIZE,
): Promise<number> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as PgInsertValue<T>[]);
  }
  return rows.length;
}
