// Which invoices a school has for an event and what each holds (docs/decisions.md 'Money'). Money
// in integer cents throughout.
//
// - The first invoice ('initial') holds the registration fee once and the race fee for each race
//   entry, a line per discipline.
// - Payments received settle the invoices in the order they were issued. A paid invoice is frozen:
//   it never changes again.
// - The latest invoice, while not paid, follows the school's entries: entries added or removed
//   before payment change it (it is the same invoice, with the same number).
// - Entries added after every invoice is paid go on a supplementary invoice (/invoice/append):
//   the race fee for each entry beyond those already invoiced, per discipline, and no
//   registration fee.

type InvoiceKind = 'initial' | 'supplementary';

export type PlanLine = {
  /** The discipline a race-entries line is for; null for the registration fee. */
  disciplineId: number | null;
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
};

export type IssuedInvoice = {
  id: string;
  kind: InvoiceKind;
  totalCents: number;
  lines: readonly PlanLine[];
  createdAt: Date | string;
};

type EntriesByDiscipline = readonly { disciplineId: number; name: string; count: number }[];

export type InvoicePlanInput = {
  registrationFeeCents: number;
  teamEntryFeeCents: number;
  entries: EntriesByDiscipline;
  /** Every invoice issued to the school for the event. */
  invoices: readonly IssuedInvoice[];
  receivedCents: number;
};

export type InvoiceContent = { kind: InvoiceKind; lines: PlanLine[]; totalCents: number; entryCount: number };

export type InvoicePlan = {
  /** Issued invoices in order, each with what the payments settle of it. */
  settled: { invoice: IssuedInvoice; appliedCents: number; paid: boolean }[];
  /** The invoice that is still open: what it must hold now, and the issued one it replaces (null:
   *  a new invoice to issue). Null when nothing is owed beyond the paid invoices. */
  open: { content: InvoiceContent; replaces: string | null } | null;
};

const byIssue = (a: IssuedInvoice, b: IssuedInvoice) =>
  new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime();

export const REGISTRATION_LINE = 'Registration fee';
export const raceEntriesLine = (discipline: string) => `Race entries: ${discipline}`;

function entryLines(entries: EntriesByDiscipline, already: ReadonlyMap<number, number>, feeCents: number): PlanLine[] {
  return entries
    .map((e) => ({ ...e, count: Math.max(0, e.count - (already.get(e.disciplineId) ?? 0)) }))
    .filter((e) => e.count > 0)
    .sort((a, b) => a.disciplineId - b.disciplineId)
    .map((e) => ({
      disciplineId: e.disciplineId,
      description: raceEntriesLine(e.name),
      quantity: e.count,
      unitAmountCents: feeCents,
      amountCents: e.count * feeCents,
    }));
}

/** Race entries already on the given invoices, per discipline. */
function invoicedEntries(invoices: readonly IssuedInvoice[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const line of invoices.flatMap((i) => i.lines)) {
    if (line.disciplineId !== null) counts.set(line.disciplineId, (counts.get(line.disciplineId) ?? 0) + line.quantity);
  }
  return counts;
}

function content(kind: InvoiceKind, lines: PlanLine[]): InvoiceContent {
  return {
    kind,
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    entryCount: lines.filter((l) => l.disciplineId !== null).reduce((sum, l) => sum + l.quantity, 0),
  };
}

export function planInvoices(input: InvoicePlanInput): InvoicePlan {
  const issued = [...input.invoices].sort(byIssue);
  let left = input.receivedCents;
  const settled = issued.map((invoice) => {
    const appliedCents = Math.max(0, Math.min(left, invoice.totalCents));
    left -= appliedCents;
    return { invoice, appliedCents, paid: invoice.totalCents > 0 && appliedCents >= invoice.totalCents };
  });
  const paid = settled.filter((s) => s.paid).map((s) => s.invoice);
  const latest = settled.at(-1);
  const openIssued = latest && !latest.paid ? latest.invoice : null;
  const frozen = openIssued ? issued.filter((i) => i !== openIssued) : paid;
  const kind: InvoiceKind = frozen.length === 0 ? 'initial' : 'supplementary';
  const lines = entryLines(input.entries, invoicedEntries(frozen), input.teamEntryFeeCents);
  // No entries, no invoice: the registration fee comes with taking part in a race.
  if (kind === 'initial' && lines.length > 0 && input.registrationFeeCents > 0) {
    lines.unshift({
      disciplineId: null,
      description: REGISTRATION_LINE,
      quantity: 1,
      unitAmountCents: input.registrationFeeCents,
      amountCents: input.registrationFeeCents,
    });
  }
  const next = content(openIssued?.kind ?? kind, lines);
  if (next.totalCents === 0 && !openIssued) return { settled, open: null };
  return { settled, open: { content: next, replaces: openIssued?.id ?? null } };
}

type LineFields = { description: string; quantity: number; unitAmountCents: number; amountCents: number };

/** An invoice's lines in one form whatever order their keys came in (the database hands jsonb keys
 *  back in its own order): what 'has it changed?' compares, and what the accounting system is sent. */
export function canonicalLines<L extends LineFields>(lines: readonly L[]): LineFields[] {
  return lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitAmountCents: l.unitAmountCents,
    amountCents: l.amountCents,
  }));
}

/** Whether an issued invoice must be rewritten to hold this content. */
export function invoiceChanged(issued: IssuedInvoice, next: InvoiceContent): boolean {
  return (
    issued.totalCents !== next.totalCents ||
    JSON.stringify(canonicalLines(issued.lines)) !== JSON.stringify(canonicalLines(next.lines)) ||
    issued.lines.map((l) => l.disciplineId ?? null).join() !== next.lines.map((l) => l.disciplineId ?? null).join()
  );
}
