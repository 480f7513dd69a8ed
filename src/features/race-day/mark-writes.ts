// A start hut mark (DNS or started) made on the tablet: into the race-day mirror and one outbox
// item holding PUT /api/raceMarks, in one Dexie transaction, so it is shown at once, survives a
// reload with no network and reaches the server (and every other device) when the network is back.
import type { InterschoolsDb } from '../../db/database';
import type { Run, RaceMarkKind } from '../../domain/constants/race-day';
import { raceMarkId } from '../../domain/schemas/api/race-day-feed';
import { startlistsApi } from '../../domain/schemas/api/startlists';
import { defineWrite, listBody, queueThrough } from '../../sync/write-adapter';

/** One mark, as the one element of `marks`. */
const MARK_SAVE = defineWrite({
  table: 'raceMarks',
  op: 'update',
  route: startlistsApi.marks,
  body: listBody(['marks']),
});

export interface MarkChange {
  EventId: string;
  teamEntryId: string;
  run: Run;
  /** null clears the mark. */
  mark: RaceMarkKind | null;
}

export async function saveMark(db: InterschoolsDb, change: MarkChange, username: string | null): Promise<void> {
  const id = raceMarkId(change.teamEntryId, change.run);
  const before = (await db.raceMarks.get(id)) ?? null;
  await queueThrough(db, MARK_SAVE, {
    // The mark's device key travels with it, so the outbox can lay a queued mark over a pulled row.
    body: { marks: [{ id, teamEntryId: change.teamEntryId, run: change.run, mark: change.mark }] },
    rowId: id,
    eventId: change.EventId,
    userId: username,
    base: before,
    applyLocally: async (tx) => {
      await tx.raceMarks.put({
        ...(before ?? {}),
        id,
        EventId: change.EventId,
        teamEntryId: change.teamEntryId,
        run: change.run,
        mark: change.mark,
        _pending: true,
      });
    },
  });
}
