// The built-in accounting provider (the default when Xero is not configured): the ledger_* tables,
// kept per organisation as an accounting system would keep them (docs/accounting.md).
// - Contacts 'LC-<uuid>', invoices 'LI-<uuid>', payments 'LP-<uuid>'.
// - An invoice is known by its organisation and number (our invoice number, in the reference
//   column): sending it again, with or without its id, updates it; it is never duplicated.
// - A payment is known by its invoice and reference (our payment id): recording it again answers
//   the payment already recorded. A refund is a payment of the negative amount. The invoice is
//   PAID once its payments cover its total. A TEST payment (made at the test checkout) is kept
//   marked as such.
// - The ledger has no pages of its own: upsertInvoice answers url '' which means "show the
//   invoice on our own invoice page" (the queue then keeps the url our invoice row has).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ledgerContacts, ledgerInvoices, ledgerPayments } from '../../db/schema';
import type { AccountingInvoiceInput, AccountingProvider, Organisation } from './index';

const LEDGER_STATUS = { authorised: 'AUTHORISED', paid: 'PAID' } as const;

/** Brings an invoice's status in line with its payments (PAID once they cover its total). */
async function settle(tx: Tx, invoiceId: string): Promise<void> {
  const [row] = await tx
    .select({
      total: ledgerInvoices.totalCents,
      paid: sql<number>`coalesce(sum(${ledgerPayments.amountCents}), 0)::int`,
    })
    .from(ledgerInvoices)
    .leftJoin(ledgerPayments, eq(ledgerPayments.invoiceId, ledgerInvoices.id))
    .where(eq(ledgerInvoices.id, invoiceId))
    .groupBy(ledgerInvoices.id);
  if (!row) return;
  const status = row.paid >= row.total ? LEDGER_STATUS.paid : LEDGER_STATUS.authorised;
  await tx
    .update(ledgerInvoices)
    .set({ status })
    .where(and(eq(ledgerInvoices.id, invoiceId), sql`${ledgerInvoices.status} <> ${status}`));
}

type PaymentInput = Parameters<AccountingProvider['recordPayment']>[1];

/** An invoice is known by its organisation and number: sent again, with or without its id, it is
 *  updated, never duplicated. */
async function upsertLedgerInvoice(
  db: Db,
  org: Organisation,
  invoice: AccountingInvoiceInput,
): Promise<{ invoiceId: string; url: string }> {
  return db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ id: ledgerContacts.id })
      .from(ledgerContacts)
      .where(and(eq(ledgerContacts.id, invoice.contactId), eq(ledgerContacts.organisation, org)));
    if (!contact) throw new Error(`ledger: contact ${invoice.contactId} is not in the ${org} organisation`);
    const values = {
      contactId: invoice.contactId,
      reference: invoice.number,
      lines: invoice.lines,
      totalCents: invoice.totalCents,
      dueDate: invoice.dueDate,
      updatedAt: new Date(),
    };
    let id: string | undefined;
    if (invoice.invoiceId) {
      const updated = await tx
        .update(ledgerInvoices)
        .set(values)
        .where(and(eq(ledgerInvoices.id, invoice.invoiceId), eq(ledgerInvoices.organisation, org)))
        .returning({ id: ledgerInvoices.id });
      id = updated[0]?.id;
    }
    // New, or its id unknown here: the organisation's invoice of that number, if any.
    id ??= (
      await tx
        .insert(ledgerInvoices)
        .values({ id: `LI-${randomUUID()}`, organisation: org, ...values })
        .onConflictDoUpdate({ target: [ledgerInvoices.organisation, ledgerInvoices.reference], set: values })
        .returning({ id: ledgerInvoices.id })
    )[0]!.id;
    await settle(tx, id);
    return { invoiceId: id, url: '' };
  });
}

/** A payment is known by its invoice and reference: recorded again, it answers the one there. */
async function recordLedgerPayment(db: Db, org: Organisation, payment: PaymentInput): Promise<{ paymentId: string }> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ id: ledgerInvoices.id })
      .from(ledgerInvoices)
      .where(and(eq(ledgerInvoices.id, payment.invoiceId), eq(ledgerInvoices.organisation, org)))
      .for('update');
    if (!invoice) throw new Error(`ledger: invoice ${payment.invoiceId} is not in the ${org} organisation`);
    await tx
      .insert(ledgerPayments)
      .values({
        id: `LP-${randomUUID()}`,
        organisation: org,
        invoiceId: invoice.id,
        amountCents: payment.amountCents,
        date: payment.date,
        reference: payment.reference,
        test: payment.test ?? false,
      })
      .onConflictDoNothing({ target: [ledgerPayments.invoiceId, ledgerPayments.reference] });
    const [row] = await tx
      .select({ id: ledgerPayments.id })
      .from(ledgerPayments)
      .where(and(eq(ledgerPayments.invoiceId, invoice.id), eq(ledgerPayments.reference, payment.reference)));
    await settle(tx, invoice.id);
    return { paymentId: row!.id };
  });
}

export function createLedger(db: Db): AccountingProvider {
  const ledger: AccountingProvider = {
    name: 'ledger',

    async listContacts(org) {
      const rows = await db
        .select({ contactId: ledgerContacts.id, name: ledgerContacts.name, email: ledgerContacts.email })
        .from(ledgerContacts)
        .where(eq(ledgerContacts.organisation, org))
        .orderBy(asc(ledgerContacts.name), asc(ledgerContacts.id));
      return rows;
    },

    async createContact(org, contact) {
      const [row] = await db
        .insert(ledgerContacts)
        .values({ id: `LC-${randomUUID()}`, organisation: org, name: contact.name, email: contact.email })
        .returning({ contactId: ledgerContacts.id, name: ledgerContacts.name, email: ledgerContacts.email });
      return row!;
    },

    upsertInvoice: (org, invoice) => upsertLedgerInvoice(db, org, invoice),

    recordPayment: (org, payment) => recordLedgerPayment(db, org, payment),

    // A refund: a payment of the negative amount against the invoice, so the invoice is owed again.
    async recordRefund(org, refund) {
      return ledger.recordPayment(org, {
        invoiceId: refund.invoiceId,
        amountCents: -refund.amountCents,
        date: refund.date,
        reference: refund.reference,
      });
    },

    // Every payment in the ledger came from us: none was made there to read back.
    async paymentsSince() {
      return [];
    },
  };
  return ledger;
}
