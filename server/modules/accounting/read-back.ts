// Payments made in the accounting system (a school paying Xero's online invoice by card, or a
// treasurer reconciling a bank deposit there) come back to us, so the school's invoice and the
// payments grid show them. Each organisation is asked only for what changed since its last read
// (If-Modified-Since, less a few minutes for clocks that disagree); a payment is recorded once
// (the unique index on payments.accounting_payment_id), and never one of ours sent there (its
// reference is our payment id) or one on an invoice that is not ours.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNTING_REGIONS } from '../../../src/domain/constants/choices';
import { invoices, payments } from '../../db/schema';
import { AccountingUnavailable } from '../../integrations/accounting';
import { organisationStates, setPaymentsReadAt } from './queue';
import type { PushDeps } from './push';

/** Read again from a little before the last read: a payment saved while we asked is not missed. */
const READ_OVERLAP_MS = 5 * 60_000;
/** The method of a payment recorded from the accounting system. */
const ACCOUNTING_PAYMENT_METHOD = 'accounting';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Answers how many payments were recorded. Never throws. */
export async function readBackPayments(deps: PushDeps, log: FastifyBaseLogger): Promise<number> {
  const { db, accounting } = deps;
  let recorded = 0;
  const states = await organisationStates(db).catch(() => new Map());
  for (const org of ACCOUNTING_REGIONS) {
    const state = states.get(org);
    const startedAt = deps.now();
    if (state?.pausedUntil && state.pausedUntil > startedAt) continue;
    try {
      const since = state?.paymentsReadAt ? new Date(state.paymentsReadAt.getTime() - READ_OVERLAP_MS) : null;
      const found = await accounting.paymentsSince(org, since);
      if (found.length) recorded += await record(deps, found);
      await setPaymentsReadAt(db, org, startedAt);
    } catch (err) {
      if (err instanceof AccountingUnavailable)
        log.warn(
          { err, organisation: org },
          'payments could not be read back from the accounting system; tried again later',
        );
      else log.error({ err, organisation: org }, 'reading payments back from the accounting system failed');
    }
  }
  return recorded;
}

async function record(
  deps: PushDeps,
  found: Awaited<ReturnType<PushDeps['accounting']['paymentsSince']>>,
): Promise<number> {
  const { db } = deps;
  const ours = await db
    .select({
      id: invoices.id,
      accountingInvoiceId: invoices.accountingInvoiceId,
      schoolId: invoices.schoolId,
      eventId: invoices.eventId,
    })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.accountingInvoiceId),
        inArray(invoices.accountingInvoiceId, [...new Set(found.map((p) => p.invoiceId))]),
      ),
    );
  const invoiceOf = new Map(ours.map((i) => [i.accountingInvoiceId!, i]));
  const references = found.map((p) => p.reference).filter((r) => UUID.test(r));
  const sentByUs = new Set(
    references.length
      ? (await db.select({ id: payments.id }).from(payments).where(inArray(payments.id, references))).map((p) => p.id)
      : [],
  );
  const fresh = found.filter((p) => invoiceOf.has(p.invoiceId) && !sentByUs.has(p.reference) && p.amountCents > 0);
  if (fresh.length === 0) return 0;
  const rows = await db
    .insert(payments)
    .values(
      fresh.map((p) => {
        const invoice = invoiceOf.get(p.invoiceId)!;
        return {
          schoolId: invoice.schoolId,
          eventId: invoice.eventId,
          amountCents: p.amountCents,
          method: ACCOUNTING_PAYMENT_METHOD,
          reference: p.reference || p.paymentId,
          status: 'received',
          receivedAt: new Date(`${p.date}T00:00:00+10:00`),
          accountingPaymentId: p.paymentId,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return rows.length;
}
