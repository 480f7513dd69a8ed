// Reads the change feed kept by the record_change() trigger (migration 0001): the rows of a scope
// changed after a cursor, in sequence order, tombstones included. Sequence numbers are taken in
// commit order (see the migration), so a cursor never skips a row. Tombstones older than the
// retention are purged; a cursor below the purge horizon must download its scope again.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { changeLog, syncHorizon } from './schema';

/** A school's and an event's rows (rows of no school or no event always belong); or, for race
 *  officials, `eventIds` (several events) narrowed to some `tables`. */
export type ChangeScope = {
  schoolId: string | null;
  eventId: string | null;
  allSchools?: boolean;
  eventIds?: readonly string[];
  tables?: readonly string[];
  /** Tables whose rows go to the scope whatever their school (an administrator's view of every
   *  school's confirmed qualifiers). */
  everySchool?: readonly string[];
  /** Tables whose rows go to the scope whatever their event (the events themselves). */
  everyEvent?: readonly string[];
  /** Rows of these tables of these events go to the scope too (the results of the events shown
   *  for results, which every signed-in user reads). */
  alsoOf?: { tables: readonly string[]; eventIds: readonly string[] };
};
export type ChangeRow = {
  entity: string;
  rowId: string;
  seq: number;
  deleted: boolean;
  schoolId: string | null;
  eventId: string | null;
};
export type ChangePage = { changes: ChangeRow[]; cursor: number; hasMore: boolean; resetRequired: boolean };

/**
 * `initial`: the caller is still inside a download that began at cursor 0. Its cursor may sit
 * below the purge horizon between pages, but no tombstone it needs can have been purged: a purged
 * tombstone is older than the retention, so its row was gone before the download began.
 */
export async function readChanges(
  db: Db,
  scope: ChangeScope,
  cursor: number,
  limit = 1000,
  opts: { initial?: boolean } = {},
): Promise<ChangePage> {
  const [horizon] = await db.select().from(syncHorizon).where(eq(syncHorizon.id, 1));
  if (cursor > 0 && !opts.initial && horizon && cursor < horizon.purgedThrough) {
    return { changes: [], cursor, hasMore: false, resetRequired: true };
  }
  const schoolCond = scope.allSchools
    ? undefined
    : or(
        isNull(changeLog.schoolId),
        scope.schoolId ? eq(changeLog.schoolId, scope.schoolId) : sql`false`,
        scope.everySchool?.length ? inArray(changeLog.entity, [...scope.everySchool]) : undefined,
      );
  const events = scope.eventIds ?? (scope.eventId ? [scope.eventId] : []);
  const eventCond = or(
    isNull(changeLog.eventId),
    events.length ? inArray(changeLog.eventId, [...events]) : sql`false`,
    scope.everyEvent?.length ? inArray(changeLog.entity, [...scope.everyEvent]) : undefined,
    scope.alsoOf?.eventIds.length && scope.alsoOf.tables.length
      ? and(inArray(changeLog.entity, [...scope.alsoOf.tables]), inArray(changeLog.eventId, [...scope.alsoOf.eventIds]))
      : undefined,
  );
  const tableCond = scope.tables ? inArray(changeLog.entity, [...scope.tables]) : undefined;
  const rows = await db
    .select({
      entity: changeLog.entity,
      rowId: changeLog.rowId,
      seq: changeLog.seq,
      deleted: changeLog.deleted,
      schoolId: changeLog.schoolId,
      eventId: changeLog.eventId,
    })
    .from(changeLog)
    .where(
      and(
        gt(changeLog.seq, cursor),
        schoolCond,
        eventCond,
        tableCond,
        cursor === 0 ? eq(changeLog.deleted, false) : undefined,
      ),
    )
    .orderBy(asc(changeLog.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = page.length ? page[page.length - 1]!.seq : cursor;
  // At the end of a download the cursor may step up to the purge horizon: every number below it
  // was committed before the horizon was read (numbers are taken in commit order), so this query
  // saw them all. Without this a fresh download that ends below the horizon would be told to
  // reset again at once.
  return {
    changes: page,
    cursor: hasMore ? last : Math.max(last, horizon?.purgedThrough ?? 0),
    hasMore,
    resetRequired: false,
  };
}

/** Deletes tombstones changed before `before` and raises the horizon past them. */
export async function purgeTombstones(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const purged = await tx
      .delete(changeLog)
      .where(and(eq(changeLog.deleted, true), lte(changeLog.changedAt, before)))
      .returning({ seq: changeLog.seq });
    const max = purged.reduce((m, r) => Math.max(m, r.seq), 0);
    if (max > 0) {
      await tx
        .update(syncHorizon)
        .set({ purgedThrough: sql`greatest(${syncHorizon.purgedThrough}, ${max})` })
        .where(eq(syncHorizon.id, 1));
    }
    return purged.length;
  });
}
