import { gstOfLines, toCents, toDollars } from './money';

export interface InvoiceInput {
  /** Event registration fee in dollars, charged once per school per event. */
  registrationFee: number;
  /** Fee per race (team) entry in dollars. */
  teamEntryFee: number;
  /** Race entries of the school in the event. */
  entryCount: number;
  /** Payments received so far, in dollars. */
  received: number;
  /** The race entries per invoice line (one line per discipline), when known: GST is worked out
   *  per line as on the invoice and in Xero. Absent: one line of all the entries. */
  entriesPerLine?: readonly number[];
}

export interface InvoiceTotalsCents {
  registrationFeeCents: number;
  entriesCents: number;
  totalCents: number;
  gstCents: number;
  receivedCents: number;
  outstandingCents: number;
  paid: boolean;
}

/** Invoice total = registrationFee + teamEntryFee x entries (AUD, GST-inclusive); GST is each
 *  line's 1/11 rounded to the cent, added (as the invoice and Xero have it); outstanding = total -
 *  received (negative means credit).
 *  A school without entries owes nothing: the registration fee comes with taking part. */
export function invoiceTotalsCents(input: InvoiceInput): InvoiceTotalsCents {
  const entries = Math.max(0, Math.trunc(input.entryCount));
  const registrationFeeCents = entries > 0 ? toCents(input.registrationFee) : 0;
  const entriesCents = toCents(input.teamEntryFee) * entries;
  const totalCents = registrationFeeCents + entriesCents;
  const receivedCents = toCents(input.received);
  const outstandingCents = totalCents - receivedCents;
  return {
    registrationFeeCents,
    entriesCents,
    totalCents,
    gstCents: gstOfLines(
      [registrationFeeCents, ...(input.entriesPerLine ?? [entries]).map((n) => toCents(input.teamEntryFee) * n)].map(
        (amountCents) => ({ amountCents }),
      ),
    ),
    receivedCents,
    outstandingCents,
    paid: totalCents > 0 && outstandingCents <= 0,
  };
}

export interface InvoiceTotals {
  registrationFee: number;
  entriesAmount: number;
  total: number;
  gst: number;
  received: number;
  outstanding: number;
  paid: boolean;
}

/** The same totals in dollars with 2 decimals, as the API sends them. */
export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  const c = invoiceTotalsCents(input);
  return {
    registrationFee: toDollars(c.registrationFeeCents),
    entriesAmount: toDollars(c.entriesCents),
    total: toDollars(c.totalCents),
    gst: toDollars(c.gstCents),
    received: toDollars(c.receivedCents),
    outstanding: toDollars(c.outstandingCents),
    paid: c.paid,
  };
}
