// Invoices are issued and kept in step by writes and by background work, never by reading a page
// (a GET writes nothing: an auditor's read must not issue invoices or call the accounting system).
//
// - reconcileInvoices: issues or updates a school's invoice for an event as the plan says
//   (invoices.ts issueInvoices), queueing what was written for the accounting system in the same
//   transaction; the accounting worker (modules/accounting/worker.ts) sends it in the background,
//   so a provider that is slow or down never holds up the write that caused it.
// - reconcileAfterWrite: a route's onSend hook, so the write paths that change a school's entries
//   or an event's fees or release date (teams, team entries, participants archived, the new-season
//   carry-over, events) reconcile after their transaction has committed. A refused write or a
//   replayed one (idempotent-replay) reconciles nothing.
// - sweepMoney: the background sweep (housekeeping.ts, every few minutes): records payments made
//   at the gateway whose payer never came back, and issues the invoices that became available
//   with time (an event's invoiceAvailable date passing changes no row) or that a write missed.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { invoiceAvailable } from '../../../src/domain/rules/invoice-availability';
import { events, invoices, schools, teamEntries } from '../../db/schema';
import type { Deps } from '../../deps';
import { kickAccounting } from '../accounting';
import { issueInvoices } from './invoices';
import { settleRecentCheckouts } from './online-payment';

export type ReconcileDeps = Pick<Deps, 'db' | 'accounting' | 'now'>;
export type SchoolEvent = { schoolId: string; eventId: string };
type Log = FastifyBaseLogger;

/** At most this many school-event pairs are reconciled per sweep; the rest wait for the next. */
const SWEEP_PAIRS_BATCH = 500;

const running = new Set<Promise<unknown>>();

/** Keeps a background promise until it settles (never rejects: callers catch and log). */
function track(work: Promise<unknown>): void {
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Waits for every reconciliation started in the background (on close, and in tests). */
export async function backgroundMoneyWork(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/**
 * Issues or updates the school's invoice for the event (when available); what was written is
 * queued for the accounting system in the same transaction, and the accounting worker is asked to
 * send it. Answers the invoice ids written. Throws when the database write fails.
 */
export async function reconcileInvoices(
  deps: ReconcileDeps,
  scope: SchoolEvent,
  _log: Log,
): Promise<{ written: string[] }> {
  const written = await issueInvoices(deps.db, scope, deps.now());
  if (written.length) kickAccounting();
  return { written };
}

/** Every school with race entries or invoices in the event (not removed). */
async function schoolsOf(deps: ReconcileDeps, eventId: string): Promise<SchoolEvent[]> {
  const { db } = deps;
  const one = sql`1`;
  const rows = await db
    .select({ schoolId: schools.id })
    .from(schools)
    .where(
      and(
        isNull(schools.removedAt),
        or(
          exists(
            db
              .select({ one })
              .from(teamEntries)
              .where(
                and(
                  eq(teamEntries.schoolId, schools.id),
                  eq(teamEntries.eventId, eventId),
                  isNotNull(teamEntries.participantId),
                ),
              ),
          ),
          exists(
            db
              .select({ one })
              .from(invoices)
              .where(and(eq(invoices.schoolId, schools.id), eq(invoices.eventId, eventId))),
          ),
        ),
      ),
    );
  return rows.map((r) => ({ schoolId: r.schoolId, eventId }));
}

/** Reconciles each pair in turn; answers how many had an invoice written. A failure is logged and
 *  the next pair goes on. */
async function reconcileEach(deps: ReconcileDeps, scopes: readonly SchoolEvent[], log: Log): Promise<number> {
  let written = 0;
  for (const scope of scopes) {
    try {
      const done = await reconcileInvoices(deps, scope, log);
      if (done.written.length) written++;
    } catch (err) {
      log.error({ err, ...scope }, 'the invoice could not be issued; the sweep tries again');
    }
  }
  return written;
}

/** What a write changed: one school in one event, or every school of some events. */
export type WriteScope = { schools: SchoolEvent[] } | { events: string[] };

/** The school and event of the write's session (a school user's own school, the school staff
 *  picked or named in the body as SchoolId; the session's event, or a queued write's X-Event-Id). */
function sessionSchool(request: FastifyRequest): WriteScope {
  const session = request.session;
  const body = request.body as { SchoolId?: unknown } | null | undefined;
  const named = typeof body?.SchoolId === 'string' ? body.SchoolId : null;
  const schoolId = session?.type === 'school' ? session.schoolId : (named ?? session?.schoolId ?? null);
  const eventId = session?.eventId ?? null;
  return { schools: schoolId && eventId ? [{ schoolId, eventId }] : [] };
}

/** A participants write that archives someone (which removes their race entries); others change
 *  no entries. */
export function archivingParticipants(request: FastifyRequest): WriteScope {
  const body = request.body as { archived?: unknown; participants?: { archived?: unknown }[] } | null | undefined;
  const archives = !!body?.archived || !!body?.participants?.some((p) => !!p.archived);
  return archives ? sessionSchool(request) : { schools: [] };
}

/** An events save that sets the fees or the invoice release date: every school of those events. */
export function eventsWithFees(request: FastifyRequest): WriteScope {
  const body = request.body as { data?: Record<string, unknown>[] } | null | undefined;
  const money = (item: Record<string, unknown>) =>
    ['registrationFee', 'teamEntryFee', 'invoiceAvailable'].some((k) => k in item);
  return { events: (body?.data ?? []).filter(money).map((item) => String(item.id)) };
}

/**
 * A route's onSend hook reconciling the invoices its write changed, after the commit. One school:
 * its invoice is issued before the answer leaves (so the next read shows it), the accounting copy
 * runs in the background. Every school of an event: all of it in the background. Failures are
 * logged; the write's answer stands, and the sweep catches up.
 */
export function reconcileAfterWrite(
  deps: ReconcileDeps,
  scopeOf: (request: FastifyRequest) => WriteScope = sessionSchool,
) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 300 || reply.getHeader('idempotent-replay') === 'true') return payload;
    const scope = scopeOf(request);
    if ('schools' in scope) {
      await reconcileEach(deps, scope.schools, request.log);
    } else if (scope.events.length) {
      const log = request.log;
      track(
        (async () => {
          for (const eventId of scope.events) await reconcileEach(deps, await schoolsOf(deps, eventId), log);
        })().catch((err: unknown) => log.error({ err }, 'the invoices of an event could not be reconciled')),
      );
    }
    return payload;
  };
}

