// What the offline engine relies on: the change log that delta pulls read (one row per entity row,
// holding the sequence number of its latest change; deletes stay as tombstones until purged), the
// purge horizon, and the per-device record of applied writes that makes every write exactly-once.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Allocated only under the change-log advisory lock, so numbers are handed out in commit order. */
export const changeSeq = pgSequence('change_seq', { startWith: 1 });

export const changeLog = pgTable(
  'change_log',
  {
    entity: text('entity').notNull(),
    rowId: text('row_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    schoolId: uuid('school_id'),
    eventId: uuid('event_id'),
    deleted: boolean('deleted').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.rowId] }),
    index('change_log_seq_idx').on(t.seq),
    index('change_log_scope_idx').on(t.eventId, t.schoolId, t.seq),
    index('change_log_tombstone_idx')
      .on(t.changedAt)
      .where(sql`${t.deleted}`),
  ],
);

/** Single-row table: tombstones at or below this sequence have been purged. */
export const syncHorizon = pgTable('sync_horizon', {
  id: integer('id').primaryKey().default(1),
  purgedThrough: bigint('purged_through', { mode: 'number' }).notNull().default(0),
});

/** A device's last applied sequence number, per user: a client id is the device's word, so one
 *  user's writes can never claim, replay or block the sequence another user's device keeps. */
export const clientSequences = pgTable(
  'client_sequences',
  {
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

export const appliedWrites = pgTable(
  'applied_writes',
  {
    idempotencyKey: text('idempotency_key').notNull(),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id'),
    seq: bigint('seq', { mode: 'number' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    index('applied_writes_client_seq_idx').on(t.clientId, t.seq),
    index('applied_writes_created_idx').on(t.createdAt),
  ],
);
