// A school's invoices for an event (rules/invoice-plan.ts). Reading never writes: a read answers
// what is issued, and while the invoice is available but not issued yet, what the plan would issue
// (no number). Issuing is a write (issueInvoices), run after a write that changes the school's
// entries or the event's fees and by the background sweep (reconcile.ts): an available invoice
// gets its number, follows the entries until it is paid, and entries added after payment go on a
// supplementary invoice. Before the invoice is available, staff see a preview. Money in integer
// cents; answers in dollars.
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AccountingRegion, InvoiceType } from '../../../src/domain/constants';
import { accountingRegion } from '../../../src/domain/rules/accounting-region';
import { isValidCrn } from '../../../src/domain/rules/bpay-crn';
import { invoiceAvailable } from '../../../src/domain/rules/invoice-availability';
import {
  invoiceChanged,
  planInvoices,
  type InvoiceContent,
  type InvoicePlan,
  type IssuedInvoice,
  type PlanLine,
} from '../../../src/domain/rules/invoice-plan';
import { gstOfLines, toCents, toDollars } from '../../../src/domain/rules/money';
import type { Invoice, Supplier } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, events, invoices, payments, schools, teamEntries } from '../../db/schema';
import { notFound } from '../../http-errors';
import { enqueue } from '../accounting';

const EVENT_NOT_FOUND = 'Event not found';
const SCHOOL_NOT_FOUND = 'School not found';

type SchoolEvent = { schoolId: string; eventId: string };
type InvoiceRow = typeof invoices.$inferSelect;

const asIssued = (row: InvoiceRow): IssuedInvoice => ({
  id: row.id,
  kind: row.kind === 'supplementary' ? 'supplementary' : 'initial',
  totalCents: row.totalCents,
  lines: row.lines as PlanLine[],
  createdAt: row.createdAt,
});

async function entriesByDiscipline(db: Db | Tx, { schoolId, eventId }: SchoolEvent) {
  return db
    .select({ disciplineId: teamEntries.disciplineId, name: disciplines.name, count: count() })
    .from(teamEntries)
    .innerJoin(disciplines, eq(disciplines.id, teamEntries.disciplineId))
    .where(
      and(eq(teamEntries.schoolId, schoolId), eq(teamEntries.eventId, eventId), isNotNull(teamEntries.participantId)),
    )
    .groupBy(teamEntries.disciplineId, disciplines.name);
}

async function receivedCents(db: Db | Tx, { schoolId, eventId }: SchoolEvent): Promise<{ all: number; test: number }> {
  const [row] = await db
    .select({
      all: sql<string | null>`sum(${payments.amountCents})`,
      test: sql<string | null>`sum(${payments.amountCents}) filter (where ${payments.test})`,
    })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.eventId, eventId), eq(payments.status, 'received')));
  return { all: Number(row?.all ?? 0), test: Number(row?.test ?? 0) };
}

async function load(db: Db | Tx, scope: SchoolEvent) {
  const [event] = await db.select().from(events).where(eq(events.id, scope.eventId));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const [school] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, scope.schoolId), isNull(schools.removedAt)));
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const [entries, issued, received] = await Promise.all([
    entriesByDiscipline(db, scope),
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.schoolId, scope.schoolId), eq(invoices.eventId, scope.eventId)))
      .orderBy(asc(invoices.createdAt)),
    receivedCents(db, scope),
  ]);
  return { event, school, entries, issued, received: received.all, testReceived: received.test };
}

type Loaded = Awaited<ReturnType<typeof load>>;

const plan = (l: Pick<Loaded, 'event' | 'entries' | 'issued' | 'received'>) =>
  planInvoices({
    registrationFeeCents: toCents(l.event.registrationFee),
    teamEntryFeeCents: toCents(l.event.teamEntryFee),
    entries: l.entries,
    invoices: l.issued.map(asIssued),
    receivedCents: l.received,
  });

/** Invoice numbers run across the association: INV-000001, ... (under the advisory lock). */
async function nextNumber(tx: Tx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-numbers'))`);
  const [row] = await tx.select({ n: count() }).from(invoices);
  return `INV-${String((row?.n ?? 0) + 1).padStart(6, '0')}`;
}

/** Writes the open invoice as the plan has it; answers the invoice rows written (for accounting). */
async function issue(
  tx: Tx,
  scope: SchoolEvent,
  open: NonNullable<InvoicePlan['open']>,
  issued: InvoiceRow[],
  now: Date,
): Promise<string[]> {
  const { content, replaces } = open;
  const values = (c: InvoiceContent) => ({ totalCents: c.totalCents, entryCount: c.entryCount, lines: c.lines });
  if (replaces) {
    const current = issued.find((i) => i.id === replaces)!;
    if (!invoiceChanged(asIssued(current), content)) return [];
    await tx
      .update(invoices)
      .set({ ...values(content), updatedAt: now })
      .where(eq(invoices.id, replaces));
    return [replaces];
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      ...scope,
      number: await nextNumber(tx),
      kind: content.kind,
      ...values(content),
      createdAt: now,
    })
    .returning({ id: invoices.id });
  return [row!.id];
}

/**
 * Issues or updates the school's open invoice for the event as the plan says, when the invoice is
 * available; in one transaction serialised per school and event. Answers the ids of the invoice
 * rows written, each queued for the accounting system; nothing when nothing changed or it is not
 * available yet.
 */
export async function issueInvoices(db: Db, scope: SchoolEvent, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice:${scope.schoolId}:${scope.eventId}`}))`);
    const loaded = await load(tx, scope);
    if (!shownToSchool(loaded, now)) return [];
    const open = plan(loaded).open;
    const written = open ? await issue(tx, scope, open, loaded.issued, now) : [];
    // Queued with the write itself: the accounting system cannot miss an invoice that was issued.
    for (const id of written) await enqueue(tx, 'invoice', id, loaded.event.invoiceType, now);
    return written;
  });
}

