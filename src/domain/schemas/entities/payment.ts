// Payment rows of the payments grid and the invoice of a school for an event.
import { z } from 'zod';
import {
  MAX_CHOICE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '../../constants/limits';
import { CURRENCY } from '../../constants/policy';
import { INVOICE_TYPES } from '../../constants/choices';
import {
  boundedText,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  moneySchema,
  nullableIsoDateSchema,
  stringFlagSchema,
} from '../common';

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
  /** The part of amount paid at the test checkout: TEST payments, no money received. Optional
   *  for lists fetched before it was sent. */
  testAmount: moneySchema.optional(),
  /** True while the school's entries, waivers or volunteers are incomplete. */
  incomplete: z.boolean(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** The largest total a payments grid row may state, in dollars: far above any school's fees, well
 *  inside the cents column's range. */
export const MAX_PAYMENT_AMOUNT = 1_000_000;
/** How the admin says a school paid: the grid's choices (online payments come from the gateway). */
export const MANUAL_PAYMENT_METHODS = ['bpay', 'cheque'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
/** A lowered amount is a correction (nothing moved: the amount was mistyped) unless the admin says
 *  it was paid back to the school: a refund, which the accounting system is told of. */
export const REFUND_METHOD = 'refund';
const PAYMENT_UPDATE_METHODS = [...MANUAL_PAYMENT_METHODS, REFUND_METHOD] as const;

/** PUT /api/payment rows: what the school has paid in total for the event, as the admin sees it
 *  (the server records the difference from the payments already received). received '1' with
 *  amount omitted or 0 means 'paid in full'. method (default 'bpay') and reference describe the
 *  payment being recorded; 'refund' says a lowered amount was paid back to the school. */
export const paymentUpdateSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  received: stringFlagSchema,
  amount: moneySchema
    .pipe(
      z
        .number()
        .nonnegative({ error: 'The amount cannot be negative' })
        .max(MAX_PAYMENT_AMOUNT, { error: 'The amount is too large' }),
    )
    .optional(),
  method: z.enum(PAYMENT_UPDATE_METHODS).optional(),
  reference: boundedText(MAX_REFERENCE_LENGTH).optional(),
});
export type PaymentUpdate = z.infer<typeof paymentUpdateSchema>;

/** What an admin records with 'Record payment': a payment received by BPAY or cheque, money paid
 *  back to the school (a refund, sent to the accounting system), or a correction of a line typed
 *  wrong (nothing moved). Online payments come from the gateway only. */
export const RECORDED_PAYMENT_KINDS = ['bpay', 'cheque', 'refund', 'correction'] as const;
export type RecordedPaymentKind = (typeof RECORDED_PAYMENT_KINDS)[number];

/** POST /api/v2/payments: one line of a school's payments for an event. The amount is what moved:
 *  positive for a payment or a refund (recorded as money out), signed for a correction (minus
 *  takes back part of a line typed too large). The date is the day the money moved. */
export const paymentRecordSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  date: isoDateSchema,
  amount: moneySchema.pipe(
    z
      .number()
      .min(-MAX_PAYMENT_AMOUNT, { error: 'The amount is too large' })
      .max(MAX_PAYMENT_AMOUNT, { error: 'The amount is too large' })
      .refine((n) => n !== 0, { error: 'Type an amount other than 0' }),
  ),
  kind: z.enum(RECORDED_PAYMENT_KINDS),
  reference: boundedText(MAX_REFERENCE_LENGTH).optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** One line of a school's payments for an event, as recorded: signed (a refund or a correction
 *  down is below 0), with the day it was received, how, and the reference. */
export const paymentLineSchema = z.object({
  id: idSchema,
  date: isoDateSchema,
  amount: moneySchema,
  method: boundedText(MAX_CHOICE_LENGTH),
  reference: boundedText(MAX_REFERENCE_LENGTH),
  test: z.boolean(),
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

const invoiceLineSchema = z.object({
  description: boundedText(MAX_TEXT_LENGTH),
  quantity: z.number().int().nonnegative(),
  unitAmount: moneySchema,
  amount: moneySchema,
});

/** The invoice: the spec's url, totalEntries and paid, with the totals of docs/decisions.md
 *  (AUD, GST-inclusive, GST component 1/11, outstanding = total - received). */
/** Who issues the tax invoice: the association's organisation for the invoice type (Northern for
 *  NSW, Southern otherwise), as configured (docs/invoices.md), and how it takes payment. */
const supplierSchema = z.object({
  name: boundedText(MAX_TITLE_LENGTH),
  /** 11 digits, as the ABR prints them ('43 617 592 181'). */
  abn: boundedText(MAX_REFERENCE_LENGTH),
  address: boundedText(MAX_TEXT_LENGTH),
  email: boundedText(MAX_TEXT_LENGTH),
  phone: boundedText(MAX_REFERENCE_LENGTH),
  /** BPAY Biller Code; null when the organisation takes no BPAY. */
  bpayBillerCode: boundedText(MAX_REFERENCE_LENGTH).nullable(),
  /** Direct deposit details, when configured. */
  bank: z
    .object({
      accountName: boundedText(MAX_TITLE_LENGTH),
      bsb: boundedText(MAX_REFERENCE_LENGTH),
      accountNumber: boundedText(MAX_REFERENCE_LENGTH),
    })
    .nullable(),
  /** Where cheques are posted (made out to the supplier's name), when configured. */
  chequeAddress: boundedText(MAX_TEXT_LENGTH).nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

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
  /** When it was issued (null for a preview or when there is nothing to invoice). */
  issuedAt: isoDateTimeSchema.nullable(),
  /** Who it is for and how to pay: BPAY with the school's reference (its customer reference number,
   *  '' when it has none with a valid check digit); online for VIC invoices. */
  school: z.object({
    id: idSchema,
    name: boundedText(MAX_TITLE_LENGTH),
    address: z.array(boundedText(MAX_TEXT_LENGTH)),
    bpay: boundedText(MAX_REFERENCE_LENGTH),
  }),
  /** Who issues it. Absent on copies kept before it was sent. */
  supplier: supplierSchema.optional(),
  event: z.object({ id: idSchema, name: boundedText(MAX_TITLE_LENGTH), invoiceType: z.enum(INVOICE_TYPES) }),
  /** Everything owed on the school's invoices for the event (what online payment pays). */
  balanceOutstanding: moneySchema,
  /** Whether the server offers online payment (a payment gateway is set up; offered for VIC
   *  invoices). Absent on copies kept before it was sent. */
  onlinePayment: z.boolean().optional(),
  /** What was received at the test checkout: TEST payments, no money received. */
  testReceived: moneySchema.optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
