// Is a school's invoice for an event paid? (docs/decisions.md 'Entries and volunteers', 'Money':
// paid when the payments received cover what was invoiced.) One rule for the server's feed and
// answers, the server's refusal to archive a participant of a paid invoice, and the client.
export interface InvoiceStatusInput {
  /** The invoices issued to the school for the event (the initial one and any supplementary). */
  invoices: { number: string; totalCents: number; createdAt: Date | string }[];
  /** Payments recorded for the school and event; only received ones count. */
  payments: { amountCents: number; status: string }[];
}

export interface InvoiceStatusCents {
  /** The latest invoice's number, '' before the first invoice. */
  number: string;
  invoicedCents: number;
  receivedCents: number;
  outstandingCents: number;
  paid: boolean;
}

export function invoiceStatusCents({ invoices, payments }: InvoiceStatusInput): InvoiceStatusCents {
  const invoicedCents = invoices.reduce((sum, i) => sum + i.totalCents, 0);
  const receivedCents = payments.filter((p) => p.status === 'received').reduce((sum, p) => sum + p.amountCents, 0);
  const latest = [...invoices].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())[0];
  return {
    number: latest?.number ?? '',
    invoicedCents,
    receivedCents,
    outstandingCents: invoicedCents - receivedCents,
    // Nothing invoiced is nothing paid: a school without an invoice may still change its entries.
    paid: invoicedCents > 0 && receivedCents >= invoicedCents,
  };
}
