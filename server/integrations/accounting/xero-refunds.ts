// A refund in Xero's books (docs/accounting.md 'What is sent'): a credit note for the amount
// (GST-inclusive, as the invoice was), then a payment out of the bank account against that credit
// note, the cash refund. Either step may have been done by an attempt whose answer was lost, so
// both are looked up by our reference first.
import type { z } from 'zod';
import { CURRENCY } from '../../../src/domain/constants/policy';
import { toDollars } from '../../../src/domain/rules/money';
import { AccountingUnavailable, type AccountingProvider, type Organisation } from './index';
import { creditNotesAnswer, paymentsAnswer, refuseInvalid } from './xero-answers';
import { XERO_TAX_TYPE, idempotencyKey, type XeroClient } from './xero-client';

type RefundInput = Parameters<AccountingProvider['recordRefund']>[1];
type CreditNote = z.infer<typeof creditNotesAnswer>['CreditNotes'][number];

const WHAT = 'Xero refund';

/** The credit note an earlier attempt made, and the refund paid on it if it got that far. */
async function findRefund(
  xero: XeroClient,
  org: Organisation,
  refund: RefundInput,
): Promise<{ creditNote?: CreditNote; paymentId?: string }> {
  const found = await xero.call(
    org,
    {
      method: 'GET',
      path: '/CreditNotes',
      what: 'Xero credit note lookup',
      query: { where: `Type=="ACCRECCREDIT" AND Reference=="${refund.reference}"` },
    },
    creditNotesAnswer,
  );
  const creditNote = found.CreditNotes.find((c) => c.Reference === refund.reference);
  return { creditNote, paymentId: creditNote?.Payments?.find((p) => p.Reference === refund.reference)?.PaymentID };
}

async function createCreditNote(xero: XeroClient, org: Organisation, refund: RefundInput): Promise<CreditNote> {
  const answer = await xero.call(
    org,
    {
      method: 'PUT',
      path: '/CreditNotes',
      what: WHAT,
      body: {
        CreditNotes: [
          {
            Type: 'ACCRECCREDIT',
            Contact: { ContactID: refund.contactId },
            Date: refund.date,
            Reference: refund.reference,
            LineAmountTypes: 'Inclusive',
            Status: 'AUTHORISED',
            CurrencyCode: CURRENCY,
            LineItems: [
              {
                Description: `Refund of invoice ${refund.invoiceNumber}`,
                Quantity: 1,
                UnitAmount: toDollars(refund.amountCents),
                AccountCode: xero.config.salesAccount,
                TaxType: XERO_TAX_TYPE,
              },
            ],
          },
        ],
      },
      idempotencyKey: idempotencyKey('credit', `${org}\n${refund.reference}`),
    },
    creditNotesAnswer,
  );
  const creditNote = answer.CreditNotes[0];
  if (!creditNote || answer.CreditNotes.length !== 1)
    throw new AccountingUnavailable(`${WHAT}: unreadable answer (expected one credit note)`);
  refuseInvalid(WHAT, creditNote);
  return creditNote;
}

async function payCreditNote(
  xero: XeroClient,
  org: Organisation,
  refund: RefundInput,
  creditNote: CreditNote,
): Promise<{ paymentId: string }> {
  const answer = await xero.call(
    org,
    {
      method: 'PUT',
      path: '/Payments',
      what: WHAT,
      body: {
        Payments: [
          {
            CreditNote: { CreditNoteID: creditNote.CreditNoteID },
            Account: { Code: xero.config.paymentAccount },
            Amount: toDollars(refund.amountCents),
            Date: refund.date,
            Reference: refund.reference,
          },
        ],
      },
      idempotencyKey: idempotencyKey('refund', `${org}\n${refund.reference}`),
    },
    paymentsAnswer,
  );
  const saved = answer.Payments[0]!;
  refuseInvalid(WHAT, saved);
  return { paymentId: saved.PaymentID };
}

export async function recordXeroRefund(
  xero: XeroClient,
  org: Organisation,
  refund: RefundInput,
): Promise<{ paymentId: string }> {
  const earlier = refund.lookUp ? await findRefund(xero, org, refund) : {};
  if (earlier.paymentId) return { paymentId: earlier.paymentId };
  const creditNote = earlier.creditNote ?? (await createCreditNote(xero, org, refund));
  return payCreditNote(xero, org, refund, creditNote);
}
