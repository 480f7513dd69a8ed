// The accounting provider: where the association's books are kept. Our invoices and payments are
// copied there, each school as a contact of the organisation its invoice type belongs to (Northern
// for NSW, Southern otherwise). Two implementations: the built-in ledger (default; tables ledger_*)
// and Xero's Accounting API, chosen by configuration. A provider that cannot be reached throws
// AccountingUnavailable; callers keep our own records and try again later.
import type { AccountingRegion } from '../../../src/domain/constants/choices';

export type Organisation = AccountingRegion;

export type AccountingContact = { contactId: string; name: string; email: string };

type AccountingInvoiceLine = {
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
};

export type AccountingInvoiceInput = {
  contactId: string;
  /** Our invoice number: the invoice's number in the accounting system too (one invoice, one number). */
  number: string;
  /** What the school sees beside the number: the event. */
  reference: string;
  lines: AccountingInvoiceLine[];
  totalCents: number;
  /** YYYY-MM-DD: the day it was issued (its GST period), in Australian eastern time. */
  date: string;
  /** YYYY-MM-DD, or null when the event has no due date. */
  dueDate: string | null;
  /** The accounting system's id of this invoice when it was sent before (an update). */
  invoiceId: string | null;
  /** Look for it by its number first: an earlier attempt may have created it and lost the answer. */
  lookUp?: boolean;
  /** Ask for its online invoice url (only the first time: the url does not change). */
  wantUrl?: boolean;
};

type AccountingPaymentInput = {
  invoiceId: string;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  /** Ours: unique per payment, so a repeat is recognised. */
  reference: string;
  /** A TEST payment (the test checkout: no money received). Only the built-in ledger is sent one. */
  test?: boolean;
  /** Look for it on the invoice first: an earlier attempt may have recorded it and lost the answer. */
  lookUp?: boolean;
};

/** Money paid back to a school for an invoice: in Xero a credit note, refunded. */
type AccountingRefundInput = {
  /** The invoice refunded, and the school's contact. */
  invoiceId: string;
  contactId: string;
  /** Our invoice number, named on the credit note. */
  invoiceNumber: string;
  /** Positive: what was paid back. */
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  /** Ours: unique per refund, so a repeat is recognised. */
  reference: string;
  lookUp?: boolean;
};

/** A payment the accounting system holds, as read back from it. */
export type AccountingPayment = {
  paymentId: string;
  invoiceId: string;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  reference: string;
};

/** What the accounting system says is left of its limits, from the last answer (unknown: absent). */
export type AccountingLimits = { dayRemaining?: number; minuteRemaining?: number };

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
  /** Records money paid back for an invoice; recording the same reference again changes nothing. */
  recordRefund(org: Organisation, refund: AccountingRefundInput): Promise<{ paymentId: string }>;
  /** The received payments changed since that time (null: all), on invoices of any kind. */
  paymentsSince(org: Organisation, since: Date | null): Promise<AccountingPayment[]>;
  /** What is left of the organisation's rate limits, as last reported (the ledger has none). */
  limits?(org: Organisation): AccountingLimits;
}

/** The accounting system could not be reached or refused us (down, rate-limited past our retries,
 *  credentials refused, an answer we cannot read). */
export class AccountingUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountingUnavailable';
  }
}

/** The accounting system refused this one item (a validation error): sending it again as it is
 *  would be refused again, while the others can go on. `reason` is the accounting system's. */
export class AccountingRefused extends AccountingUnavailable {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'AccountingRefused';
  }
}

/** The organisation's rate limit is reached: nothing more until `retryAfterMs` has passed.
 *  `limit` is which one (Xero's X-Rate-Limit-Problem: minute, day or concurrent). */
export class AccountingRateLimited extends AccountingUnavailable {
  constructor(
    message: string,
    readonly retryAfterMs: number,
    readonly limit: string,
  ) {
    super(message);
    this.name = 'AccountingRateLimited';
  }
}
