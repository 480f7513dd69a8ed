// Schools: profile, registration, deletion, lists, BPAY and the accounting sync (spec section 7).
import { ADMINS, OFFICE, SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { ACCOUNTING_REGIONS } from '../../constants/choices';
import {
  EXTERNAL_ID_PATTERN,
  MAX_BATCH_ROWS,
  MAX_REFERENCE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../constants/limits';
import {
  boundedText,
  idParamsSchema,
  idSchema,
  isoDateTimeSchema,
  errResponseSchema,
  messageResponseSchema,
  stateIdSchema,
  versioned,
} from '../common';
import {
  schoolBpaySchema,
  schoolListItemSchema,
  schoolProfileSchema,
  schoolRegistrationSchema,
  schoolSchema,
} from '../entities/school';
import { defineRoute } from '../route';

const schoolIdParamsSchema = z.object({ SchoolId: idSchema });
const schoolProfileBodySchema = z.object({ school: schoolProfileSchema });
export const schoolRegistrationBodySchema = z.object({ school: schoolRegistrationSchema });
const schoolListQuerySchema = z.object({ EventId: idSchema.optional() });

const bpayBodySchema = z.object({
  schools: z
    .array(z.object({ id: idSchema, bpay: z.string().trim().max(MAX_REFERENCE_LENGTH), ...versioned }))
    .max(MAX_BATCH_ROWS),
});

const invoiceTypeParamsSchema = z.object({ invoiceType: z.enum(['nsw', 'vic']) });

/** Accounting sync: our schools (with the contact they are linked to, if any) and the
 *  accounting contacts not linked to any school. */
const contactIdSchema = z.string().regex(EXTERNAL_ID_PATTERN);
const name = boundedText(MAX_TITLE_LENGTH);
const accountingSyncSchema = z.object({
  entrySystemSchools: z.array(
    z.object({
      id: idSchema,
      name,
      StateId: stateIdSchema.nullable(),
      contactId: boundedText(MAX_REFERENCE_LENGTH).nullable(),
    }),
  ),
  xeroMissing: z.array(z.object({ contactId: boundedText(MAX_REFERENCE_LENGTH), name })),
});
export type AccountingSync = z.infer<typeof accountingSyncSchema>;
const accountingJoinBodySchema = z.object({ schoolId: idSchema, contactId: contactIdSchema });

/** The copies to the accounting system still to make (docs/accounting.md 'The queue'): how many
 *  wait, each one the accounting system refused with its reason, and the organisations paused by
 *  its rate limits. */
const accountingQueueSchema = z.object({
  waiting: z.number().int().nonnegative(),
  parked: z.array(
    z.object({
      id: idSchema,
      kind: z.enum(['invoice', 'payment']),
      organisation: z.enum(ACCOUNTING_REGIONS),
      /** What it is: 'Invoice INV-000012 of Alpine College', 'Payment of $120.00 from Alpine College'. */
      what: boundedText(MAX_TEXT_LENGTH),
      reason: boundedText(MAX_TEXT_LENGTH),
      attempts: z.number().int().nonnegative(),
      since: isoDateTimeSchema,
    }),
  ),
  pauses: z.array(
    z.object({
      organisation: z.enum(ACCOUNTING_REGIONS),
      until: isoDateTimeSchema,
      reason: boundedText(MAX_TEXT_LENGTH),
    }),
  ),
});
export type AccountingQueue = z.infer<typeof accountingQueueSchema>;

export const schoolsApi = {
  get: defineRoute({
    method: 'GET',
    url: '/api/school/:SchoolId',
    access: SCHOOL_READERS,
    params: schoolIdParamsSchema,
    response: schoolSchema,
  }),
  own: defineRoute({ method: 'GET', url: '/api/school', access: SCHOOL_EDITORS, response: schoolSchema }),
  /** Answers { message } on success or { err } with the reason (spec section 4); ours also
   *  carries the saved school, so the device's copy takes its new version at once. */
  saveProfile: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/school',
    access: SCHOOL_EDITORS,
    body: schoolProfileBodySchema,
    response: z.union([messageResponseSchema.extend({ school: schoolSchema.optional() }), errResponseSchema]),
  }),
  /** Public. Failure is an error body whose message is shown (the spec's data.message). */
  register: defineRoute({
    method: 'POST',
    url: '/api/schools',
    access: 'public',
    body: schoolRegistrationBodySchema,
    response: messageResponseSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/school/:id',
    access: ADMINS,
    params: idParamsSchema,
    response: messageResponseSchema,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/school/list',
    access: ADMINS,
    querystring: schoolListQuerySchema,
    response: z.array(schoolListItemSchema),
  }),
  bpay: defineRoute({
    method: 'GET',
    url: '/api/school/bpay',
    access: OFFICE,
    response: z.array(schoolBpaySchema),
  }),
  saveBpay: defineRoute({
    method: 'PUT',
    url: '/api/schools/bpay',
    access: ADMINS,
    body: bpayBodySchema,
    response: z.array(schoolBpaySchema),
  }),
  accountingSync: defineRoute({
    method: 'GET',
    url: '/api/schools/sync-with-xero/:invoiceType',
    access: ADMINS,
    params: invoiceTypeParamsSchema,
    response: accountingSyncSchema,
  }),
  accountingQueue: defineRoute({
    method: 'GET',
    url: '/api/accounting/queue',
    access: ADMINS,
    response: accountingQueueSchema,
  }),
  /** Sends a parked item again (after the admin fixed what the accounting system refused). */
  accountingRetry: defineRoute({
    method: 'POST',
    url: '/api/accounting/queue/:id/retry',
    access: ADMINS,
    params: idParamsSchema,
    response: accountingQueueSchema,
  }),
  accountingJoin: defineRoute({
    method: 'POST',
    url: '/api/schools/xero-join/:invoiceType',
    access: ADMINS,
    params: invoiceTypeParamsSchema,
    body: accountingJoinBodySchema,
    response: messageResponseSchema,
  }),
};
