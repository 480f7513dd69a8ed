// #/invoice (the session's school and event), #/invoice/{SchoolId}/{EventId} and
// #/invoice/append/{SchoolId}/{EventId} (the supplementary invoice): the invoice as the server
// answers it (issued by the server once available, a few minutes at most; a preview for staff
// before), kept on the device and shown offline with the time it was fetched. Lines, totals in AUD
// with the GST, what was received (TEST payments said to be so) and what is outstanding, the due
// date, who issues it (the supplier with its ABN), and how to pay: BPAY with the Biller Code and the
// school's reference, direct deposit and cheque where configured, and online for VIC invoices when the
// server has online payment set up. Prints on A4 and downloads as a PDF built on the device.
// Back from the payment page, ?result= says how it went, in our words and only for the results
// the payment return sends (payment-return.ts); whether it is paid comes from the server alone.
import { useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { OFFLINE_MESSAGE } from '../../api/call';
import { PageMain } from '../../components/page-main';
import { saveFile } from '../../components/save-file';
import { useSession } from '../../components/session-context';
import { useFetchedCopy } from '../../components/use-fetched-copy';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import { invoiceFirstDay } from '../../domain/rules/invoice-availability';
import { australianDate } from '../../domain/rules/australian-date';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import { formatMoney } from '../../domain/rules/money';
import { isSafeStoredUrl } from '../../domain/rules/stored-url';
import {
  NO_BPAY_REFERENCE,
  bpayDetails,
  invoiceTitle,
  paymentOptions,
  supplierLines,
} from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { SERVER_MESSAGES } from '../../domain/server-messages';
import { navigateTo, startOnlinePayment } from './pay-online';
import { paymentReturnNotice } from './payment-return';
import './invoice.css';

const timeOf = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'short', timeStyle: 'short' });

