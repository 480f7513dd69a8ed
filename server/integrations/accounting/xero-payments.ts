// Payments on Xero's invoices (docs/accounting.md 'What is sent'): ours recorded there, looked up
// first by our reference when an earlier answer was lost, and the received ones read back.
import { australianDate } from '../../../src/domain/rules/australian-date';
import { toDollars } from '../../../src/domain/rules/money';
import { AccountingUnavailable, type AccountingPayment, type AccountingProvider, type Organisation } from './index';
import { invoicesAnswer, paymentListAnswer, paymentsAnswer, refuseInvalid } from './xero-answers';
import { XERO_MAX_PAGES, XERO_PAGE_SIZE, idempotencyKey, type XeroClient } from './xero-client';

type PaymentInput = Parameters<AccountingProvider['recordPayment']>[1];

/** The payment already on the invoice under our reference, if an earlier attempt recorded it. */
async function paymentAlreadyRecorded(
  xero: XeroClient,
  org: Organisation,
  payment: PaymentInput,
): Promise<string | undefined> {
  const existing = await xero.call(
    org,
    {
      method: 'GET',
      path: `/Invoices/${encodeURIComponent(payment.invoiceId)}`,
      what: 'Xero invoice payments',
    },
    invoicesAnswer,
  );
  return existing.Invoices[0]?.Payments?.find((p) => p.Reference === payment.reference)?.PaymentID;
}

export async function recordXeroPayment(
  xero: XeroClient,
  org: Organisation,
  payment: PaymentInput,
): Promise<{ paymentId: string }> {
  const what = 'Xero payment';
  // Recorded before (an answer lost on the way): the payment already there.
  if (payment.lookUp) {
    const known = await paymentAlreadyRecorded(xero, org, payment);
    if (known) return { paymentId: known };
  }
  const answer = await xero.call(
    org,
    {
      method: 'PUT',
      path: '/Payments',
      what,
      body: {
        Payments: [
          {
            Invoice: { InvoiceID: payment.invoiceId },
            Account: { Code: xero.config.paymentAccount },
            Amount: toDollars(payment.amountCents),
            Date: payment.date,
            Reference: payment.reference,
          },
        ],
      },
      idempotencyKey: idempotencyKey('payment', `${org}\n${payment.invoiceId}\n${payment.reference}`),
    },
    paymentsAnswer,
  );
  const saved = answer.Payments[0]!;
  refuseInvalid(what, saved);
  return { paymentId: saved.PaymentID };
}

/** The received payments on invoices changed since `since` (null: all), page by page. */
export async function xeroPaymentsSince(
  xero: XeroClient,
  org: Organisation,
  since: Date | null,
): Promise<AccountingPayment[]> {
  const found: AccountingPayment[] = [];
  for (let page = 1; ; page += 1) {
    if (page > XERO_MAX_PAGES) throw new AccountingUnavailable('Xero payments: too many pages');
    const answer = await xero.call(
      org,
      {
        method: 'GET',
        path: '/Payments',
        what: 'Xero payments',
        query: { where: 'PaymentType=="ACCRECPAYMENT" AND Status=="AUTHORISED"', page: String(page) },
        // Only what changed since the last read: one call a read when nothing did.
        headers: since ? { 'if-modified-since': since.toUTCString() } : {},
      },
      paymentListAnswer,
    );
    for (const p of answer.Payments) {
      if (!p.Invoice || (p.Status && p.Status !== 'AUTHORISED')) continue;
      found.push({
        paymentId: p.PaymentID,
        invoiceId: p.Invoice.InvoiceID,
        amountCents: Math.round(p.Amount * 100),
        date: australianDate(p.Date),
        reference: p.Reference ?? '',
      });
    }
    if (answer.Payments.length < XERO_PAGE_SIZE) break;
  }
  return found;
}