/** School-event pairs of the active events whose invoices are available, where a school has race
 *  entries and either no invoice or invoices that hold another number of entries. */
async function pairsDue(deps: ReconcileDeps): Promise<SchoolEvent[]> {
  const now = deps.now();
  const candidates = await deps.db
    .select({ id: events.id, invoiceAvailable: events.invoiceAvailable })
    .from(events)
    .where(and(eq(events.active, true), eq(events.archived, false), isNotNull(events.invoiceAvailable)));
  const eventIds = candidates.filter((e) => invoiceAvailable(e.invoiceAvailable, now)).map((e) => e.id);
  if (!eventIds.length) return [];
  const [entries, invoiced] = await Promise.all([
    deps.db
      .select({ schoolId: teamEntries.schoolId, eventId: teamEntries.eventId, n: count() })
      .from(teamEntries)
      .innerJoin(schools, and(eq(schools.id, teamEntries.schoolId), isNull(schools.removedAt)))
      .where(and(inArray(teamEntries.eventId, eventIds), isNotNull(teamEntries.participantId)))
      .groupBy(teamEntries.schoolId, teamEntries.eventId),
    deps.db
      .select({ schoolId: invoices.schoolId, eventId: invoices.eventId, n: sql<string>`sum(${invoices.entryCount})` })
      .from(invoices)
      .where(inArray(invoices.eventId, eventIds))
      .groupBy(invoices.schoolId, invoices.eventId),
  ]);
  const invoicedOf = new Map(invoiced.map((r) => [`${r.schoolId}:${r.eventId}`, Number(r.n)]));
  return entries
    .filter((r) => invoicedOf.get(`${r.schoolId}:${r.eventId}`) !== Number(r.n))
    .slice(0, SWEEP_PAIRS_BATCH)
    .map((r) => ({ schoolId: r.schoolId, eventId: r.eventId }));
}

/**
 * The background sweep: payments made at the gateway whose payer never came back are recorded,
 * then the invoices due are issued (and copied to the accounting system). Never throws. Answers
 * what it did.
 */
export async function sweepMoney(
  deps: ReconcileDeps & Pick<Deps, 'gateway'>,
  log: Log,
): Promise<{ payments: number; invoices: number }> {
  const done = { payments: 0, invoices: 0 };
  try {
    done.payments = await settleRecentCheckouts(deps, log);
    done.invoices = await reconcileEach(deps, await pairsDue(deps), log);
  } catch (err) {
    log.error({ err }, 'the money sweep failed');
  }
  return done;
}
