// A timing system's results file (docs/decisions.md, 'Results from the timing system'): its columns found by their
// headings as systems and people write them (or by an admin's mapping for a system's own
// headings), each row read into a bib, run times, a score and a status with the problems that keep
// it out, and the rows matched to the race's racers by bib. The server and the device parse the
// CSV or workbook bytes into a table of text cells first; everything after that is here.
import type { DisciplineMeasure, ResultStatus } from '../constants/results';
import type { RaceRacer, RacerResult } from './race-results';
import { RESULT_VALUE_MESSAGES, parseScore, parseStatus, parseTime, type ReadValue } from './result-times';

/** What a results file's columns may hold. */
export const RESULT_COLUMNS = ['bib', 'run1', 'run2', 'score', 'status'] as const;
type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** An admin's headings for a timing system's own columns; a column left out is found by its
 *  usual headings. */
export type ResultColumnMapping = Partial<Record<ResultColumn, string>>;

/** Usual headings of each column, compared without case, spaces or punctuation, the likelier
 *  first. 'Time' is run 1 only in a file without a heading of its own for run 1, so a two-run file
 *  with a 'Time' total still reads its runs. */
const RESULT_HEADINGS: Readonly<Record<ResultColumn, readonly string[]>> = {
  bib: ['bib', 'bibno', 'bibnumber', 'bibnum'],
  run1: ['run1', 'r1', 'time1', 'run1time', 'firstrun', '1strun', 'time', 'racetime', 'runtime'],
  run2: ['run2', 'r2', 'time2', 'run2time', 'secondrun', '2ndrun'],
  score: ['score', 'points', 'pts', 'judgedscore', 'bestscore', 'finalscore'],
  status: ['status', 'resultstatus'],
};

/** Each column's place in the file (from 0), or null when the file has none. */
type ResultColumnPlaces = Record<ResultColumn, number | null>;

export interface ResultRow {
  /** The row's number as the spreadsheet shows it (the headings are row 1). */
  line: number;
  bib: number | null;
  /** Run 1 and run 2 in hundredths of a second; null where the file has no time. */
  runs: readonly [number | null, number | null];
  score: number | null;
  /** From the Status column, or a run or score cell holding DNS, DNF or DSQ. */
  status: ResultStatus | null;
  problems: string[];
}

export interface ResultsTable {
  columns: ResultColumnPlaces;
  /** What stops the file being read at all; there are no rows then. */
  problems: string[];
  rows: ResultRow[];
}

export const RESULTS_FILE_MESSAGES = {
  empty: 'The file is empty.',
  noRows: 'The file has headings but no results under them.',
  noBibColumn: 'The file has no Bib column. Head the bibs’ column Bib, or choose the column that holds them.',
  noResultColumn:
    'The file has no Run 1, Run 2, Time or Score column. Head the results’ columns so, or choose the columns that hold them.',
  mappedHeadingMissing: (heading: string) => `The file has no column headed '${heading}'.`,
  bibMissing: 'Bib is missing.',
  notABib: (typed: string) => `Bib '${typed}' is not a bib number.`,
  twoStatuses: (statuses: readonly string[]) => `The row says both ${statuses.join(' and ')}: keep one.`,
  bibTwice: (bib: number, lines: readonly number[]) =>
    `Bib ${bib} is in the file more than once (rows ${lines.join(' and ')}): keep one row for it.`,
  notInRace: (bib: number) => `Bib ${bib} is not in this race.`,
} as const;