// On a phone each line stacks (description, then quantity, unit price and amount, each named by
// its column's heading in data-label), so no amount sits past the screen's edge (invoice.css). The
// roles are said again because a table laid out as blocks loses them in some screen readers.
function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <TableScroll label="Invoice lines">
      <table className="invoice-lines" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Description
            </th>
            <th scope="col" role="columnheader" className="num">
              Quantity
            </th>
            <th scope="col" role="columnheader" className="num">
              Unit price
            </th>
            <th scope="col" role="columnheader" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {invoice.lines.map((l) => (
            <tr key={l.description} role="row">
              <td role="cell" className="invoice-line-description">
                {l.description}
              </td>
              <td role="cell" className="num" data-label="Quantity">
                {l.quantity}
              </td>
              <td role="cell" className="num" data-label="Unit price">
                {formatMoney(l.unitAmount)}
              </td>
              <td role="cell" className="num" data-label="Amount">
                {formatMoney(l.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot role="rowgroup">
          <tr role="row">
            <th scope="row" role="rowheader" colSpan={3}>
              Total (GST inclusive)
            </th>
            <td role="cell" className="num strong">
              {formatMoney(invoice.total)}
            </td>
          </tr>
          <tr role="row">
            <th scope="row" role="rowheader" colSpan={3}>
              GST included
            </th>
            <td role="cell" className="num">
              {formatMoney(invoice.gst)}
            </td>
          </tr>
          <tr role="row">
            <th scope="row" role="rowheader" colSpan={3}>
              Payments received
            </th>
            <td role="cell" className="num">
              {formatMoney(invoice.received)}
            </td>
          </tr>
          <tr role="row">
            <th scope="row" role="rowheader" colSpan={3}>
              Outstanding
            </th>
            <td role="cell" className="num strong">
              {formatMoney(invoice.outstanding)}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

type CopyState = 'idle' | 'copied' | 'select';

/** The school's BPAY reference with a Copy button: the clipboard where the browser offers it,
 *  else the reference is selected for the user's own copy command. */
function CopyReference({ reference }: { reference: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const text = useRef<HTMLElement>(null);

  function selectReference() {
    const node = text.current;
    const selection = window.getSelection?.();
    if (node && selection) {
      const range = document.createRange();
      range.selectNodeContents(node);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    setCopy('select');
  }

  async function copyReference() {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard?.writeText) {
      selectReference();
      return;
    }
    try {
      await clipboard.writeText(reference);
      setCopy('copied');
    } catch {
      selectReference();
    }
  }

  return (
    <div className="invoice-owed-reference">
      <strong ref={text} className="invoice-owed-number">
        {reference}
      </strong>
      <button
        type="button"
        className="button no-print"
        aria-label={`Copy the BPAY reference ${reference}`}
        onClick={() => void copyReference()}
      >
        Copy
      </button>
      <span role="status" className="invoice-owed-copied no-print">
        {copy === 'copied' && 'Copied'}
        {copy === 'select' && 'This browser cannot copy for you: the reference is selected, ready to copy.'}
      </span>
    </div>
  );
}

/** What the coordinator opens the invoice for, first: what is owed, by when, and how to pay it by
 *  BPAY with the reference to copy. The tax invoice below says all of it again, as printed. */
function OwedSummary({ invoice }: { invoice: Invoice }) {
  const owing = invoice.outstanding > 0;
  const bpay = invoice.available && owing ? bpayDetails(invoice) : null;
  return (
    <section className="invoice-owed" aria-label="What is owed">
      <dl className="invoice-owed-facts">
        <div>
          <dt>{owing ? 'Amount owed' : 'Outstanding'}</dt>
          <dd className="invoice-owed-amount">{formatMoney(invoice.outstanding)}</dd>
        </div>
        {owing && invoice.invoiceDue && (
          <div>
            <dt>Due by</dt>
            <dd className="invoice-owed-due">{isoDateToDisplay(invoice.invoiceDue)}</dd>
          </div>
        )}
      </dl>
      {!owing && invoice.paid && <p className="invoice-owed-note">Paid in full: nothing is owed on this invoice.</p>}
      {bpay && (
        <div className="invoice-owed-bpay">
          <h2>Pay by BPAY</h2>
          <dl>
            {bpay.billerCode && (
              <div>
                <dt>Biller Code</dt>
                <dd>
                  <strong className="invoice-owed-number">{bpay.billerCode}</strong>
                </dd>
              </div>
            )}
            <div>
              <dt>Reference</dt>
              <dd>{bpay.reference ? <CopyReference reference={bpay.reference} /> : NO_BPAY_REFERENCE}</dd>
            </div>
          </dl>
        </div>
      )}
    </section>
  );
}

export default function InvoicePage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const params = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const append = location.pathname.startsWith('/invoice/append');
  const schoolId = params.SchoolId ?? user?.SchoolId ?? null;
  const eventId = params.EventId ?? user?.EventId ?? null;
  const request =
    schoolId && eventId
      ? {
          route: paymentsApi.invoice,
          input: {
            params: { SchoolId: schoolId, EventId: eventId },
            ...(append ? { query: { append: 'true' as const } } : {}),
          },
        }
      : null;
  const state = useFetchedCopy(db, user?.username ?? null, request, 'The invoice could not be loaded.');
  const [paying, setPaying] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const outcome = paymentReturnNotice(search.get('result'));

  if (!user) return null;
  if (!request)
    return (
      <PageMain className="page">
        <h1>Invoice</h1>
        <p>Choose a school and an event first.</p>
      </PageMain>
    );
  const invoice = state.data;

  async function pay(i: Invoice) {
    setPayError(null);
    setPaying('Opening the payment page…');
    const started = await startOnlinePayment(i.school.id, i.event.id, i.balanceOutstanding);
    if (started.ok) {
      navigateTo(started.url);
      return;
    }
    setPaying(null);
    setPayError(started.message);
  }

  async function downloadPdf(i: Invoice) {
    const { invoicePdf } = await import('./invoice-pdf');
    const bytes = await invoicePdf(i);
    saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `${i.number ?? 'invoice-preview'}.pdf`);
  }

  const schoolUser = user.type === 'school';
  const nothingYet = invoice && !invoice.available && (schoolUser || invoice.lines.length === 0);
  return (
    <PageMain className="page invoice-page">
      <h1>
        {invoice ? invoiceTitle(invoice) : 'Invoice'}
        {invoice?.number ? ` ${invoice.number}` : ''}
      </h1>
      {outcome && (
        <p
          className={outcome.kind === 'failure' ? 'invoice-error' : 'invoice-notice'}
          role={outcome.kind === 'failure' ? 'alert' : 'status'}
        >
          {outcome.message}
        </p>
      )}
      {state.fromCopy && state.fetchedAt && (
        <p className="invoice-notice no-print" role="status">
          {online ? 'The latest invoice could not be fetched: ' : 'Offline: '}showing the copy fetched{' '}
          {timeOf(state.fetchedAt)}.
        </p>
      )}
      {state.error && !invoice && (
        <p className="invoice-error" role="alert">
          {state.error}
        </p>
      )}
      {!invoice &&
        !state.error &&
        (state.loading ? <p role="status">Loading…</p> : <p>{online ? 'No invoice.' : OFFLINE_MESSAGE}</p>)}
      {invoice && nothingYet && (
        <p>
          {invoice.invoiceAvailable
            ? `The invoice for ${invoice.event.name} will be available from ${isoDateToDisplay(invoiceFirstDay(invoice.invoiceAvailable) ?? invoice.invoiceAvailable)}.`
            : `The invoice for ${invoice.event.name} is not available yet.`}
          {!schoolUser && ' This school has no race entries to preview.'}
        </p>
      )}
      {invoice && !nothingYet && (
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
          {invoice.lines.length === 0 ? (
            <p>
              {invoice.supplementary
                ? 'No race entries have been added since the last paid invoice.'
                : 'Nothing to invoice: the school has no race entries.'}
            </p>
          ) : (
            <Lines invoice={invoice} />
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
              <strong>TEST</strong> payments: {formatMoney(invoice.testReceived!)} of the payments received was paid at
              the test checkout. No money was received.
            </p>
          )}
          {invoice.available && invoice.outstanding > 0 && (
            <section className="invoice-pay">
              <h2>How to pay</h2>
              <div className="invoice-pay-options">
                {paymentOptions(invoice).map((option) => (
                  <section key={option.method} className="invoice-pay-option" aria-label={option.method}>
                    <h3>{option.method}</h3>
                    {option.details.map((d) => (
                      <div key={d}>{d}</div>
                    ))}
                  </section>
                ))}
              </div>
              {invoice.event.invoiceType === 'VIC' && invoice.onlinePayment === false && (
                <p className="no-print">{SERVER_MESSAGES.onlinePaymentNotSetUp}</p>
              )}
              {invoice.event.invoiceType === 'VIC' && invoice.onlinePayment !== false && (
                <p className="no-print">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={!online || paying !== null}
                    onClick={() => void pay(invoice)}
                  >
                    Pay online {formatMoney(invoice.balanceOutstanding)}
                  </button>
                  {!online && <span> {OFFLINE_MESSAGE}</span>}
                </p>
              )}
              {paying && <p role="status">{paying}</p>}
              {payError && (
                <p className="invoice-error" role="alert">
                  {payError}
                </p>
              )}
            </section>
          )}
          {/* The accounting system's web address for the invoice, linked only as a web address. */}
          {isSafeStoredUrl(invoice.url) && !invoice.url.startsWith('/') && (
            <p className="no-print">
              <a href={invoice.url} target="_blank" rel="noreferrer">
                View this invoice in the accounting system
              </a>
            </p>
          )}
        </article>
      )}
      {invoice && (
        <div className="invoice-actions no-print">
          {!nothingYet && (
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
          )}
          {!nothingYet && (
            <button type="button" className="button" onClick={() => void downloadPdf(invoice)}>
              Download PDF
            </button>
          )}
          {!append && invoice.paid && schoolId && eventId && (
            <Link className="button" to={`/invoice/append/${schoolId}/${eventId}`}>
              Supplementary invoice
            </Link>
          )}
          {append && schoolId && eventId && (
            <Link className="button" to={`/invoice/${schoolId}/${eventId}`}>
              First invoice
            </Link>
          )}
        </div>
      )}
    </PageMain>
  );
}
