// Invoices, payments and the online payment start (spec section 7). The {accounting} segment is
// 'xero' (docs/decisions.md).
import { ADMINS, OFFICE, SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { MAX_BATCH_ROWS, MAX_URL_LENGTH } from '../../constants/limits';
import { boundedText, idSchema, moneySchema, queryBool, schoolEventParamsSchema } from '../common';
import {
  invoiceSchema,
  paymentLineSchema,
  paymentRecordSchema,
  paymentRowSchema,
  paymentUpdateSchema,
} from '../entities/payment';
import { defineRoute } from '../route';

/** ?append=true asks for the supplementary invoice (/invoice/append/...): entries added after
 *  the school's last paid invoice. */
const invoiceQuerySchema = z.object({ append: queryBool.optional() });

const paymentReceivedSchema = z.object({ paymentReceived: moneySchema, paid: z.boolean() });

/** POST /api/transaction: the spec spells these three in lowercase. */
export const transactionBodySchema = z.object({
  schoolId: idSchema,
  eventId: idSchema,
  outstanding: moneySchema.pipe(z.number().positive()),
});
/** The app sends the browser to url (the gateway's hosted checkout). */
const transactionResponseSchema = z.object({ url: boundedText(MAX_URL_LENGTH) });

/** The only words the payment return puts in `#/invoice?result=` (the gateway's outcome in the
 *  spec's words): paid, paid at the test checkout, declined, or left without paying. The app shows
 *  its own message for each and nothing of any other value, which anyone can type into a link. */
export const PAYMENT_RETURN_RESULTS = {
  paid: 'PAID',
  paidTest: 'PAID (TEST mode)',
  declined: 'DECLINED',
  cancelled: 'CANCELLED',
} as const;
export const paymentReturnResultSchema = z.enum(Object.values(PAYMENT_RETURN_RESULTS) as [string, ...string[]]);

const paymentsQuerySchema = z.object({ EventId: idSchema.optional() });
const paymentsBodySchema = z.object({ payments: z.array(paymentUpdateSchema).max(MAX_BATCH_ROWS) });

export const paymentsApi = {
  invoice: defineRoute({
    method: 'GET',
    url: '/api/invoice/xero/:SchoolId/:EventId',
    access: SCHOOL_READERS,
    params: schoolEventParamsSchema,
    querystring: invoiceQuerySchema,
    response: invoiceSchema,
  }),
  paymentReceived: defineRoute({
    method: 'GET',
    url: '/api/payment/xero/:SchoolId/:EventId',
    access: SCHOOL_READERS,
    params: schoolEventParamsSchema,
    response: paymentReceivedSchema,
  }),
  startTransaction: defineRoute({
    method: 'POST',
    url: '/api/transaction',
    access: SCHOOL_EDITORS,
    body: transactionBodySchema,
    response: transactionResponseSchema,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/payment',
    access: OFFICE,
    querystring: paymentsQuerySchema,
    response: z.array(paymentRowSchema),
  }),
  save: defineRoute({
    method: 'PUT',
    url: '/api/payment',
    access: ADMINS,
    body: paymentsBodySchema,
    response: z.array(paymentRowSchema),
  }),
  /** A school's payment lines for an event, oldest first (the running total is derived). */
  lines: defineRoute({
    method: 'GET',
    url: '/api/v2/payments/:SchoolId/:EventId',
    access: OFFICE,
    params: schoolEventParamsSchema,
    response: z.array(paymentLineSchema),
  }),
  /** Records one line; answers the school's lines. */
  record: defineRoute({
    method: 'POST',
    url: '/api/v2/payments',
    access: ADMINS,
    body: paymentRecordSchema,
    response: z.array(paymentLineSchema),
  }),
};
