// The accounting queue as tests drive it: what the worker does in the background (server/modules/
// accounting/worker.ts), run at once and awaited, so a test looks at the accounting system after.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { accountingQueue, events, invoices, payments } from '../../../server/db/schema';
import type { PushDeps } from '../../../server/modules/accounting/push';
import { enqueue, type QueueKind } from '../../../server/modules/accounting/queue';
import { catchUp, drainQueue } from '../../../server/modules/accounting/worker';
import type { TestApp } from './test-app';

/** Everything the worker would do now: queue what is missing, send what is due, read payments back. */
export async function settleAccounting(t: TestApp): Promise<void> {
  await catchUp(t.deps, t.app.log);
}

async function queue(deps: PushDeps, kind: QueueKind, id: string): Promise<void> {
  const table = kind === 'invoice' ? invoices : payments;
  const [row] = await deps.db
    .select({ invoiceType: events.invoiceType })
    .from(table)
    .innerJoin(events, eq(events.id, table.eventId))
    .where(eq(table.id, id));
  await enqueue(deps.db, kind, id, row!.invoiceType, deps.now());
}

/** Queues the invoice (as its write does) and lets the worker send what is due. */
export async function pushInvoice(deps: PushDeps, invoiceId: string, log: FastifyBaseLogger) {
  await queue(deps, 'invoice', invoiceId);
  return drainQueue(deps, log);
}

/** Queues the payment (as its write does) and lets the worker send what is due. */
export async function pushPayment(deps: PushDeps, paymentId: string, log: FastifyBaseLogger) {
  await queue(deps, 'payment', paymentId);
  return drainQueue(deps, log);
}

/** The queue row of an invoice or payment. */
export async function queued(deps: PushDeps, kind: QueueKind, subjectId: string) {
  return (
    await deps.db
      .select()
      .from(accountingQueue)
      .where(and(eq(accountingQueue.kind, kind), eq(accountingQueue.subjectId, subjectId)))
  )[0];
}
