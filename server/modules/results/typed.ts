// Results typed or corrected on a tablet (PUT /api/race-results; docs/decisions.md, 'Results from
// the timing system'): each upserted as its racer's result with who recorded it (the time is the
// row's updated_at), in the write's transaction; a result with nothing in it is cleared. A later
// file replaces only what a file brought, so a correction typed for a racer the file does not
// name stays.
import { eq } from 'drizzle-orm';
import type { TypedResult } from '../../../src/domain/schemas/api/race-results';
import type { Tx } from '../../db/client';
import { raceResults } from '../../db/schema';
import type { SessionInfo } from '../../plugins/session';
import { raceEntryEvents } from '../race-day';
import { publishResults } from './publish';

const isEmpty = (r: TypedResult) => r.run1 === null && r.run2 === null && r.score === null && r.status === null;

export async function saveTypedResults(tx: Tx, session: SessionInfo, results: readonly TypedResult[]) {
  const eventOf = await raceEntryEvents(tx, session, results, 'results');
  for (const r of results) {
    if (isEmpty(r)) {
      await tx.delete(raceResults).where(eq(raceResults.teamEntryId, r.teamEntryId));
      continue;
    }
    const values = {
      run1: r.run1,
      run2: r.run2,
      score: r.score,
      status: r.status,
      source: 'tablet',
      recordedBy: session.email,
    };
    await tx
      .insert(raceResults)
      .values({ eventId: eventOf.get(r.teamEntryId)!, teamEntryId: r.teamEntryId, ...values })
      .onConflictDoUpdate({ target: raceResults.teamEntryId, set: values });
  }
  for (const eventId of new Set(eventOf.values())) {
    const entries = results.filter((r) => eventOf.get(r.teamEntryId) === eventId).map((r) => r.teamEntryId);
    await publishResults(tx, eventId, { entries });
  }
  return { saved: results.length };
}
