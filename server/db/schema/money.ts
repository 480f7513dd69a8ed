// Invoices issued to a school for an event and the payments received against them. Amounts are
// integer cents: money is never a float.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, synced } from './columns';
import { events } from './events';
import { schools } from './schools';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: text('kind').notNull().default('initial'),
    totalCents: integer('total_cents').notNull(),
    entryCount: integer('entry_count').notNull().default(0),
    /** The invoice's lines as issued: [{ description, quantity, unitAmountCents, amountCents }]. */
    lines: jsonb('lines').notNull().default([]),
    accountingInvoiceId: text('accounting_invoice_id'),
    url: text('url').notNull().default(''),
    createdAt: createdAt(),
    ...synced(),
  },
  (t) => [unique('invoices_number_uq').on(t.number), index('invoices_school_event_idx').on(t.schoolId, t.eventId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method').notNull().default('manual'),
    reference: text('reference').notNull().default(''),
    status: text('status').notNull().default('received'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    /** The payment's id in the accounting system once it is recorded there (null until then). */
    accountingPaymentId: text('accounting_payment_id'),
    /** Made at a test checkout (PAYMENT_GATEWAY=test): no money was taken. Shown as TEST, and never
     *  copied to a real accounting system. */
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
    ...synced(),
  },
  (t) => [
    index('payments_school_event_idx').on(t.schoolId, t.eventId),
    // An online payment is recorded once per gateway confirmation, however often it is reported.
    uniqueIndex('payments_online_reference_uq')
      .on(t.reference)
      .where(sql`${t.method} = 'online'`),
    // A payment read back from the accounting system is recorded once, however often it is read.
    uniqueIndex('payments_accounting_payment_uq').on(t.accountingPaymentId),
  ],
);

/** Our record of an online payment started with the gateway (POST /api/transaction). One open
 *  checkout per school, event and amount: a second request for the same outstanding amount gets
 *  the same checkout, so a double click never charges twice. A payment row is written only when
 *  the gateway itself confirms it (never from the browser's return URL). */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The gateway that holds it ('builtin' or a real gateway's name) and its id there. */
    gateway: text('gateway').notNull(),
    gatewayRef: text('gateway_ref').notNull(),
    url: text('url').notNull(),
    /** open, pending (the gateway has it, not yet confirmed), paid, declined, cancelled (expired or
     *  abandoned). */
    status: text('status').notNull().default('open'),
    /** The gateway's own word for the outcome ('PAID (TEST mode)', 'DECLINED', ...). */
    result: text('result'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('payment_checkouts_gateway_ref_uq').on(t.gateway, t.gatewayRef),
    index('payment_checkouts_school_event_idx').on(t.schoolId, t.eventId, t.status),
  ],
);

/** The built-in payment gateway's own books: its hosted checkout sessions. Apart from ours on
 *  purpose: our server learns an outcome by asking the gateway, as it would a real one. */
export const builtinGatewaySessions = pgTable('builtin_gateway_sessions', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull().default(''),
  returnUrl: text('return_url').notNull(),
  /** open, paid, declined. */
  status: text('status').notNull().default('open'),
  result: text('result'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
});

/** Which accounting contact a school is in each organisation (Northern for the NSW invoice type,
 *  Southern otherwise): a contact belongs to one school. */
export const schoolAccountingContacts = pgTable(
  'school_accounting_contacts',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    organisation: text('organisation').notNull(),
    contactId: text('contact_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.organisation] }),
    unique('school_accounting_contacts_contact_uq').on(t.organisation, t.contactId),
  ],
);

/** The built-in accounting provider's ledger (the default when no Xero is configured): its
 *  contacts, invoices and payments per organisation, as an accounting system would hold them. */
export const ledgerContacts = pgTable(
  'ledger_contacts',
  {
    id: text('id').primaryKey(),
    organisation: text('organisation').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_contacts_org_idx').on(t.organisation, t.name)],
);

export const ledgerInvoices = pgTable(
  'ledger_invoices',
  {
    id: text('id').primaryKey(),
    organisation: text('organisation').notNull(),
    contactId: text('contact_id')
      .notNull()
      .references(() => ledgerContacts.id),
    reference: text('reference').notNull(),
    /** [{ description, quantity, unitAmountCents, amountCents }] */
    lines: jsonb('lines').notNull(),
    totalCents: integer('total_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /** AUTHORISED, PAID, VOIDED (Xero's words). */
    status: text('status').notNull().default('AUTHORISED'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('ledger_invoices_reference_uq').on(t.organisation, t.reference)],
);

export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    id: text('id').primaryKey(),
    organisation: text('organisation').notNull(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => ledgerInvoices.id),
    amountCents: integer('amount_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    /** A TEST payment (made at the test checkout): no money was received. */
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('ledger_payments_reference_uq').on(t.invoiceId, t.reference)],
);
