// Invoices issued to a school for an event and the payments received against them. Amounts are
// integer cents: money is never a float.
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, synced } from './columns';
import { events } from './events';
import { schools } from './schools';

export const invoices = pgTable('invoices', {
  id: id(),
  schoolId: uuid('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  kind: text('kind').notNull().default('initial'),
  totalCents: integer('total_cents').notNull(),
  entryCount: integer('entry_count').notNull().default(0),
  accountingInvoiceId: text('accounting_invoice_id'),
  url: text('url').notNull().default(''),
  createdAt: createdAt(),
  ...synced(),
}, (t) => [unique('invoices_number_uq').on(t.number), index('invoices_school_event_idx').on(t.schoolId, t.eventId)]);

export const payments = pgTable('payments', {
  id: id(),
  schoolId: uuid('school_id').notNull().references(() => schools.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  method: text('method').notNull().default('manual'),
  reference: text('reference').notNull().default(''),
  status: text('status').notNull().default('received'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  ...synced(),
}, (t) => [index('payments_school_event_idx').on(t.schoolId, t.eventId)]);
