// The accounting provider: where the association's books are kept. Our invoices and payments are
// copied there, each school as a contact of the organisation its invoice type belongs to (Northern
// for NSW, Southern otherwise). Two implementations: the built-in ledger (default; tables ledger_*)
// and Xero's Accounting API, chosen by configuration. A provider that cannot be reached throws
// AccountingUnavailable; callers keep our own records and try again later.
import type { AccountingRegion } from '../../../src/domain/constants/choices';

export type Organisation = AccountingRegion;

export type AccountingContact = { contactId: string; name: string; email: string };

export type AccountingInvoiceLine = {
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
};

export type AccountingInvoiceInput = {
  contactId: string;
  /** Our invoice number, shown as the reference in the accounting system. */
  reference: string;
  lines: AccountingInvoiceLine[];
  totalCents: number;
  /** YYYY-MM-DD, or null when the event has no due date. */
  dueDate: string | null;
  /** The accounting system's id of this invoice when it was sent before (an update). */
  invoiceId: string | null;
};

export type AccountingPaymentInput = {
  invoiceId: string;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  /** Ours: unique per payment, so a repeat is recognised. */
  reference: string;
  /** A TEST payment (the test checkout: no money received). Only the built-in ledger is sent one. */
  test?: boolean;
};

export interface AccountingProvider {
  readonly name: 'ledger' | 'xero';
  /** Every contact of the organisation. */
  listContacts(org: Organisation): Promise<AccountingContact[]>;
  /** A new contact for a school (when it has none linked in that organisation). */
  createContact(org: Organisation, contact: { name: string; email: string }): Promise<AccountingContact>;
  /** Creates the invoice, or updates it when invoiceId is given; answers its id and the URL where
   *  the school can view (and, where the organisation takes card payments, pay) it online. */
  upsertInvoice(org: Organisation, invoice: AccountingInvoiceInput): Promise<{ invoiceId: string; url: string }>;
  /** Records a payment against an invoice; recording the same reference again changes nothing. */
  recordPayment(org: Organisation, payment: AccountingPaymentInput): Promise<{ paymentId: string }>;
}

/** The accounting system could not be reached or refused us (down, rate-limited past our retries,
 *  credentials refused, an answer we cannot read). */
export class AccountingUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountingUnavailable';
  }
}
