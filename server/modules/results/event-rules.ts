// An event's results rules as the import, publishing and qualifiers read them (docs/decisions.md,
// 'Results from the timing system'): its own where it set them, the defaults elsewhere.
import { eq } from 'drizzle-orm';
import type { EventLevel } from '../../../src/domain/constants/choices';
import { resultsRulesOf, type ResultsRules } from '../../../src/domain/rules/results-rules';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema';
import { notFound } from '../../http-errors';

export const EVENT_NOT_FOUND = 'Event not found';

/** The event's level and its rules: its own where it set them, the defaults elsewhere. */
export async function eventResultsRules(
  db: Db | Tx,
  eventId: string,
): Promise<{ level: EventLevel; rules: ResultsRules }> {
  const [event] = await db
    .select({ level: events.level, resultsRules: events.resultsRules })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return { level: event.level as EventLevel, rules: resultsRulesOf(event.resultsRules) };
}
