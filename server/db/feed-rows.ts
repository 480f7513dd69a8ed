// Loading the rows a feed sends (the main feed, server/modules/sync; the race-day feed,
// server/modules/race-day): a change names its row by key, one column or several joined by ':',
// and each loaded row is sent in its domain shape under that key.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A row in its domain shape, as a feed sends it. */
export type Shaped = Record<string, unknown>;

/** Rows whose key (one column, or several joined by ':') is in `keys`. */
export function keyIn(columns: AnyPgColumn[], keys: string[]): SQL {
  if (columns.length === 1) return inArray(sql`${columns[0]}::text`, keys);
  const joined = sql.join(
    columns.map((c) => sql`${c}::text`),
    sql` || ':' || `,
  );
  return inArray(sql`(${joined})`, keys);
}

export function byKey<R>(rows: R[], key: (r: R) => string, shape: (r: R) => Shaped): Map<string, Shaped> {
  return new Map(rows.map((r) => [key(r), shape(r)]));
}
