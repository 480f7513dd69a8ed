// What a school owes for an event, in integer cents (docs/decisions.md 'Money': outstanding =
// total - payments received): what online payment asks the gateway for.
//
// - Invoiced: the sum of the school's invoices for the event minus the payments received
//   (invoiceStatusCents).
// - Nothing invoiced yet: the live total (registration fee + team entry fee x the school's race
//   entries in the event, invoiceTotalsCents) minus the payments received.
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { invoiceStatusCents } from '../../../src/domain/rules/invoice-status';
import { invoiceTotalsCents } from '../../../src/domain/rules/invoice-totals';
import { toDollars } from '../../../src/domain/rules/money';
import type { Db, Tx } from '../../db/client';
import { events, invoices, payments, teamEntries } from '../../db/schema';

export async function outstandingCents(db: Db | Tx, schoolId: string, eventId: string): Promise<number> {
  const issued = await db
    .select({ number: invoices.number, totalCents: invoices.totalCents, createdAt: invoices.createdAt })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.eventId, eventId)));
  const received = await db
    .select({ amountCents: payments.amountCents, status: payments.status })
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.eventId, eventId)));
  const status = invoiceStatusCents({ invoices: issued, payments: received });
  if (issued.length > 0) return status.outstandingCents;

  const [event] = await db
    .select({ registrationFee: events.registrationFee, teamEntryFee: events.teamEntryFee })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return 0;
  const [entries] = await db
    .select({ n: count() })
    .from(teamEntries)
    .where(
      and(eq(teamEntries.schoolId, schoolId), eq(teamEntries.eventId, eventId), isNotNull(teamEntries.participantId)),
    );
  return invoiceTotalsCents({
    registrationFee: event.registrationFee,
    teamEntryFee: event.teamEntryFee,
    entryCount: entries?.n ?? 0,
    received: toDollars(status.receivedCents),
  }).outstandingCents;
}
