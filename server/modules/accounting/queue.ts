// The accounting queue's rows (server/db/schema/accounting.ts; docs/accounting.md 'The queue'):
// what is still to be copied to the accounting system. A write that changes an invoice or records
// a payment queues it, in its own transaction where it can, so nothing is forgotten by a crash
// between the two; queueMissing finds anything a write could not queue (rows from before the
// queue, a payment recorded by a path that queues after its commit). The worker (worker.ts) sends.
import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { ACCOUNTING_REGIONS, type AccountingRegion } from '../../../src/domain/constants/choices';
import { accountingRegion } from '../../../src/domain/rules/accounting-region';
import type { Db, Tx } from '../../db/client';
import { accountingOrganisations, accountingQueue, events, invoices, payments, schools } from '../../db/schema';

export type QueueKind = 'invoice' | 'payment';
export type QueueItem = typeof accountingQueue.$inferSelect;

/** How long a worker holds the items it took before another may take them (it died meanwhile). */
const CLAIM_LEASE_MS = 5 * 60_000;

/** The organisation of an event's invoice type, in SQL (Northern for NSW, Southern otherwise). */
const organisationOf = sql<AccountingRegion>`case when ${events.invoiceType} = 'NSW' then 'Northern' else 'Southern' end`;

/** Queues (again) an invoice or payment: a changed invoice waits to be sent again, and one the
 *  accounting system refused is tried again with its new content. */
export async function enqueue(
  db: Db | Tx,
  kind: QueueKind,
  subjectId: string,
  invoiceType: string,
  now: Date,
): Promise<void> {
  await db
    .insert(accountingQueue)
    .values({
      kind,
      subjectId,
      organisation: accountingRegion(invoiceType),
      nextTryAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [accountingQueue.kind, accountingQueue.subjectId],
      set: { state: 'waiting', attempts: 0, nextTryAt: now, lastError: null, updatedAt: now },
    });
}

/** Queues the invoices never sent and the received payments never recorded in the accounting
 *  system that have no row yet (TEST payments only for a provider that keeps them). */
