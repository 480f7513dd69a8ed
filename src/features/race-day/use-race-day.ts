// What the race-day screens read, all from the race-day mirror (useLiveQuery), so a tablet shows
// the same start lists, sheets and bib lists with or without network: the events shown for start
// lists, one event's plain rows (src/domain/rules/race-day-rows.ts), and when they were synced.
import { useLiveQuery } from 'dexie-react-hooks';
import type {
  InterschoolsDb,
  RaceEventMirrorRow,
  RaceReadinessMirrorRow,
  RaceResultMirrorRow,
} from '../../db/database';
import { RACE_DAY_SYNC_SCOPE, getLastSyncedAt } from '../../db/meta';
import type { RaceDayRows, RaceMark } from '../../domain/rules/race-day-rows';
import type { RaceEntryRow } from '../../domain/schemas/api/race-day-feed';

/** The events shown for start lists, the latest first. Undefined while loading. */
export function useRaceEvents(db: InterschoolsDb): RaceEventMirrorRow[] | undefined {
  return useLiveQuery(
    async () => (await db.raceEvents.toArray()).sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)),
    [db],
  );
}

export interface RaceDayData extends RaceDayRows {
  entries: readonly RaceEntryRow[];
  readiness: readonly RaceReadinessMirrorRow[];
  /** The racers' results (docs/decisions.md, 'Results from the timing system'). */
  results: readonly RaceResultMirrorRow[];
}

const NONE: RaceDayData = {
  teams: [],
  entries: [],
  participants: [],
  schools: [],
  draws: [],
  marks: [],
  readiness: [],
  results: [],
};

/** Every race-day row of one event: read once, and again only when the mirror changes, so moving
 *  between races of the event is a computation, not a read. */
/** Every race-day row of one event, as the screens compute from them. */
export async function readRaceDayRows(db: InterschoolsDb, eventId: string | null): Promise<RaceDayData> {
  if (!eventId) return NONE;
  const [teams, entries, draws, marks, readiness, results] = await Promise.all([
    db.raceTeams.where('EventId').equals(eventId).toArray(),
    db.raceEntries.where('EventId').equals(eventId).toArray(),
    db.startDraws.where('EventId').equals(eventId).toArray(),
    db.raceMarks.where('EventId').equals(eventId).toArray(),
    db.raceReadiness.where('EventId').equals(eventId).toArray(),
    db.raceResults.where('EventId').equals(eventId).toArray(),
  ]);
  const participantIds = [...new Set(entries.flatMap((e) => (e.ParticipantId ? [e.ParticipantId] : [])))];
  const schoolIds = [...new Set(teams.map((t) => t.SchoolId))];
  const [participants, schools] = await Promise.all([
    db.raceParticipants.bulkGet(participantIds),
    db.raceSchools.bulkGet(schoolIds),
  ]);
  return {
    teams,
    entries,
    participants: participants.filter((p) => p !== undefined),
    schools: schools.filter((s) => s !== undefined),
    draws,
    // A mark cleared on this device waits in the outbox as a null mark: no mark.
    marks: marks.filter((m): m is typeof m & RaceMark => m.mark !== null),
    readiness,
    results,
  };
}

/** Every race-day row of one event: read once, and again only when the mirror changes, so moving
 *  between races of the event is a computation, not a read. */
export function useRaceDayRows(db: InterschoolsDb, eventId: string | null): RaceDayData | undefined {
  return useLiveQuery(() => readRaceDayRows(db, eventId), [db, eventId]);
}

/** When the race-day data on this device was last synced (ISO), null before the first download. */
export function useRaceDaySyncedAt(db: InterschoolsDb): string | null | undefined {
  return useLiveQuery(() => getLastSyncedAt(db, RACE_DAY_SYNC_SCOPE), [db]);
}