const withoutHints = (heading: string) => heading.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
/** 'Run 1', 'run1', 'RUN_1', 'Run #1' and 'Time (s)' as one reads them. */
const headingKey = (heading: string) =>
  withoutHints(heading)
    .toLowerCase()
    .replace(/[\s._\-/#:]+/g, '');

function placeColumns(headings: readonly string[], mapping: ResultColumnMapping) {
  const keys = headings.map(headingKey);
  const taken = new Set<number>();
  const columns: ResultColumnPlaces = { bib: null, run1: null, run2: null, score: null, status: null };
  const problems: string[] = [];
  const take = (column: ResultColumn, index: number) => {
    columns[column] = index;
    taken.add(index);
  };
  const mapped = RESULT_COLUMNS.filter((column) => (mapping[column] ?? '').trim() !== '');
  for (const column of mapped) {
    const heading = mapping[column]!.trim();
    const index = keys.indexOf(headingKey(heading));
    if (index === -1) problems.push(RESULTS_FILE_MESSAGES.mappedHeadingMissing(heading));
    else take(column, index);
  }
  for (const column of RESULT_COLUMNS.filter((c) => !mapped.includes(c))) {
    for (const usual of RESULT_HEADINGS[column]) {
      const index = keys.findIndex((key, i) => key === usual && !taken.has(i));
      if (index !== -1) {
        take(column, index);
        break;
      }
    }
  }
  return { columns, problems };
}

function missingColumnProblems(columns: ResultColumnPlaces): string[] {
  const problems: string[] = [];
  if (columns.bib === null) problems.push(RESULTS_FILE_MESSAGES.noBibColumn);
  if (columns.run1 === null && columns.run2 === null && columns.score === null)
    problems.push(RESULTS_FILE_MESSAGES.noResultColumn);
  return problems;
}

// Workbooks hand whole numbers over as '57' or, from a number cell, '57.0'.
const BIB = /^(\d{1,9})(?:\.0+)?$/;

function readBib(text: string): ReadValue<number | null> {
  if (text === '') return { ok: true, value: null };
  const match = BIB.exec(text);
  const bib = match ? Number(match[1]) : 0;
  return bib > 0 ? { ok: true, value: bib } : { ok: false, message: RESULTS_FILE_MESSAGES.notABib(text) };
}

type Cell = { value: number | null; status: ResultStatus | null; problem: string | null };

/** A run or score cell: blank, a value, or a status written where the value would be. */
function readValueCell(text: string, heading: string, parse: (text: string) => ReadValue<number>): Cell {
  if (text === '') return { value: null, status: null, problem: null };
  const status = parseStatus(text);
  if (status) return { value: null, status, problem: null };
  const read = parse(text);
  return read.ok
    ? { value: read.value, status: null, problem: null }
    : { value: null, status: null, problem: `${heading}: ${read.message}` };
}

function readStatusCell(text: string, heading: string): Cell {
  if (text === '') return { value: null, status: null, problem: null };
  const status = parseStatus(text);
  if (status) return { value: null, status, problem: null };
  return { value: null, status: null, problem: `${heading}: ${RESULT_VALUE_MESSAGES.notAStatus(text)}` };
}

function readRow(
  cells: readonly string[],
  line: number,
  columns: ResultColumnPlaces,
  headings: readonly string[],
): ResultRow {
  const text = (column: ResultColumn) => {
    const index = columns[column];
    return index === null ? '' : (cells[index] ?? '').trim();
  };
  const heading = (column: ResultColumn) => headings[columns[column] ?? -1]?.trim() ?? '';
  const problems: string[] = [];
  const bib = readBib(text('bib'));
  if (!bib.ok) problems.push(bib.message);
  const run1 = readValueCell(text('run1'), heading('run1'), parseTime);
  const run2 = readValueCell(text('run2'), heading('run2'), parseTime);
  const score = readValueCell(text('score'), heading('score'), parseScore);
  const status = readStatusCell(text('status'), heading('status'));
  const cellsRead = [run1, run2, score, status];
  problems.push(...cellsRead.flatMap((cell) => (cell.problem ? [cell.problem] : [])));
  const statuses = [...new Set(cellsRead.flatMap((cell) => (cell.status ? [cell.status] : [])))];
  if (statuses.length > 1) problems.push(RESULTS_FILE_MESSAGES.twoStatuses(statuses));
  const bibValue = bib.ok ? bib.value : null;
  if (bib.ok && bibValue === null) problems.unshift(RESULTS_FILE_MESSAGES.bibMissing);
  return {
    line,
    bib: bibValue,
    runs: [run1.value, run2.value],
    score: score.value,
    status: statuses.length === 1 ? statuses[0]! : null,
    problems,
  };
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Reads a results table (the first row its headings, the rest its rows of text cells). Blank rows
 *  are skipped; every other row comes back with its problems, none when it reads cleanly. */
export function readResultsTable(
  table: readonly (readonly string[])[],
  mapping: ResultColumnMapping = {},
): ResultsTable {
  const [headings, ...body] = table;
  const none: ResultColumnPlaces = { bib: null, run1: null, run2: null, score: null, status: null };
  if (!headings || isBlankRow(headings)) return { columns: none, problems: [RESULTS_FILE_MESSAGES.empty], rows: [] };
  const placed = placeColumns(headings, mapping);
  const problems = [...placed.problems, ...missingColumnProblems(placed.columns)];
  const rows = body.flatMap((cells, index) =>
    isBlankRow(cells) ? [] : [readRow(cells, index + 2, placed.columns, headings)],
  );
  if (problems.length === 0 && rows.length === 0) problems.push(RESULTS_FILE_MESSAGES.noRows);
  return { columns: placed.columns, problems, rows: problems.length > 0 ? [] : rows };
}

export interface MatchedResultRow {
  row: ResultRow;
  racer: RaceRacer;
}

/** A row that is not imported, with why. */
interface UnimportedResultRow {
  line: number;
  bib: number | null;
  problems: string[];
}

export interface ResultRowsMatch {
  matched: MatchedResultRow[];
  notImported: UnimportedResultRow[];
}

function linesByBib(rows: readonly ResultRow[]): Map<number, number[]> {
  const lines = new Map<number, number[]>();
  for (const row of rows) {
    if (row.bib === null) continue;
    lines.set(row.bib, [...(lines.get(row.bib) ?? []), row.line]);
  }
  return lines;
}

/** Each row matched to the race's racer of its bib. A row with a problem, a bib not in the race,
 *  or a bib the file gives more than once (which of them is right is the admin's call) is not
 *  imported. */
export function matchResultRows(rows: readonly ResultRow[], racers: readonly RaceRacer[]): ResultRowsMatch {
  const racerByBib = new Map<number, RaceRacer>();
  for (const racer of racers) if (racer.bib !== null && !racerByBib.has(racer.bib)) racerByBib.set(racer.bib, racer);
  const lines = linesByBib(rows);
  const match: ResultRowsMatch = { matched: [], notImported: [] };
  for (const row of rows) {
    const problems = [...row.problems];
    const racer = row.bib === null ? undefined : racerByBib.get(row.bib);
    if (row.bib !== null) {
      const bibLines = lines.get(row.bib) ?? [];
      if (bibLines.length > 1) problems.push(RESULTS_FILE_MESSAGES.bibTwice(row.bib, bibLines));
      if (!racer) problems.push(RESULTS_FILE_MESSAGES.notInRace(row.bib));
    }
    if (problems.length > 0 || !racer) match.notImported.push({ line: row.line, bib: row.bib, problems });
    else match.matched.push({ row, racer });
  }
  return match;
}

/** Every racer of the race with what the file says of them, for ranking: their runs in the
 *  measure's unit (a judged racer's score as their one run) and status. A racer the file does not
 *  name has no result. */
export function racerResults(
  racers: readonly RaceRacer[],
  matched: readonly MatchedResultRow[],
  measure: DisciplineMeasure,
): RacerResult[] {
  const rowOf = new Map(matched.map(({ row, racer }) => [racer.participantId, row]));
  return racers.map((racer) => {
    const row = rowOf.get(racer.participantId);
    if (!row) return { racer, runs: [], status: null };
    const runs = measure.kind === 'score' ? [row.score] : row.runs.slice(0, measure.runs);
    return { racer, runs, status: row.status };
  });
}
