// Copies our invoices and payments to the accounting provider (docs/accounting.md 'Pushing').
// Best effort: our own rows are the record. A provider that cannot be reached is logged (warn) and
// the push is simply not done; anything else is logged as an error; neither is thrown to the
// caller, whose write has already succeeded. pushPending retries what is still missing (hourly,
// from housekeeping).
//
// - pushInvoice: the school's contact in the invoice's organisation (Northern for the NSW invoice
//   type, Southern otherwise) from school_accounting_contacts, else a new contact (the school's
//   name, the principal's email or else the school login's) linked there; then the invoice by its
//   number, updating the one sent before (accountingInvoiceId). The provider's id is kept on our
//   row, and its url when it answers one: url '' (the built-in ledger) means "our own invoice
//   page", so the row's url stays as it was.
// - pushPayment: against the latest invoice of the payment's school and event (sent first when it
//   has not been), with our payment id as its reference, so a repeat is recognised. A TEST payment
//   (made at the test checkout: no money taken) goes only to the built-in ledger, marked TEST;
//   a real accounting system (Xero) never sees it.
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { accountingRegion } from '../../../src/domain/rules/accounting-region';
import type { Db } from '../../db/client';
import { events, invoices, payments, schoolAccountingContacts, schools, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AccountingUnavailable, type AccountingProvider, type Organisation } from '../../integrations/accounting';
import { australianDate } from '../../../src/domain/rules/australian-date';

export type PushDeps = Pick<Deps, 'db' | 'accounting'>;
/** done: in the accounting system now (or nothing to send); unavailable: the provider could not
 *  be reached; failed: something else went wrong (logged). */
export type PushOutcome = 'done' | 'unavailable' | 'failed';

/** At most this many invoices and as many payments per pushPending run. */
export const PUSH_PENDING_BATCH = 200;

const linesSchema = z.array(z.object({
  description: z.string(),
  quantity: z.number().int().nonnegative(),
  unitAmountCents: z.number().int(),
  amountCents: z.number().int(),
}));

/** Only the built-in ledger keeps TEST payments (marked so); a real accounting system's books hold
 *  money actually received. */
const takesTestPayments = (accounting: AccountingProvider) => accounting.name === 'ledger';

function report(log: FastifyBaseLogger, err: unknown, context: Record<string, unknown>, what: string): PushOutcome {
  if (err instanceof AccountingUnavailable) {
    log.warn({ err, ...context }, `${what}: the accounting system is unavailable; our record stands and is pushed again later`);
    return 'unavailable';
  }
  log.error({ err, ...context }, `${what} failed`);
  return 'failed';
}

/** The school's contact in the organisation: the linked one, else a new one linked now. */
async function contactFor(deps: PushDeps, org: Organisation, schoolId: string): Promise<string> {
  const { db, accounting } = deps;
  const linked = async () => (await db.select({ contactId: schoolAccountingContacts.contactId }).from(schoolAccountingContacts)
    .where(and(eq(schoolAccountingContacts.schoolId, schoolId), eq(schoolAccountingContacts.organisation, org))))[0]?.contactId;
  const known = await linked();
  if (known) return known;
  const [school] = await db.select({ name: schools.name, principalEmail: schools.principalEmail }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new Error(`school ${schoolId} not found`);
  const [login] = await db.select({ email: users.email }).from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, 'school'))).orderBy(asc(users.createdAt)).limit(1);
  const contact = await accounting.createContact(org, { name: school.name, email: school.principalEmail.trim() || login?.email || '' });
  await db.insert(schoolAccountingContacts).values({ schoolId, organisation: org, contactId: contact.contactId }).onConflictDoNothing();
  // Linked meanwhile by an admin or another push: theirs stands.
  return (await linked()) ?? contact.contactId;
}

async function invoiceOutcome(deps: PushDeps, invoiceId: string, log: FastifyBaseLogger): Promise<PushOutcome> {
  const { db, accounting } = deps;
  try {
    const [row] = await db
      .select({
        id: invoices.id, number: invoices.number, lines: invoices.lines, totalCents: invoices.totalCents, schoolId: invoices.schoolId,
        accountingInvoiceId: invoices.accountingInvoiceId, url: invoices.url, invoiceType: events.invoiceType, invoiceDue: events.invoiceDue,
      })
      .from(invoices)
      .innerJoin(events, eq(events.id, invoices.eventId))
      .where(eq(invoices.id, invoiceId));
    if (!row) throw new Error('invoice not found');
    const org = accountingRegion(row.invoiceType);
    const contactId = await contactFor(deps, org, row.schoolId);
    const sent = await accounting.upsertInvoice(org, {
      contactId,
      reference: row.number,
      lines: linesSchema.parse(row.lines),
      totalCents: row.totalCents,
      dueDate: row.invoiceDue,
      invoiceId: row.accountingInvoiceId,
    });
    const url = sent.url || row.url;
    if (sent.invoiceId !== row.accountingInvoiceId || url !== row.url) {
      await db.update(invoices).set({ accountingInvoiceId: sent.invoiceId, url }).where(eq(invoices.id, row.id));
    }
    log.info({ invoiceId, provider: accounting.name, accountingInvoiceId: sent.invoiceId }, 'invoice pushed to the accounting system');
    return 'done';
  } catch (err) {
    return report(log, err, { invoiceId, provider: accounting.name }, 'invoice push');
  }
}

