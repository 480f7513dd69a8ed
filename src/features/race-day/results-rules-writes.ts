// An admin's results rules of an event, saved as a setting of the event (event-setting-writes.ts):
// the results screens of every device rank and score by them.
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { StoredResultsRules } from '../../domain/rules/results-rules';
import { raceResultsApi } from '../../domain/schemas/api/race-results';
import { defineWrite } from '../../sync/write-adapter';
import { queueEventSetting } from './event-setting-writes';

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
  await queueEventSetting(db, RESULTS_RULES_SAVE, event, 'resultsRules', resultsRules, username);
}
