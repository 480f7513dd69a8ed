import type { InvoiceType } from '../constants/choices';

/** Season passes are a VIC matter: the team manager grid shows the column only for VIC events. */
export function showsSeasonPass(invoiceType: InvoiceType | string | null | undefined): boolean {
  return invoiceType === 'VIC';
}
