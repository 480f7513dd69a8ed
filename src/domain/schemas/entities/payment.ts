// Payment rows of the payments grid and the invoice of a school for an event.
import { z } from 'zod';
import { MAX_CHOICE_LENGTH, MAX_REFERENCE_LENGTH, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../constants/limits';
import { CURRENCY } from '../../constants/policy';
import { boundedText, idSchema, moneySchema, nullableIsoDateSchema, stringFlagSchema } from '../common';

export const paymentRowSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  /** The school's state, abbreviated. */
  abrvName: boundedText(MAX_CHOICE_LENGTH),
  /** Invoice number ('' before the first invoice). */
  number: boundedText(MAX_REFERENCE_LENGTH),
  totalCost: moneySchema,
  /** '1' once payment is recorded as received. */
  received: stringFlagSchema,
  amount: moneySchema,
  /** True while the school's entries, waivers or volunteers are incomplete. */
  incomplete: z.boolean(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** PUT /api/payment rows: the payment made on a school's invoice. */
export const paymentUpdateSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  received: stringFlagSchema,
  amount: moneySchema.pipe(z.number().nonnegative()),
});
export type PaymentUpdate = z.infer<typeof paymentUpdateSchema>;

export const invoiceLineSchema = z.object({
  description: boundedText(MAX_TEXT_LENGTH),
  quantity: z.number().int().nonnegative(),
  unitAmount: moneySchema,
  amount: moneySchema,
});

/** The invoice: the spec's url, totalEntries and paid, with the totals of PRODUCT-DECISIONS
 *  (AUD, GST-inclusive, GST component 1/11, outstanding = total - received). */
export const invoiceSchema = z.object({
  url: boundedText(MAX_URL_LENGTH),
  totalEntries: z.number().int().nonnegative(),
  paid: z.boolean(),
  number: boundedText(MAX_REFERENCE_LENGTH).nullable(),
  currency: z.literal(CURRENCY),
  registrationFee: moneySchema,
  teamEntryFee: moneySchema,
  total: moneySchema,
  gst: moneySchema,
  received: moneySchema,
  outstanding: moneySchema,
  invoiceAvailable: nullableIsoDateSchema,
  invoiceDue: nullableIsoDateSchema,
  /** False before the release date: only a preview for staff (rules/invoice-availability). */
  available: z.boolean(),
  /** True for /invoice/append: only entries added after the last paid invoice. */
  supplementary: z.boolean(),
  lines: z.array(invoiceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;
