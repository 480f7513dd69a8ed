// A school's invoice for an event as devices hold it: one row per school and event, whatever the
// number of invoices issued, by the domain's rule (is it paid, what is owed). The change feed
// sends this row; the money routes answer the invoices and payments themselves.
import { invoiceStatusCents, type InvoiceStatusInput } from '../../../src/domain/rules/invoice-status';
import { toDollars } from '../../../src/domain/rules/money';
import type { InvoiceStatus } from '../../../src/domain/schemas';

export function toInvoiceStatus(schoolId: string, eventId: string, facts: InvoiceStatusInput): InvoiceStatus {
  const status = invoiceStatusCents(facts);
  return {
    SchoolId: schoolId,
    EventId: eventId,
    number: status.number,
    total: toDollars(status.invoicedCents),
    received: toDollars(status.receivedCents),
    outstanding: toDollars(status.outstandingCents),
    paid: status.paid,
  };
}
