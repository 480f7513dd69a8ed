// Our invoices as Xero's (docs/accounting.md 'What is sent'): one invoice, one number, so an
// invoice sent again without its Xero id is first looked up by that number rather than made twice.
import { CURRENCY } from '../../../src/domain/constants/policy';
import { toDollars } from '../../../src/domain/rules/money';
import { AccountingUnavailable, type AccountingInvoiceInput, type Organisation } from './index';
import { invoicesAnswer, onlineInvoiceAnswer, refuseInvalid } from './xero-answers';
import { XERO_TAX_TYPE, idempotencyKey, type XeroClient } from './xero-client';

/** Invoice statuses that make a reference taken (a voided or deleted invoice frees it). */
const LIVE_STATUSES = 'DRAFT,SUBMITTED,AUTHORISED,PAID';
/** Invoice numbers go in a query's list: nothing that could end an item or the parameter. */
const SAFE_NUMBER = /^[A-Za-z0-9_./:-]{1,64}$/;
/** Xero's Reference holds 255 characters. */
const MAX_XERO_REFERENCE = 255;

/** Our lines must make our total exactly: Xero computes the total from the lines. A plain Error,
 *  not AccountingUnavailable: sending it again cannot cure it. */
function checkLines(invoice: AccountingInvoiceInput): void {
  if (invoice.lines.length === 0) throw new Error(`invoice ${invoice.number}: no lines to send`);
  let sum = 0;
  for (const line of invoice.lines) {
    if (line.quantity * line.unitAmountCents !== line.amountCents) {
      throw new Error(`invoice ${invoice.number}: line '${line.description}' is not quantity x unit amount`);
    }
    sum += line.amountCents;
  }
  if (sum !== invoice.totalCents)
    throw new Error(`invoice ${invoice.number}: the lines add up to ${sum} cents, the total is ${invoice.totalCents}`);
  if (!SAFE_NUMBER.test(invoice.number))
    throw new Error(`invoice ${invoice.number}: the number cannot be used as a Xero invoice number`);
}

async function findInvoiceByNumber(xero: XeroClient, org: Organisation, number: string): Promise<string | null> {
  const answer = await xero.call(
    org,
    {
      method: 'GET',
      path: '/Invoices',
      what: 'Xero invoice lookup',
      query: { InvoiceNumbers: number, Statuses: LIVE_STATUSES },
    },
    invoicesAnswer,
  );
  return answer.Invoices.find((i) => i.InvoiceNumber === number)?.InvoiceID ?? null;
}

function invoiceBody(xero: XeroClient, invoice: AccountingInvoiceInput, invoiceId: string | null) {
  return {
    Invoices: [
      {
        ...(invoiceId ? { InvoiceID: invoiceId } : {}),
        Type: 'ACCREC',
        Contact: { ContactID: invoice.contactId },
        InvoiceNumber: invoice.number,
        Reference: invoice.reference.slice(0, MAX_XERO_REFERENCE),
        Date: invoice.date,
        LineAmountTypes: 'Inclusive',
        LineItems: invoice.lines.map((line) => ({
          Description: line.description,
          Quantity: line.quantity,
          UnitAmount: toDollars(line.unitAmountCents),
          AccountCode: xero.config.salesAccount,
          TaxType: XERO_TAX_TYPE,
        })),
        // Without a due date of the event: due on receipt.
        DueDate: invoice.dueDate ?? invoice.date,
        Status: 'AUTHORISED',
        CurrencyCode: CURRENCY,
      },
    ],
  };
}

export async function upsertXeroInvoice(
  xero: XeroClient,
  org: Organisation,
  invoice: AccountingInvoiceInput,
): Promise<{ invoiceId: string; url: string }> {
  checkLines(invoice);
  const what = 'Xero invoice';
  // Sent before but its id not kept (an answer lost on the way): the same invoice again.
  const invoiceId = invoice.invoiceId ?? (invoice.lookUp ? await findInvoiceByNumber(xero, org, invoice.number) : null);
  const body = invoiceBody(xero, invoice, invoiceId);
  const answer = await xero.call(
    org,
    {
      method: 'POST',
      path: '/Invoices',
      what,
      body,
      idempotencyKey: idempotencyKey('invoice', JSON.stringify([org, body])),
    },
    invoicesAnswer,
  );
  const saved = answer.Invoices[0];
  if (!saved || answer.Invoices.length !== 1)
    throw new AccountingUnavailable(`${what}: unreadable answer (expected one invoice)`);
  refuseInvalid(what, saved);
  if (!invoice.wantUrl) return { invoiceId: saved.InvoiceID, url: '' };
  const online = await xero.call(
    org,
    {
      method: 'GET',
      path: `/Invoices/${encodeURIComponent(saved.InvoiceID)}/OnlineInvoice`,
      what: 'Xero online invoice',
    },
    onlineInvoiceAnswer,
  );
  return { invoiceId: saved.InvoiceID, url: online.OnlineInvoices[0]!.OnlineInvoiceUrl };
}
