// A race's results as they are kept (docs/decisions.md, 'Results from the timing system'): one
// record per racer's team entry, each run's time and the judged score in whole hundredths, or a
// status. The racers come from the start list (the same rows on the server and on a tablet), so
// a race's standings are the same function of the same rows everywhere.
import type { DisciplineMeasure, ResultStatus } from '../constants/results';
import type { RaceDayRows, RaceKey } from './race-day-rows';
import type { RaceRacer, RacerResult } from './race-results';
import type { ResultRow } from './results-file';
import { buildStartlist } from './start-list';

/** Where a race's results stand: provisional until the protest period after the last result
 *  recorded has passed, then official. */
export type ResultsStanding = { official: false; provisionalUntil: Date } | { official: true; since: Date };

export function resultsStanding(
  recordedAt: readonly string[],
  now: Date,
  protestMinutes: number,
): ResultsStanding | null {
  if (!recordedAt.length) return null;
  const last = Math.max(...recordedAt.map((at) => Date.parse(at)));
  const until = new Date(last + protestMinutes * 60_000);
  return until.getTime() > now.getTime()
    ? { official: false, provisionalUntil: until }
    : { official: true, since: until };
}

/** A racer of the race with the team entry their result is kept under. */
export interface EnteredRacer extends RaceRacer {
  teamEntryId: string;
}

/** One racer's kept result. */
export interface ResultRecord {
  teamEntryId: string;
  run1: number | null;
  run2: number | null;
  /** Hundredths of a judged point (72.25 is 7225). */
  score: number | null;
  status: ResultStatus | null;
}

/** The racers of a race, in start order: every entry with a participant. */
export function raceRacers(race: RaceKey, rows: RaceDayRows): EnteredRacer[] {
  return buildStartlist(race, rows).flatMap((team) =>
    team.members.flatMap((member) =>
      member.ParticipantId
        ? [
            {
              teamEntryId: member.teamEntryId,
              participantId: member.ParticipantId,
              bib: member.bib,
              name: `${member.firstname} ${member.lastname}`.trim(),
              schoolId: team.SchoolId,
              schoolName: team.schoolName,
              teamId: team.TeamId,
              teamName: `${team.schoolName} ${team.teamRank}`,
            },
          ]
        : [],
    ),
  );
}

/** A row of a results file as it is kept. */
export function recordOfRow(row: ResultRow, teamEntryId: string): ResultRecord {
  return {
    teamEntryId,
    run1: row.runs[0],
    run2: row.runs[1],
    score: row.score === null ? null : Math.round(row.score * 100),
    status: row.status,
  };
}

/** Every racer of the race with their kept result, as the rankings take them (a judged racer's
 *  score, in points, as their one run). A racer with no record has no result. */
export function recordedResults(
  racers: readonly EnteredRacer[],
  records: readonly ResultRecord[],
  measure: DisciplineMeasure,
): RacerResult[] {
  const byEntry = new Map(records.map((r) => [r.teamEntryId, r]));
  return racers.map((racer) => {
    const record = byEntry.get(racer.teamEntryId);
    if (!record) return { racer, runs: [], status: null };
    const runs =
      measure.kind === 'score'
        ? [record.score === null ? null : record.score / 100]
        : [record.run1, record.run2].slice(0, measure.runs);
    return { racer, runs, status: record.status };
  });
}
