// A racer's result typed or corrected on the tablet: into the race-day mirror and one outbox item
// holding PUT /api/race-results, in one Dexie transaction, so the race's rankings follow at once,
// the result survives a reload with no network, and reaches the server (and every other device)
// when the network is back.
import type { InterschoolsDb } from '../../db/database';
import type { ResultRecord } from '../../domain/rules/recorded-results';
import { raceResultsApi } from '../../domain/schemas/api/race-results';
import { defineWrite, listBody, queueThrough } from '../../sync/write-adapter';

/** One result, as the one element of `results`. */
const RESULT_SAVE = defineWrite({
  table: 'raceResults',
  op: 'update',
  route: raceResultsApi.save,
  body: listBody(['results']),
});

export async function saveTypedResult(
  db: InterschoolsDb,
  EventId: string,
  record: ResultRecord,
  username: string | null,
): Promise<void> {
  const id = record.teamEntryId;
  const before = (await db.raceResults.get(id)) ?? null;
  await queueThrough(db, RESULT_SAVE, {
    // The result's device key travels with it, so the outbox can lay a queued result over a pulled row.
    body: { results: [{ id, ...record }] },
    rowId: id,
    eventId: EventId,
    userId: username,
    base: before,
    applyLocally: async (tx) => {
      await tx.raceResults.put({
        ...(before ?? { version: 0 }),
        ...record,
        id,
        EventId,
        source: 'tablet',
        recordedBy: username ?? '',
        recordedAt: new Date().toISOString(),
        _pending: true,
      });
    },
  });
}
