// What the tax invoice says beyond its lines, the same on screen and in the PDF: who issues it
// (the ATO requires the supplier's name and ABN; the address and a contact let the school ask)
// and how to pay it (BPAY as the BPAY scheme prints it, direct deposit, cheque).
import type { Invoice, Supplier } from '../schemas';

/** The supplier block: name, ABN, address, contact. */
export function supplierLines(supplier: Supplier): string[] {
  const contact = [supplier.email, supplier.phone].filter(Boolean).join(' · ');
  return [supplier.name, `ABN ${supplier.abn}`, supplier.address, ...(contact ? [`Contact: ${contact}`] : [])];
}

export type PaymentOption = { method: string; details: string[] };

export const NO_BPAY_REFERENCE = "Ask the association for your school's BPAY reference.";

/** BPAY for this invoice: the Biller Code (null on a copy kept before the supplier was sent) and
 *  the school's reference (null when it has none with a valid check digit); null when the
 *  organisation takes no BPAY. */
export function bpayDetails(
  invoice: Pick<Invoice, 'school' | 'supplier'>,
): { billerCode: string | null; reference: string | null } | null {
  const { supplier, school } = invoice;
  if (supplier && !supplier.bpayBillerCode) return null;
  return { billerCode: supplier?.bpayBillerCode ?? null, reference: school.bpay || null };
}

/** The ways to pay this invoice, each with what the payer types or writes. */
export function paymentOptions(invoice: Pick<Invoice, 'number' | 'school' | 'supplier'>): PaymentOption[] {
  const { supplier, school } = invoice;
  // A copy kept before the supplier was sent: the reference alone, as it was shown then.
  if (!supplier) return [{ method: 'BPAY', details: [school.bpay ? `Reference: ${school.bpay}` : NO_BPAY_REFERENCE] }];
  const options: PaymentOption[] = [];
  if (supplier.bpayBillerCode) {
    options.push({
      method: 'BPAY',
      details: school.bpay
        ? [`Biller Code: ${supplier.bpayBillerCode}`, `Ref: ${school.bpay}`]
        : [`Biller Code: ${supplier.bpayBillerCode}`, NO_BPAY_REFERENCE],
    });
  }
  if (supplier.bank) {
    options.push({
      method: 'Direct deposit',
      details: [
        `Account name: ${supplier.bank.accountName}`,
        `BSB: ${supplier.bank.bsb}`,
        `Account: ${supplier.bank.accountNumber}`,
        `Reference: ${invoice.number ?? school.name}`,
      ],
    });
  }
  if (supplier.chequeAddress) {
    options.push({
      method: 'Cheque',
      details: [
        `Payable to ${supplier.name}`,
        `Post to ${supplier.chequeAddress}`,
        `With the invoice number${invoice.number ? ` ${invoice.number}` : ''} on the back`,
      ],
    });
  }
  return options;
}

/** What the invoice is called: a preview until it is issued, then a tax invoice or a supplementary one. */
export function invoiceTitle(invoice: { available: boolean; supplementary?: boolean }): string {
  if (!invoice.available) return 'Invoice preview';
  return invoice.supplementary ? 'Supplementary tax invoice' : 'Tax invoice';
}
