import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';
import type { UserType } from '../constants/choices';

/** Available once the event's invoiceAvailable date minus one day has passed (local time).
 *  No date set means not yet available: the admin has not released invoices. */
export function invoiceAvailable(invoiceAvailableDate: string | null | undefined, now: Date): boolean {
  if (!invoiceAvailableDate) return false;
  const date = parseISO(invoiceAvailableDate);
  if (!isValid(date)) return false;
  return now.getTime() >= subDays(startOfDay(date), 1).getTime();
}

/** The first day the invoice can be seen: invoiceAvailable() opens it the day before its date,
 *  so this is the day a message names. */
export function invoiceFirstDay(invoiceAvailableDate: string | null | undefined): string | null {
  if (!invoiceAvailableDate) return null;
  const date = parseISO(invoiceAvailableDate);
  return isValid(date) ? format(subDays(date, 1), 'yyyy-MM-dd') : null;
}

export type InvoiceView = 'invoice' | 'preview' | 'none';

/** What the invoice screen offers: the invoice once available; before that a preview for
 *  non-school users (admin and staff) looking at a school that has entries; otherwise nothing. */
export function invoiceView(input: { available: boolean; userType: UserType; entryCount: number }): InvoiceView {
  if (input.available) return 'invoice';
  if (input.userType !== 'school' && input.entryCount > 0) return 'preview';
  return 'none';
}
