// The shapes of Xero's answers, as much of them as we read (docs/accounting.md 'The Xero
// conversation'): every answer is checked against one of these, so an answer we cannot read is
// AccountingUnavailable, never a half-read invoice or payment stored as sent.
import { z } from 'zod';
import { EXTERNAL_ID_PATTERN, MAX_URL_LENGTH } from '../../../src/domain/constants/limits';
import { AccountingRefused } from './index';

const xeroId = z.string().regex(EXTERNAL_ID_PATTERN);
const validationErrors = z.array(z.object({ Message: z.string().optional() }).loose()).optional();

export const tokenAnswer = z.object({ access_token: z.string().min(1).max(8192), expires_in: z.number().positive() });
export const contactsAnswer = z.object({
  Contacts: z.array(
    z.object({
      ContactID: xeroId,
      Name: z.string(),
      EmailAddress: z.string().nullish(),
      ContactStatus: z.string().nullish(),
    }),
  ),
  pagination: z.object({ pageCount: z.number().int().nonnegative() }).optional(),
});
export const createdContactAnswer = z.object({
  Contacts: z
    .array(
      z.object({
        ContactID: xeroId,
        Name: z.string(),
        EmailAddress: z.string().nullish(),
        HasValidationErrors: z.boolean().optional(),
        ValidationErrors: validationErrors,
      }),
    )
    .length(1),
});
export const invoicesAnswer = z.object({
  Invoices: z.array(
    z.object({
      InvoiceID: xeroId,
      InvoiceNumber: z.string().nullish(),
      Reference: z.string().nullish(),
      Status: z.string().nullish(),
      HasValidationErrors: z.boolean().optional(),
      ValidationErrors: validationErrors,
      Payments: z.array(z.object({ PaymentID: xeroId, Reference: z.string().nullish() })).nullish(),
    }),
  ),
});
export const onlineInvoiceAnswer = z.object({
  OnlineInvoices: z.array(z.object({ OnlineInvoiceUrl: z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH) })).min(1),
});
export const paymentsAnswer = z.object({
  Payments: z
    .array(
      z.object({ PaymentID: xeroId, HasValidationErrors: z.boolean().optional(), ValidationErrors: validationErrors }),
    )
    .length(1),
});
export const creditNotesAnswer = z.object({
  CreditNotes: z.array(
    z.object({
      CreditNoteID: xeroId,
      Reference: z.string().nullish(),
      HasValidationErrors: z.boolean().optional(),
      ValidationErrors: validationErrors,
      Payments: z.array(z.object({ PaymentID: xeroId, Reference: z.string().nullish() })).nullish(),
    }),
  ),
});
/** Xero's JSON dates: '/Date(1781827200000+0000)/'. */
const xeroDate = z
  .string()
  .regex(/^\/Date\((-?\d+)([+-]\d{4})?\)\/$/)
  .transform((d) => new Date(Number(/-?\d+/.exec(d)![0])));
export const paymentListAnswer = z.object({
  Payments: z.array(
    z
      .object({
        PaymentID: xeroId,
        Date: xeroDate,
        Amount: z.number(),
        Reference: z.string().nullish(),
        Status: z.string().nullish(),
        PaymentType: z.string().nullish(),
        Invoice: z.object({ InvoiceID: xeroId }).loose().nullish(),
      })
      .loose(),
  ),
});
/** Xero's error body (400): the first validation message says what it refused. */
const errorAnswer = z
  .object({
    Message: z.string().optional(),
    Detail: z.string().optional(),
    Elements: z.array(z.object({ ValidationErrors: validationErrors }).loose()).optional(),
  })
  .loose();

function firstValidationMessage(errors: z.infer<typeof validationErrors>): string | undefined {
  return errors?.find((e) => e.Message)?.Message;
}

/** Xero's reason for refusing a 400, when its body says one. */
export function errorDetail(text: string): string | undefined {
  const parsed = errorAnswer.safeParse(
    (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success) return undefined;
  return (
    parsed.data.Elements?.map((e) => firstValidationMessage(e.ValidationErrors)).find(Boolean) ??
    parsed.data.Message ??
    parsed.data.Detail
  );
}

export function refused(what: string, message: string | undefined): AccountingRefused {
  const reason = message?.slice(0, 300) ?? 'Xero refused it without saying why';
  return new AccountingRefused(`${what}: refused by Xero (${reason})`, reason);
}

/** Xero answers 200 with the item refused inside it (HasValidationErrors): that item is parked,
 *  as a 400 would be. */
export function refuseInvalid(
  what: string,
  item: { HasValidationErrors?: boolean; ValidationErrors?: z.infer<typeof validationErrors> },
): void {
  if (item.HasValidationErrors) throw refused(what, firstValidationMessage(item.ValidationErrors));
}
