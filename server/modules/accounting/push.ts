// Sending one queued item to the accounting provider (docs/accounting.md 'The queue'); the worker
// (worker.ts) decides when, and what a failure means.
//
// - An invoice goes with the school's contact in the invoice's organisation (Northern for the NSW
//   invoice type, Southern otherwise) from school_accounting_contacts, else a new contact (the
//   school's name, the principal's email or else the school login's) linked there; then the
//   invoice with our number, its date of issue, due date and the event as its reference, updating
//   the one sent before (accountingInvoiceId). What was sent is remembered as a digest of the
//   invoice's canonical form (fixed key order: the database hands jsonb keys back in its own
//   order), so an invoice that has not changed is never sent again.
// - A payment goes against the latest invoice of its school and event, once that invoice is in the
//   accounting system, with our payment id as its reference. A TEST payment (made at the test
//   checkout: no money taken) goes only to the built-in ledger, marked TEST. A refund (money paid
//   back, recorded by an admin on the payments grid) goes against the same invoice, for the
//   school's contact: in Xero a credit note refunded from the bank account.
// - An earlier attempt may have been applied with its answer lost: a retry looks the invoice up by
//   its number, and the payment on its invoice by its reference, before sending (the first try
//   needs no look-up: nothing was sent before).
import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountingRegion } from '../../../src/domain/constants/choices';
import { australianDate } from '../../../src/domain/rules/australian-date';
import { canonicalLines } from '../../../src/domain/rules/invoice-plan';
import { REFUND_METHOD } from '../../../src/domain/schemas/entities/payment';
import { accountingQueue, events, invoices, payments, schoolAccountingContacts, schools, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AccountingRefused, type AccountingProvider, type Organisation } from '../../integrations/accounting';
import { enqueue, markSent, park, type QueueItem } from './queue';

export type PushDeps = Pick<Deps, 'db' | 'accounting' | 'now'>;

/** sent: the accounting system holds it as it is now (digest: of what it holds); wait: not yet,
 *  nothing failed (the payment's invoice goes first). */
export type SendOutcome = { kind: 'sent'; digest: string | null } | { kind: 'wait'; why: string };

/** A payment whose invoice is not in the accounting system yet waits this long. */
export const WAIT_FOR_INVOICE_MS = 30_000;

const linesSchema = z.array(
  z.object({
    description: z.string(),
    quantity: z.number().int().nonnegative(),
    unitAmountCents: z.number().int(),
    amountCents: z.number().int(),
  }),
);

/** Only the built-in ledger keeps TEST payments (marked so); a real accounting system's books hold
 *  money actually received. */
export const takesTestPayments = (accounting: AccountingProvider) => accounting.name === 'ledger';

const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The school's contact in the organisation: the linked one, else a new one linked now. */
async function contactFor(deps: PushDeps, org: Organisation, schoolId: string): Promise<string> {
  const { db, accounting } = deps;
  const linked = async () =>
    (
      await db
        .select({ contactId: schoolAccountingContacts.contactId })
        .from(schoolAccountingContacts)
        .where(and(eq(schoolAccountingContacts.schoolId, schoolId), eq(schoolAccountingContacts.organisation, org)))
    )[0]?.contactId;
  const known = await linked();
  if (known) return known;
  const [school] = await db
    .select({ name: schools.name, principalEmail: schools.principalEmail })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw new Error(`school ${schoolId} not found`);
  const [login] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, 'school')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const contact = await accounting.createContact(org, {
    name: school.name,
    email: school.principalEmail.trim() || login?.email || '',
  });
  await db
    .insert(schoolAccountingContacts)
    .values({ schoolId, organisation: org, contactId: contact.contactId })
    .onConflictDoNothing();
  // Linked meanwhile by an admin or another push: theirs stands.
  return (await linked()) ?? contact.contactId;
}

