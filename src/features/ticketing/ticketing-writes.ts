// Save of the ticketing form: the row into the mirror and one outbox item holding the spec's
// POST /api/ticketings { ticketing }, in one Dexie transaction (queueThrough). Offline it waits in
// the outbox like any grid's save.
import type { InterschoolsDb, TicketingRow } from '../../db/database';
import { eventsApi } from '../../domain/schemas/api/events';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, queueThrough } from '../../sync/write-adapter';
import type { TicketingSave } from './ticketing-form';
import { ticketingRowId } from './use-ticketing-data';

/** The school's one ticketing row of the event, saved whole (an upsert). */
const TICKETING_SAVE = defineWrite({
  table: 'ticketing',
  op: 'update',
  route: eventsApi.saveTicketing,
  body: { kind: 'wrapped', key: 'ticketing' },
});

export async function saveTicketing(
  db: InterschoolsDb,
  save: TicketingSave,
  before: TicketingRow | null,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueThrough(db, TICKETING_SAVE, {
    body: save.body,
    // The mirror's key [SchoolId+EventId] in the feed's string form.
    rowId: ticketingRowId(save.row.SchoolId, save.row.EventId),
    eventId: user.EventId,
    userId: user.username,
    base: before ?? null,
    refused: 'replace',
    applyLocally: async (tx) => {
      await tx.ticketing.put({ ...save.row, _pending: true });
    },
  });
}
