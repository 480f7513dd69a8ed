// How to pay an issued invoice with money owed (invoice-page.tsx): the payment options (BPAY,
// direct deposit, cheque where configured) and, for a VIC invoice, Pay online when the server has
// online payment set up, which goes to the payment page (pay-online.ts) or says why not.
import { useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/call';
import { formatMoney } from '../../domain/rules/money';
import { paymentOptions } from '../../domain/rules/tax-invoice';
import type { Invoice } from '../../domain/schemas';
import { SERVER_MESSAGES } from '../../domain/server-messages';
import { navigateTo, startOnlinePayment } from './pay-online';

/** Pay online: what is happening (the payment page opening) or why it did not start. */
export function useInvoicePayment() {
  const [paying, setPaying] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);

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

  return { paying, payError, pay };
}

export type InvoicePayment = ReturnType<typeof useInvoicePayment>;

export function HowToPay({ invoice, online, payment }: { invoice: Invoice; online: boolean; payment: InvoicePayment }) {
  const { paying, payError, pay } = payment;
  return (
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
  );
}