export async function sendInvoice(deps: PushDeps, item: QueueItem): Promise<SendOutcome> {
  const { db, accounting } = deps;
  const [row] = await db
    .select({
      number: invoices.number,
      lines: invoices.lines,
      totalCents: invoices.totalCents,
      schoolId: invoices.schoolId,
      createdAt: invoices.createdAt,
      accountingInvoiceId: invoices.accountingInvoiceId,
      url: invoices.url,
      event: events.name,
      invoiceDue: events.invoiceDue,
    })
    .from(invoices)
    .innerJoin(events, eq(events.id, invoices.eventId))
    .where(eq(invoices.id, item.subjectId));
  // Gone with its school or event: nothing left to send.
  if (!row) return { kind: 'sent', digest: null };
  const org = item.organisation as AccountingRegion;
  const content = {
    number: row.number,
    reference: row.event,
    date: australianDate(row.createdAt),
    dueDate: row.invoiceDue,
    lines: canonicalLines(linesSchema.parse(row.lines)),
    totalCents: row.totalCents,
  };
  const digest = digestOf([org, content]);
  if (row.accountingInvoiceId && item.sentDigest === digest) return { kind: 'sent', digest };
  const contactId = await contactFor(deps, org, row.schoolId);
  const knownUrl = /^https?:/.test(row.url);
  const sent = await accounting.upsertInvoice(org, {
    // Tried before, or sent before and its id since lost: it may be in the accounting system already.
    ...content,
    contactId,
    invoiceId: row.accountingInvoiceId,
    lookUp: !row.accountingInvoiceId && (item.attempts > 0 || item.sentDigest !== null),
    wantUrl: !knownUrl,
  });
  // url '' (the built-in ledger, or not asked): the row keeps the url it has.
  const url = sent.url || row.url;
  if (sent.invoiceId !== row.accountingInvoiceId || url !== row.url) {
    await db.update(invoices).set({ accountingInvoiceId: sent.invoiceId, url }).where(eq(invoices.id, item.subjectId));
  }
  return { kind: 'sent', digest };
}

export async function sendPayment(deps: PushDeps, item: QueueItem): Promise<SendOutcome> {
  const { db, accounting } = deps;
  const [payment] = await db
    .select({
      id: payments.id,
      schoolId: payments.schoolId,
      eventId: payments.eventId,
      amountCents: payments.amountCents,
      status: payments.status,
      receivedAt: payments.receivedAt,
      createdAt: payments.createdAt,
      accountingPaymentId: payments.accountingPaymentId,
      invoiceType: events.invoiceType,
      test: payments.test,
      method: payments.method,
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .where(eq(payments.id, item.subjectId));
  if (!payment || payment.accountingPaymentId) return { kind: 'sent', digest: null };
  const refund = payment.method === REFUND_METHOD && payment.amountCents < 0;
  // Nothing received (a correction moved no money), or a TEST payment a real accounting system never sees.
  if (payment.status !== 'received' || (payment.amountCents <= 0 && !refund)) return { kind: 'sent', digest: null };
  if (payment.test && !takesTestPayments(accounting)) return { kind: 'sent', digest: null };
  const [invoice] = await db
    .select({ id: invoices.id, number: invoices.number, accountingInvoiceId: invoices.accountingInvoiceId })
    .from(invoices)
    .where(and(eq(invoices.schoolId, payment.schoolId), eq(invoices.eventId, payment.eventId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(1);
  if (!invoice) throw new Error('the school has no invoice for the event to record the payment against');
  const accountingInvoiceId =
    invoice.accountingInvoiceId ?? (await sendInvoiceFirst(deps, invoice.id, payment.invoiceType));
  if (!accountingInvoiceId) return { kind: 'wait', why: 'its invoice is not in the accounting system yet' };
  const org = item.organisation as Organisation;
  const date = australianDate(payment.receivedAt ?? payment.createdAt);
  const recorded = refund
    ? await accounting.recordRefund(org, {
        invoiceId: accountingInvoiceId,
        contactId: await contactFor(deps, org, payment.schoolId),
        invoiceNumber: invoice.number,
        amountCents: -payment.amountCents,
        date,
        reference: payment.id,
        lookUp: item.attempts > 0,
      })
    : await accounting.recordPayment(org, {
        invoiceId: accountingInvoiceId,
        amountCents: payment.amountCents,
        date,
        reference: payment.id,
        test: payment.test,
        lookUp: item.attempts > 0,
      });
  await db.update(payments).set({ accountingPaymentId: recorded.paymentId }).where(eq(payments.id, payment.id));
  return { kind: 'sent', digest: null };
}

/** The payment's invoice goes first (queued, if a crash lost that): answers its id in the
 *  accounting system, or null while it is not there (refused and parked: the payment waits). */
async function sendInvoiceFirst(deps: PushDeps, invoiceId: string, invoiceType: string): Promise<string | null> {
  const row = () =>
    deps.db
      .select()
      .from(accountingQueue)
      .where(and(eq(accountingQueue.kind, 'invoice'), eq(accountingQueue.subjectId, invoiceId)));
  let [item] = await row();
  if (!item) {
    await enqueue(deps.db, 'invoice', invoiceId, invoiceType, deps.now());
    [item] = await row();
  }
  if (!item || item.state === 'parked') return null;
  try {
    const sent = await sendInvoice(deps, item);
    if (sent.kind === 'sent') await markSent(deps.db, item, sent.digest, deps.now());
  } catch (err) {
    if (!(err instanceof AccountingRefused)) throw err;
    await park(deps.db, item, err.reason, deps.now());
    return null;
  }
  const [invoice] = await deps.db
    .select({ accountingInvoiceId: invoices.accountingInvoiceId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return invoice?.accountingInvoiceId ?? null;
}
