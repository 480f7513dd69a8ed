// A race's results file from the timing system (docs/decisions.md, 'Results from the timing
// system'; POST /api/results/import): the file read within the upload limits, its rows read and
// matched to the race's racers by bib with the domain's rules, and, when confirmed, written as the
// race's results in the write's transaction: the results an earlier file brought are replaced,
// so a corrected file never counts a racer twice; a result typed on a tablet for a racer the new
// file does not name stays.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_PLACINGS } from '../../../src/domain/constants/limits';
import {
  raceRacers,
  recordOfRow,
  type EnteredRacer,
  type ResultRecord,
} from '../../../src/domain/rules/recorded-results';
import { matchResultRows, readResultsTable } from '../../../src/domain/rules/results-file';
import { resultColumnsOf } from '../../../src/domain/rules/results-rules';
import type {
  ImportedResultRow,
  ResultsImportAnswer,
  ResultsImportQuery,
} from '../../../src/domain/schemas/api/race-results';
import { resultsFileTooLongMessage } from '../../../src/domain/server-messages';
import { ERROR_CODES } from '../../../src/domain/errors';
import type { Db, Tx } from '../../db/client';
import { raceResults } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { loadRaceDayRows } from '../race-day';
import { eventResultsRules } from './event-rules';
import { publishResults } from './publish';

export interface ReadResults {
  answer: ResultsImportAnswer;
  /** The results to write: the rows matched to racers. */
  toWrite: ResultRecord[];
}

const raceOf = (query: ResultsImportQuery) => ({
  EventId: query.EventId,
  DisciplineId: query.DisciplineId,
  division: query.division,
  gender: query.gender,
});

/** The file's rows read and matched to the race's racers; nothing written. */
export async function readRaceResults(db: Db | Tx, query: ResultsImportQuery, table: string[][]): Promise<ReadResults> {
  const { rules } = await eventResultsRules(db, query.EventId);
  if (table.length - 1 > MAX_PLACINGS)
    throw new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, resultsFileTooLongMessage(table.length - 1));
  const read = readResultsTable(table, resultColumnsOf(rules, query.system));
  if (read.problems.length > 0)
    return { answer: { problems: read.problems, rows: [], matched: 0, written: 0 }, toWrite: [] };
  const race = raceOf(query);
  const racers = raceRacers(race, await loadRaceDayRows(db, query.EventId, { ...race, divisions: [race.division] }));
  const match = matchResultRows(read.rows, racers);
  const racerOf = new Map(match.matched.map((m) => [m.row.line, m.racer as EnteredRacer]));
  const problemsOf = new Map(match.notImported.map((n) => [n.line, n.problems]));
  const rows: ImportedResultRow[] = read.rows.map((row) => {
    const racer = racerOf.get(row.line);
    const record = recordOfRow(row, racer?.teamEntryId ?? '');
    return {
      line: row.line,
      bib: row.bib,
      run1: record.run1,
      run2: record.run2,
      score: record.score,
      status: record.status,
      racer: racer ? { teamEntryId: racer.teamEntryId, name: racer.name, schoolName: racer.schoolName } : null,
      problems: problemsOf.get(row.line) ?? [],
    };
  });
  return {
    answer: { problems: [], rows, matched: match.matched.length, written: 0 },
    toWrite: match.matched.map(({ row, racer }) => recordOfRow(row, (racer as EnteredRacer).teamEntryId)),
  };
}

/** Writes what a file brought as the race's results, replacing what an earlier file brought. */
export async function writeRaceResults(
  tx: Tx,
  query: ResultsImportQuery,
  read: ReadResults,
  recordedBy: string,
): Promise<ResultsImportAnswer> {
  const race = raceOf(query);
  const entryIds = raceRacers(
    race,
    await loadRaceDayRows(tx, query.EventId, { ...race, divisions: [race.division] }),
  ).map((r) => r.teamEntryId);
  if (entryIds.length)
    await tx.delete(raceResults).where(and(inArray(raceResults.teamEntryId, entryIds), eq(raceResults.source, 'file')));
  if (read.toWrite.length)
    await tx
      .insert(raceResults)
      .values(read.toWrite.map((record) => ({ eventId: query.EventId, ...record, source: 'file', recordedBy })))
      // A racer's typed result gives way to the file's.
      .onConflictDoUpdate({
        target: raceResults.teamEntryId,
        set: {
          run1: sql.raw('excluded.run1'),
          run2: sql.raw('excluded.run2'),
          score: sql.raw('excluded.score'),
          status: sql.raw('excluded.status'),
          source: sql.raw('excluded.source'),
          recordedBy: sql.raw('excluded.recorded_by'),
        },
      });
  await publishResults(tx, query.EventId, { races: [race] });
  return { ...read.answer, written: read.toWrite.length };
}
