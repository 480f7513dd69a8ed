// Save on the results screen (results-page.tsx): each table that changed is queued as its own
// batch (queueListBatch, PUT /api/results), into the mirror and the outbox at once.
import type { ListBatch } from '../../components/use-list-edits';
import type { InterschoolsDb, ResultOverallRow, ResultRaceRow } from '../../db/database';
import { queueListBatch } from '../../sync/write-adapter';
import { RESULT_OVERALLS_SAVE, RESULT_RACES_SAVE } from './result-writes';

/** The race results added, changed and removed, for the event. */
export async function queueRaceResults(db: InterschoolsDb, event: string, raceBatch: ListBatch<ResultRaceRow>) {
  await queueListBatch(db, RESULT_RACES_SAVE, {
    body: {
      multi: true,
      races: [...raceBatch.added, ...raceBatch.changed.map((c) => c.after)].map(
        ({ id, DisciplineId, division, gender, teamIndividual, fileUrl, placings, version }) => ({
          id,
          DisciplineId,
          division,
          gender,
          teamIndividual,
          fileUrl,
          placings,
          version,
        }),
      ),
      racesDeleted: raceBatch.removed.map((r) => r.id),
      overallDeleted: [],
    },
    eventId: event,
    ...raceBatch,
  });
}

/** The overall results added, changed and removed, for the event. */
export async function queueOverallResults(
  db: InterschoolsDb,
  event: string,
  overallBatch: ListBatch<ResultOverallRow>,
) {
  await queueListBatch(db, RESULT_OVERALLS_SAVE, {
    body: {
      multi: true,
      overalls: [...overallBatch.added, ...overallBatch.changed.map((c) => c.after)].map(
        ({ id, pointscore, schoolType, gender, fileUrl, placings, version }) => ({
          id,
          pointscore,
          schoolType,
          gender,
          fileUrl,
          placings,
          version,
        }),
      ),
      racesDeleted: [],
      overallDeleted: overallBatch.removed.map((r) => r.id),
    },
    eventId: event,
    ...overallBatch,
  });
}
