// An event's results rules (docs/decisions.md, 'Results from the timing system'), saved whole by
// an admin (PUT /api/results/rules, through the outbox) as a setting race day reads with the event.
// A change of the measures or points publishes every race of the event again in the same
// transaction, so the published places and pointscores follow the rules at once.
import type { z } from 'zod';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { resultsRulesBodySchema } from '../../../src/domain/schemas/api/results-rules';
import type { Tx } from '../../db/client';
import { saveEventSetting } from '../race-day';
import { publishResults } from './publish';

type Body = z.output<typeof resultsRulesBodySchema>;

export async function saveResultsRules(tx: Tx, body: Body): Promise<RaceEventRow[]> {
  const stored = Object.keys(body.resultsRules).length ? body.resultsRules : null;
  const answer = await saveEventSetting(tx, body.id, () => ({ resultsRules: stored }));
  await publishResults(tx, body.id, { every: true });
  return answer;
}