async function paymentOutcome(deps: PushDeps, paymentId: string, log: FastifyBaseLogger): Promise<PushOutcome> {
  const { db, accounting } = deps;
  try {
    const [payment] = await db
      .select({
        id: payments.id, schoolId: payments.schoolId, eventId: payments.eventId, amountCents: payments.amountCents, status: payments.status,
        receivedAt: payments.receivedAt, createdAt: payments.createdAt, accountingPaymentId: payments.accountingPaymentId, invoiceType: events.invoiceType,
        test: payments.test,
      })
      .from(payments)
      .innerJoin(events, eq(events.id, payments.eventId))
      .where(eq(payments.id, paymentId));
    if (!payment) throw new Error('payment not found');
    if (payment.accountingPaymentId) return 'done';
    if (payment.status !== 'received' || payment.amountCents <= 0) {
      log.info({ paymentId, status: payment.status, amountCents: payment.amountCents }, 'payment not pushed: nothing received');
      return 'done';
    }
    if (payment.test && !takesTestPayments(accounting)) {
      log.info({ paymentId, provider: accounting.name }, 'payment not pushed: a TEST payment, no money was received');
      return 'done';
    }
    const latest = () => db.select({ id: invoices.id, accountingInvoiceId: invoices.accountingInvoiceId }).from(invoices)
      .where(and(eq(invoices.schoolId, payment.schoolId), eq(invoices.eventId, payment.eventId)))
      .orderBy(desc(invoices.createdAt), desc(invoices.number)).limit(1);
    let [invoice] = await latest();
    if (!invoice) throw new Error('the school has no invoice for the event to record the payment against');
    if (!invoice.accountingInvoiceId) {
      const pushed = await invoiceOutcome(deps, invoice.id, log);
      if (pushed !== 'done') return pushed;
      [invoice] = await latest();
      if (!invoice?.accountingInvoiceId) return 'failed';
    }
    const org = accountingRegion(payment.invoiceType);
    const recorded = await accounting.recordPayment(org, {
      invoiceId: invoice.accountingInvoiceId,
      amountCents: payment.amountCents,
      date: australianDate(payment.receivedAt ?? payment.createdAt),
      reference: payment.id,
      test: payment.test,
    });
    await db.update(payments).set({ accountingPaymentId: recorded.paymentId }).where(eq(payments.id, payment.id));
    log.info({ paymentId, provider: accounting.name, accountingPaymentId: recorded.paymentId }, 'payment pushed to the accounting system');
    return 'done';
  } catch (err) {
    return report(log, err, { paymentId, provider: accounting.name }, 'payment push');
  }
}

/** Sends our invoice to the accounting provider (creating and linking the school's contact when it
 *  has none there). Never throws. */
export async function pushInvoice(deps: PushDeps, invoiceId: string, log: FastifyBaseLogger): Promise<void> {
  await invoiceOutcome(deps, invoiceId, log);
}

/** Records our received payment in the accounting provider against the school's latest invoice for
 *  the event (sending that invoice first when it has not been). Never throws. */
export async function pushPayment(deps: PushDeps, paymentId: string, log: FastifyBaseLogger): Promise<void> {
  await paymentOutcome(deps, paymentId, log);
}

/** Pushes the invoices not yet in the accounting system, then the received payments not yet in it
 *  (oldest first, PUSH_PENDING_BATCH of each at most); stops at the first sign that the provider
 *  is unavailable. Never throws. Answers how many of each were pushed. */
export async function pushPending(deps: PushDeps, log: FastifyBaseLogger): Promise<{ invoices: number; payments: number; unavailable: boolean }> {
  const done = { invoices: 0, payments: 0, unavailable: false };
  try {
    const db: Db = deps.db;
    const waitingInvoices = await db.select({ id: invoices.id }).from(invoices)
      .where(isNull(invoices.accountingInvoiceId)).orderBy(asc(invoices.createdAt), asc(invoices.number)).limit(PUSH_PENDING_BATCH);
    for (const { id } of waitingInvoices) {
      const outcome = await invoiceOutcome(deps, id, log);
      if (outcome === 'unavailable') return { ...done, unavailable: true };
      if (outcome === 'done') done.invoices += 1;
    }
    const waitingPayments = await db.select({ id: payments.id }).from(payments)
      .where(and(
        isNull(payments.accountingPaymentId), eq(payments.status, 'received'), gt(payments.amountCents, 0),
        takesTestPayments(deps.accounting) ? undefined : eq(payments.test, false),
      ))
      .orderBy(asc(payments.createdAt), asc(payments.id)).limit(PUSH_PENDING_BATCH);
    for (const { id } of waitingPayments) {
      const outcome = await paymentOutcome(deps, id, log);
      if (outcome === 'unavailable') return { ...done, unavailable: true };
      if (outcome === 'done') done.payments += 1;
    }
  } catch (err) {
    log.error({ err }, 'pushing pending invoices and payments failed');
  }
  return done;
}
