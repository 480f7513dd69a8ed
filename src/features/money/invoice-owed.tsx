// What is owed, first on the invoice (invoice-page.tsx): the amount, the due date and, while money
// is owed on an issued invoice, the BPAY Biller Code and the school's reference with a Copy button.
import { useRef, useState } from 'react';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import { formatMoney } from '../../domain/rules/money';
import { NO_BPAY_REFERENCE, bpayDetails } from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';

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
export function OwedSummary({ invoice }: { invoice: Invoice }) {
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