export async function queueMissing(db: Db, now: Date, takesTestPayments: boolean): Promise<number> {
  const queued = db.select({ id: accountingQueue.subjectId }).from(accountingQueue);
  const newInvoices = await db
    .insert(accountingQueue)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          kind: sql`'invoice'`.as('kind'),
          subjectId: invoices.id,
          organisation: organisationOf.as('organisation'),
          state: sql`'waiting'`.as('state'),
          attempts: sql`0`.as('attempts'),
          nextTryAt: sql`${now}`.as('next_try_at'),
          lastError: sql`null`.as('last_error'),
          sentDigest: sql`null`.as('sent_digest'),
          createdAt: sql`${now}`.as('created_at'),
          updatedAt: sql`${now}`.as('updated_at'),
        })
        .from(invoices)
        .innerJoin(events, eq(events.id, invoices.eventId))
        .where(and(isNull(invoices.accountingInvoiceId), sql`${invoices.id} not in ${queued}`)),
    )
    .onConflictDoNothing()
    .returning({ id: accountingQueue.id });
  const newPayments = await db
    .insert(accountingQueue)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          kind: sql`'payment'`.as('kind'),
          subjectId: payments.id,
          organisation: organisationOf.as('organisation'),
          state: sql`'waiting'`.as('state'),
          attempts: sql`0`.as('attempts'),
          nextTryAt: sql`${now}`.as('next_try_at'),
          lastError: sql`null`.as('last_error'),
          sentDigest: sql`null`.as('sent_digest'),
          createdAt: sql`${now}`.as('created_at'),
          updatedAt: sql`${now}`.as('updated_at'),
        })
        .from(payments)
        .innerJoin(events, eq(events.id, payments.eventId))
        .where(
          and(
            isNull(payments.accountingPaymentId),
            eq(payments.status, 'received'),
            sql`(${payments.amountCents} > 0 or ${payments.method} = 'refund')`,
            takesTestPayments ? undefined : eq(payments.test, false),
            sql`${payments.id} not in ${queued}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: accountingQueue.id });
  return newInvoices.length + newPayments.length;
}

/**
 * Takes up to `limit` items that are due, invoices before payments (a payment is recorded against
 * its invoice), oldest first, leasing them so that another worker (another server on the same
 * database) leaves them alone; a worker that dies lets its lease run out.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<QueueItem[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: accountingQueue.id })
      .from(accountingQueue)
      .where(and(eq(accountingQueue.state, 'waiting'), lte(accountingQueue.nextTryAt, now)))
      .orderBy(sql`${accountingQueue.kind} = 'payment'`, asc(accountingQueue.createdAt), asc(accountingQueue.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(accountingQueue)
      .set({ nextTryAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        inArray(
          accountingQueue.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.sort(
      (a, b) =>
        Number(a.kind === 'payment') - Number(b.kind === 'payment') || a.createdAt.getTime() - b.createdAt.getTime(),
    );
  });
}

/** Sent: the accounting system holds it as it is now. */
export async function markSent(db: Db, item: QueueItem, digest: string | null, now: Date): Promise<void> {
  await db
    .update(accountingQueue)
    .set({ state: 'sent', attempts: 0, lastError: null, sentDigest: digest, nextTryAt: now, updatedAt: now })
    // Queued again while it was being sent (the invoice changed): it stays waiting.
    .where(and(eq(accountingQueue.id, item.id), eq(accountingQueue.updatedAt, item.updatedAt)));
}

/** Refused by the accounting system: parked with its reason until an admin sends it again. */
export async function park(db: Db, item: QueueItem, reason: string, now: Date): Promise<void> {
  await db
    .update(accountingQueue)
    .set({ state: 'parked', attempts: item.attempts + 1, lastError: reason, updatedAt: now })
    .where(and(eq(accountingQueue.id, item.id), eq(accountingQueue.updatedAt, item.updatedAt)));
}

/** Put back to be tried at `at`: counted as an attempt when it failed, not when it only waits
 *  (a paused organisation, an invoice to send first). */
export async function retryLater(db: Db, item: QueueItem, at: Date, failure: string | null): Promise<void> {
  await db
    .update(accountingQueue)
    .set({
      nextTryAt: at,
      ...(failure === null ? {} : { attempts: item.attempts + 1, lastError: failure }),
    })
    .where(and(eq(accountingQueue.id, item.id), eq(accountingQueue.updatedAt, item.updatedAt)));
}

/** An admin sends a parked item again: answers false when there is no such parked item. */
export async function unpark(db: Db | Tx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountingQueue)
    .set({ state: 'waiting', nextTryAt: now, updatedAt: now })
    .where(and(eq(accountingQueue.id, id), eq(accountingQueue.state, 'parked')))
    .returning({ id: accountingQueue.id });
  return rows.length > 0;
}

/** Pauses an organisation (its rate limit) until `until`, saying why. */
export async function pauseOrganisation(db: Db, org: AccountingRegion, until: Date, reason: string): Promise<void> {
  await db
    .insert(accountingOrganisations)
    .values({ organisation: org, pausedUntil: until, pauseReason: reason })
    .onConflictDoUpdate({
      target: accountingOrganisations.organisation,
      set: { pausedUntil: until, pauseReason: reason },
    });
}

export async function organisationStates(
  db: Db | Tx,
): Promise<Map<AccountingRegion, typeof accountingOrganisations.$inferSelect>> {
  const rows = await db.select().from(accountingOrganisations);
  return new Map(
    rows
      .filter((r) => (ACCOUNTING_REGIONS as readonly string[]).includes(r.organisation))
      .map((r) => [r.organisation as AccountingRegion, r]),
  );
}

export async function setPaymentsReadAt(db: Db, org: AccountingRegion, at: Date): Promise<void> {
  await db
    .insert(accountingOrganisations)
    .values({ organisation: org, paymentsReadAt: at })
    .onConflictDoUpdate({ target: accountingOrganisations.organisation, set: { paymentsReadAt: at } });
}

/** What the accounting screen shows of the queue: how many wait, each parked item with what it is
 *  and why it was refused, and any pause. */
export async function queueView(db: Db | Tx, now: Date) {
  const [waiting] = await db.select({ n: count() }).from(accountingQueue).where(eq(accountingQueue.state, 'waiting'));
  const parked = await db
    .select({
      id: accountingQueue.id,
      kind: accountingQueue.kind,
      organisation: accountingQueue.organisation,
      reason: accountingQueue.lastError,
      attempts: accountingQueue.attempts,
      since: accountingQueue.updatedAt,
      invoiceNumber: invoices.number,
      invoiceSchool: sql<
        string | null
      >`(select ${schools.name} from ${schools} where ${schools.id} = ${invoices.schoolId})`,
      paymentCents: payments.amountCents,
      paymentSchool: sql<
        string | null
      >`(select ${schools.name} from ${schools} where ${schools.id} = ${payments.schoolId})`,
    })
    .from(accountingQueue)
    .leftJoin(invoices, and(eq(accountingQueue.kind, 'invoice'), eq(invoices.id, accountingQueue.subjectId)))
    .leftJoin(payments, and(eq(accountingQueue.kind, 'payment'), eq(payments.id, accountingQueue.subjectId)))
    .where(eq(accountingQueue.state, 'parked'))
    .orderBy(asc(accountingQueue.updatedAt), asc(accountingQueue.id));
  const pauses = [...(await organisationStates(db)).values()]
    .filter((o) => o.pausedUntil && o.pausedUntil > now)
    .map((o) => ({
      organisation: o.organisation as AccountingRegion,
      until: o.pausedUntil!.toISOString(),
      reason: o.pauseReason ?? '',
    }));
  return { waiting: waiting?.n ?? 0, parked, pauses };
}

/** Queues payments just recorded (after their write committed; queueMissing finds any a crash
 *  lost in between). */
export async function queuePayments(db: Db | Tx, paymentIds: readonly string[], now: Date): Promise<void> {
  if (paymentIds.length === 0) return;
  const rows = await db
    .select({ id: payments.id, invoiceType: events.invoiceType })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .where(inArray(payments.id, [...paymentIds]));
  for (const row of rows) await enqueue(db, 'payment', row.id, row.invoiceType, now);
}