export type InvoiceReadOptions = {
  append: boolean;
  staff: boolean;
  now: Date;
  onlinePayment: boolean;
  /** The configured suppliers: the invoice is issued by its organisation's. */
  suppliers: Record<AccountingRegion, Supplier>;
};

/**
 * The invoice a school sees (or its supplementary one, `append`), as stored: reading writes
 * nothing. Available: the issued invoice, or what the plan would issue while it is not issued yet
 * (no number). Before that: a preview for staff; schools get `available: false` and no lines.
 */
export async function readInvoice(db: Db, scope: SchoolEvent, opts: InvoiceReadOptions): Promise<Invoice> {
  const loaded = await load(db, scope);
  return view(loaded, plan(loaded), { ...opts, available: shownToSchool(loaded, opts.now) });
}

/** Available from the event's date (the day before it), and for good once an invoice is issued:
 *  moving the date later must not take a tax invoice back from the school that has it. */
function shownToSchool(loaded: Loaded, now: Date): boolean {
  return loaded.issued.length > 0 || invoiceAvailable(loaded.event.invoiceAvailable, now);
}

function view(l: Loaded, p: InvoicePlan, opts: InvoiceReadOptions & { available: boolean }): Invoice {
  const kind = opts.append ? 'supplementary' : 'initial';
  const issuedRow = [...l.issued].reverse().find((i) => (i.kind === 'supplementary') === opts.append);
  const settledOf = issuedRow ? p.settled.find((s) => s.invoice.id === issuedRow.id) : undefined;
  // What the plan would issue as a new invoice of this kind: a preview for staff before the
  // invoice is available; once available, what everyone sees until the sweep or a write issues it.
  const planned = p.open && !p.open.replaces && p.open.content.kind === kind ? p.open.content : null;
  const pending = opts.available && !issuedRow ? planned : null;
  const preview = !opts.available && opts.staff ? (p.open?.content.kind === kind ? p.open.content : null) : null;
  const shown = opts.available ? (pending ?? issuedRow) : preview;
  const lines = (shown?.lines as PlanLine[] | undefined) ?? [];
  const totalCents = shown?.totalCents ?? 0;
  // Payments beyond the issued invoices go to the one about to be issued, as the plan will apply them.
  const leftCents = l.received - p.settled.reduce((sum, s) => sum + s.appliedCents, 0);
  const pendingAppliedCents = pending ? Math.min(pending.totalCents, Math.max(0, leftCents)) : 0;
  const appliedCents = opts.available ? (settledOf?.appliedCents ?? pendingAppliedCents) : 0;
  const paid = pending ? pending.totalCents > 0 && pendingAppliedCents >= pending.totalCents : !!settledOf?.paid;
  // What online payment pays: every invoice issued, and the one about to be, less what was received.
  const invoicedCents = l.issued.reduce((sum, i) => sum + i.totalCents, 0) + (pending?.totalCents ?? 0);
  const school = l.school;
  return {
    url: issuedRow?.url ?? '',
    totalEntries: lines.filter((x) => x.disciplineId !== null).reduce((sum, x) => sum + x.quantity, 0),
    paid: opts.available && paid,
    number: opts.available ? (issuedRow?.number ?? null) : null,
    currency: 'AUD',
    registrationFee: l.event.registrationFee,
    teamEntryFee: l.event.teamEntryFee,
    total: toDollars(totalCents),
    gst: toDollars(gstOfLines(lines)),
    received: toDollars(appliedCents),
    outstanding: toDollars(totalCents - appliedCents),
    invoiceAvailable: l.event.invoiceAvailable,
    invoiceDue: l.event.invoiceDue,
    available: opts.available,
    supplementary: opts.append,
    lines: lines.map((x) => ({
      description: x.description,
      quantity: x.quantity,
      unitAmount: toDollars(x.unitAmountCents),
      amount: toDollars(x.amountCents),
    })),
    issuedAt: opts.available && issuedRow ? issuedRow.createdAt.toISOString() : null,
    school: {
      // A reference without its check digit would be refused at the payer's bank.
      id: school.id,
      name: school.name,
      bpay: isValidCrn(school.bpay) ? school.bpay : '',
      address: [school.address1, school.address2, [school.town, school.postcode].filter(Boolean).join(' ')].filter(
        (line) => line.trim() !== '',
      ),
    },
    supplier: opts.suppliers[accountingRegion(l.event.invoiceType)],
    event: { id: l.event.id, name: l.event.name, invoiceType: l.event.invoiceType as InvoiceType },
    balanceOutstanding: toDollars(opts.available ? Math.max(0, invoicedCents - l.received) : 0),
    onlinePayment: opts.onlinePayment,
    testReceived: toDollars(l.testReceived),
  };
}

/** GET /api/payment/xero/:S/:E: what has been received, and whether it covers what was invoiced. */
export async function paymentReceived(db: Db, scope: SchoolEvent) {
  const [issued, received] = await Promise.all([
    db
      .select({ totalCents: invoices.totalCents })
      .from(invoices)
      .where(and(eq(invoices.schoolId, scope.schoolId), eq(invoices.eventId, scope.eventId))),
    receivedCents(db, scope),
  ]);
  const invoicedCents = issued.reduce((sum, i) => sum + i.totalCents, 0);
  return { paymentReceived: toDollars(received.all), paid: invoicedCents > 0 && received.all >= invoicedCents };
}
