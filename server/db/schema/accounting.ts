// The copy of our books in the accounting system (docs/accounting.md 'The queue'): what is still to
// be sent there, and what each organisation allows us now. Our invoices and payments are the
// record; these tables only say how far the accounting system has caught up.
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/** One row per invoice or payment to copy. `waiting` until sent (next_try_at says when it may be
 *  tried), `sent` once the accounting system holds it as it is now (sent_digest: a digest of the
 *  canonical form sent, so an unchanged invoice is never sent again), `parked` when the accounting
 *  system refused it (last_error says why) until an admin sends it again. */
export const accountingQueue = pgTable(
  'accounting_queue',
  {
    id: id(),
    /** invoice, payment or refund. */
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    organisation: text('organisation').notNull(),
    state: text('state').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentDigest: text('sent_digest'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('accounting_queue_subject_uq').on(t.kind, t.subjectId),
    index('accounting_queue_due_idx').on(t.state, t.nextTryAt),
  ],
);

/** Per organisation: a pause the accounting system asked for (its rate limits), and how far its
 *  payments have been read back. */
export const accountingOrganisations = pgTable('accounting_organisations', {
  organisation: text('organisation').primaryKey(),
  pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
  pauseReason: text('pause_reason'),
  /** The time of the last read of payments made in the accounting system (If-Modified-Since). */
  paymentsReadAt: timestamp('payments_read_at', { withTimezone: true, mode: 'date' }),
});
