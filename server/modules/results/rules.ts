// An event's results rules (docs/decisions.md, 'Results from the timing system'), saved whole by an admin (PUT /api/results/rules, through
// the outbox), kept with the event as race day reads it. A change of the measures or points
// publishes every race of the event again in the same transaction, so the published places and
// pointscores follow the rules at once. The last save wins: a setting.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RaceEventRow } from '../../../src/domain/schemas/api/race-day-feed';
import type { resultsRulesBodySchema } from '../../../src/domain/schemas/api/results-rules';
import type { Tx } from '../../db/client';
import { events } from '../../db/schema';
import { notFound } from '../../http-errors';
import { loadRaceEvents } from '../race-day';
import { EVENT_NOT_FOUND } from './event-rules';
import { publishResults } from './publish';

type Body = z.output<typeof resultsRulesBodySchema>;

export async function saveResultsRules(tx: Tx, body: Body): Promise<RaceEventRow[]> {
  const [event] = await tx
    .select({ showForStartlists: events.showForStartlists })
    .from(events)
    .where(eq(events.id, body.id))
    .for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const stored = Object.keys(body.resultsRules).length ? body.resultsRules : null;
  await tx.update(events).set({ resultsRules: stored }).where(eq(events.id, body.id));
  await publishResults(tx, body.id, { every: true });
  if (!event.showForStartlists) return [];
  return [...(await loadRaceEvents(tx, [body.id])).values()];
}
