// The tax invoice as printed (invoice-page.tsx): whether it is a preview or being issued, the PAID
// mark, what is owed (invoice-owed.tsx), who issues it and to whom, the event and its dates, the
// lines (invoice-lines.tsx), what is still owed on a later invoice, TEST payments, how to pay
// (invoice-pay.tsx) and the link to the invoice in the accounting system.
import { Link } from 'react-router-dom';
import { australianDate } from '../../domain/rules/australian-date';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import { formatMoney } from '../../domain/rules/money';
import { isSafeStoredUrl } from '../../domain/rules/stored-url';
import { invoiceTitle, supplierLines } from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';
import { InvoiceLines } from './invoice-lines';
import { OwedSummary } from './invoice-owed';
import { HowToPay, type InvoicePayment } from './invoice-pay';

/** Who issues the invoice (the supplier with its ABN), to whom, for which event, and its dates. */
function InvoiceParties({ invoice }: { invoice: Invoice }) {
  return (
    <>
      {invoice.supplier && (
        <section className="invoice-supplier" aria-label="From">
          {supplierLines(invoice.supplier).map((line, i) =>
            i === 0 ? <h2 key={line}>{line}</h2> : <div key={line}>{line}</div>,
          )}
        </section>
      )}
      <div className="invoice-head">
        <section aria-label="Bill to">
          <div className="invoice-label">Bill to</div>
          <h2>{invoice.school.name}</h2>
          {invoice.school.address.map((a) => (
            <div key={a}>{a}</div>
          ))}
        </section>
        <dl>
          <dt>Event</dt>
          <dd>{invoice.event.name}</dd>
          {invoice.issuedAt && (
            <>
              <dt>Issued</dt>
              <dd>{isoDateToDisplay(australianDate(new Date(invoice.issuedAt)))}</dd>
            </>
          )}
          {invoice.invoiceDue && (
            <>
              <dt>Due</dt>
              <dd>{isoDateToDisplay(invoice.invoiceDue)}</dd>
            </>
          )}
          <dt>Status</dt>
          <dd>{invoice.paid ? 'Paid' : invoice.outstanding > 0 ? 'Awaiting payment' : '—'}</dd>
        </dl>
      </div>
    </>
  );
}

export function InvoiceSheet({
  invoice,
  append,
  schoolId,
  eventId,
  online,
  payment,
}: {
  invoice: Invoice;
  /** Showing the supplementary invoice. */
  append: boolean;
  schoolId: string | null;
  eventId: string | null;
  online: boolean;
  payment: InvoicePayment;
}) {
  return (
    <article className="invoice-sheet" aria-label={invoiceTitle(invoice)}>
      {!invoice.available && (
        <p className="invoice-notice">Preview: the invoice is not issued yet, so the school cannot see it.</p>
      )}
      {invoice.available && invoice.number === null && invoice.lines.length > 0 && (
        <p className="invoice-notice">
          This invoice is being issued: it gets its number within a few minutes. The amounts below are what it will
          hold.
        </p>
      )}
      {invoice.paid && <p className="invoice-paid-mark">PAID</p>}
      {invoice.lines.length > 0 && <OwedSummary invoice={invoice} />}
      <InvoiceParties invoice={invoice} />
      {invoice.lines.length === 0 ? (
        <p>
          {invoice.supplementary
            ? 'No race entries have been added since the last paid invoice.'
            : 'Nothing to invoice: the school has no race entries.'}
        </p>
      ) : (
        <InvoiceLines invoice={invoice} />
      )}
      {invoice.available && !append && invoice.balanceOutstanding > invoice.outstanding && schoolId && eventId && (
        // This invoice may be paid while a later one is not: the school is told where the rest is.
        <p className="invoice-notice">
          Still to pay for this event: <strong>{formatMoney(invoice.balanceOutstanding)}</strong>, on the{' '}
          <Link to={`/invoice/append/${schoolId}/${eventId}`}>supplementary invoice</Link> for entries added since.
        </p>
      )}
      {(invoice.testReceived ?? 0) > 0 && (
        <p className="invoice-notice">
          <strong>TEST</strong> payments: {formatMoney(invoice.testReceived!)} of the payments received was paid at the
          test checkout. No money was received.
        </p>
      )}
      {invoice.available && invoice.outstanding > 0 && <HowToPay invoice={invoice} online={online} payment={payment} />}
      {/* The accounting system's web address for the invoice, linked only as a web address. */}
      {isSafeStoredUrl(invoice.url) && !invoice.url.startsWith('/') && (
        <p className="no-print">
          <a href={invoice.url} target="_blank" rel="noreferrer">
            View this invoice in the accounting system
          </a>
        </p>
      )}
    </article>
  );
}
