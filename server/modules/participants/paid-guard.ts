// A school user cannot remove (archive) a participant once the school's invoice for the event is
// paid (spec sections 2 and 6; docs/decisions.md 'Entries and volunteers'): the hidden Remove
// button is not the only guard. Staff may still, for corrections the association makes. A
// participant is a school's, not an event's: the guard reads every event the participant is
// entered in as well as the one the write names, so naming another event (a queued write's
// X-Event-Id) does not open the door.
import { and, eq } from 'drizzle-orm';
import { invoiceStatusCents } from '../../../src/domain/rules/invoice-status';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { invoices, payments, teamEntries } from '../../db/schema';
import { unprocessable } from '../../http-errors';
import type { SessionInfo } from '../../plugins/session';

async function invoicePaid(tx: Tx, schoolId: string, eventId: string): Promise<boolean> {
  const forSchoolEvent = (t: typeof invoices | typeof payments) =>
    and(eq(t.schoolId, schoolId), eq(t.eventId, eventId));
  const [issued, received] = await Promise.all([
    tx.select().from(invoices).where(forSchoolEvent(invoices)),
    tx.select().from(payments).where(forSchoolEvent(payments)),
  ]);
  return invoiceStatusCents({ invoices: issued, payments: received }).paid;
}

/** Throws 422 when a school user archives a participant of a paid invoice: of the event the write
 *  names, or of any event the participant is entered in. */
export async function assertMayArchive(
  tx: Tx,
  session: SessionInfo,
  row: { id: string; schoolId: string; archived: number } | undefined,
  archiving: boolean,
  eventId: string | null,
): Promise<void> {
  if (!archiving || session.type !== 'school' || !row || row.archived === 1) return;
  const entered = await tx
    .selectDistinct({ eventId: teamEntries.eventId })
    .from(teamEntries)
    .where(eq(teamEntries.participantId, row.id));
  const eventIds = new Set([...entered.map((e) => e.eventId), ...(eventId ? [eventId] : [])]);
  for (const id of eventIds) {
    if (await invoicePaid(tx, row.schoolId, id)) throw unprocessable(SERVER_MESSAGES.paidNoRemoval);
  }
}
