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
// Split along its seams: the sheet in invoice-sheet.tsx (what is owed in invoice-owed.tsx, the
// lines in invoice-lines.tsx, how to pay in invoice-pay.tsx).
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { OFFLINE_MESSAGE } from '../../api/call';
import { PageMain } from '../../components/page-main';
import { saveFile } from '../../components/save-file';
import { useSession } from '../../components/session-context';
import { useFetchedCopy, type FetchedState } from '../../components/use-fetched-copy';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { invoiceFirstDay } from '../../domain/rules/invoice-availability';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import { invoiceTitle } from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';
import { paymentsApi } from '../../domain/schemas/api/payments';
import { useInvoicePayment } from './invoice-pay';
import { InvoiceSheet } from './invoice-sheet';
import { paymentReturnNotice } from './payment-return';
import './invoice.css';

const timeOf = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'short', timeStyle: 'short' });

async function downloadPdf(i: Invoice) {
  const { invoicePdf } = await import('./invoice-pdf');
  const bytes = await invoicePdf(i);
  saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `${i.number ?? 'invoice-preview'}.pdf`);
}

/** How the page's invoice came: back from the payment page, an older copy, an error, loading. */
function InvoiceStatus({
  state,
  online,
  outcome,
}: {
  state: FetchedState<Invoice>;
  online: boolean;
  outcome: ReturnType<typeof paymentReturnNotice>;
}) {
  const invoice = state.data;
  return (
    <>
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
    </>
  );
}

/** Before the invoice is available: when it will be (for staff, whether there is anything to
 *  preview). */
function NotAvailableYet({ invoice, schoolUser }: { invoice: Invoice; schoolUser: boolean }) {
  return (
    <p>
      {invoice.invoiceAvailable
        ? `The invoice for ${invoice.event.name} will be available from ${isoDateToDisplay(invoiceFirstDay(invoice.invoiceAvailable) ?? invoice.invoiceAvailable)}.`
        : `The invoice for ${invoice.event.name} is not available yet.`}
      {!schoolUser && ' This school has no race entries to preview.'}
    </p>
  );
}

/** Print, Download PDF, and the way between the first and the supplementary invoice. */
function InvoiceActions({
  invoice,
  nothingYet,
  append,
  schoolId,
  eventId,
}: {
  invoice: Invoice;
  nothingYet: boolean;
  append: boolean;
  schoolId: string | null;
  eventId: string | null;
}) {
  return (
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
  const payment = useInvoicePayment();
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
  const schoolUser = user.type === 'school';
  const nothingYet = invoice && !invoice.available && (schoolUser || invoice.lines.length === 0);
  return (
    <PageMain className="page invoice-page">
      <h1>
        {invoice ? invoiceTitle(invoice) : 'Invoice'}
        {invoice?.number ? ` ${invoice.number}` : ''}
      </h1>
      <InvoiceStatus state={state} online={online} outcome={outcome} />
      {invoice && nothingYet && <NotAvailableYet invoice={invoice} schoolUser={schoolUser} />}
      {invoice && !nothingYet && (
        <InvoiceSheet
          invoice={invoice}
          append={append}
          schoolId={schoolId}
          eventId={eventId}
          online={online}
          payment={payment}
        />
      )}
      {invoice && (
        <InvoiceActions
          invoice={invoice}
          nothingYet={!!nothingYet}
          append={append}
          schoolId={schoolId}
          eventId={eventId}
        />
      )}
    </PageMain>
  );
}
