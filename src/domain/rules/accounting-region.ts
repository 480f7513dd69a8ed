import type { AccountingRegion, InvoiceType } from '../constants/choices';

/** Accounting organisation label: Northern for the NSW invoice type, otherwise Southern. */
export function accountingRegion(invoiceType: InvoiceType | string | null | undefined): AccountingRegion {
  return invoiceType === 'NSW' ? 'Northern' : 'Southern';
}

/** The lowercase invoice type used in the accounting sync paths ('nsw' or 'vic'). */
export function invoiceTypePathSegment(invoiceType: InvoiceType): 'nsw' | 'vic' {
  return invoiceType === 'NSW' ? 'nsw' : 'vic';
}
