// An admin's results rules of an event: into the event's race-day row on this device and one outbox
// item holding PUT /api/results/rules, in one Dexie transaction, so the results screens on this
// device rank and score by them at once, with or without a network, and every other device once
// this one is online. The whole rules go each time: the last save wins, as with any setting.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { StoredResultsRules } from '../../domain/rules/results-rules';
import { raceResultsApi } from '../../domain/schemas/api/race-results';
import { defineWrite, queueThrough } from '../../sync/write-adapter';

const RESULTS_RULES_SAVE = defineWrite({
  table: 'raceEvents',
  op: 'update',
  route: raceResultsApi.rules,
  body: { kind: 'row' },
});

export async function saveResultsRules(
  db: InterschoolsDb,
  event: RaceEventMirrorRow,
  resultsRules: StoredResultsRules,
  username: string | null,
): Promise<void> {
  await queueThrough(db, RESULTS_RULES_SAVE, {
    body: { id: event.id, resultsRules },
    rowId: event.id,
    eventId: event.id,
    userId: username,
    base: event,
    replacesRefused: true,
    applyLocally: async (tx) => {
      const current = (await tx.raceEvents.get(event.id)) ?? event;
      await tx.raceEvents.put({ ...current, resultsRules, _pending: true });
    },
  });
}
