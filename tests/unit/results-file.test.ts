// A timing system's results file read as a table of text cells: its columns found by their usual
// headings in any case, order and spacing (or by an admin's mapping), each row read with problems
// in words a race official can act on, and the rows matched by bib to the racers of the race.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCIPLINE_MEASURES } from '../../src/domain/constants/results';
import type { RaceRacer } from '../../src/domain/rules/race-results';
import {
  RESULT_COLUMNS,
  RESULTS_FILE_MESSAGES,
  matchResultRows,
  racerResults,
  readResultsTable,
  type ResultRow,
} from '../../src/domain/rules/results-file';

const row = (line: number, bib: number | null, overrides: Partial<ResultRow> = {}): ResultRow => ({
  line,
  bib,
  runs: [null, null],
  score: null,
  status: null,
  problems: [],
  ...overrides,
});

const racer = (bib: number | null, name: string): RaceRacer => ({
  bib,
  participantId: `p-${name}`,
  name,
  schoolId: 's1',
  schoolName: 'Snowy High',
  teamId: 't1',
  teamName: 'Snowy High A',
});

describe('finding the columns', () => {
  it('reads Bib, Run 1, Run 2, Score and Status in any case, order and spacing', () => {
    const { columns, problems } = readResultsTable([
      ['  STATUS', 'run 2', 'Name', 'bib', 'RUN1', 'score'],
      ['', '1:24.00', 'Ann', '1', '1:23.00', ''],
    ]);
    expect(problems).toEqual([]);
    expect(columns).toEqual({ bib: 3, run1: 4, run2: 1, score: 5, status: 0 });
    expect(Object.keys(columns)).toEqual([...RESULT_COLUMNS]);
  });

  it('takes the headings timing systems use: R1, Time 2, Points, Bib #', () => {
    const { columns } = readResultsTable([
      ['Bib #', 'R1', 'Time 2', 'Points'],
      ['1', '', '', '70'],
    ]);
    expect(columns).toEqual({ bib: 0, run1: 1, run2: 2, score: 3, status: null });
  });

  it('reads Time as run 1 of a one-run file, but not over a Run 1 column (a two-run file with its total)', () => {
    expect(
      readResultsTable([
        ['Bib', 'Time'],
        ['1', '83.45'],
      ]).columns.run1,
    ).toBe(1);
    const twoRuns = readResultsTable([
      ['Bib', 'Time', 'Run 1', 'Run 2'],
      ['1', '2:47.00', '1:23.00', '1:24.00'],
    ]);
    expect(twoRuns.columns).toEqual({ bib: 0, run1: 2, run2: 3, score: null, status: null });
    expect(twoRuns.rows[0]!.runs).toEqual([8300, 8400]);
  });

  it("reads a timing system's own headings through a mapping, the rest by their usual headings", () => {
    const table = [
      ['Start No', 'Net Time 1', 'Net Time 2', 'Status'],
      ['7', '1:01.10', '1:02.20', ''],
    ];
    const read = readResultsTable(table, { bib: 'start no', run1: 'Net Time 1', run2: ' NET TIME 2 ' });
    expect(read.columns).toEqual({ bib: 0, run1: 1, run2: 2, score: null, status: 3 });
    expect(read.rows).toEqual([row(2, 7, { runs: [6110, 6220] })]);
  });

  it('says which mapped heading the file lacks, and reads no rows', () => {
    const read = readResultsTable(
      [
        ['Bib', 'Run 1'],
        ['1', '1:00.00'],
      ],
      { run1: 'Net Time' },
    );
    expect(read.problems).toEqual(["The file has no column headed 'Net Time'.", RESULTS_FILE_MESSAGES.noResultColumn]);
    expect(read.rows).toEqual([]);
  });

  it('refuses a file without a bib or a result column, an empty file, and one with no rows', () => {
    expect(
      readResultsTable([
        ['Name', 'Run 1'],
        ['Ann', '1:00.00'],
      ]).problems,
    ).toEqual(['The file has no Bib column. Head the bibs’ column Bib, or choose the column that holds them.']);
    expect(
      readResultsTable([
        ['Bib', 'Name', 'Status'],
        ['1', 'Ann', 'DNS'],
      ]).problems,
    ).toEqual([
      'The file has no Run 1, Run 2, Time or Score column. Head the results’ columns so, or choose the columns that hold them.',
    ]);
    expect(readResultsTable([]).problems).toEqual(['The file is empty.']);
    expect(readResultsTable([['', ' ']]).problems).toEqual(['The file is empty.']);
    expect(
      readResultsTable([
        ['Bib', 'Run 1'],
        ['', ''],
      ]).problems,
    ).toEqual(['The file has headings but no results under them.']);
  });
});

describe('reading the rows', () => {
  const headings = ['Bib', 'Run 1', 'Run 2', 'Status'];

  it('reads bibs, times in hundredths and statuses, skipping blank rows and numbering rows as the sheet does', () => {
    const read = readResultsTable([
      headings,
      ['12', '1:23.45', '1:24.00', ''],
      ['', '', '', ''],
      ['57.0', '83.4', '', 'dnf'],
      ['8', '', '', 'DNS'],
    ]);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      row(2, 12, { runs: [8345, 8400] }),
      row(4, 57, { runs: [8340, null], status: 'DNF' }),
      row(5, 8, { status: 'DNS' }),
    ]);
  });

  it('reads a status written in a run cell as the racer’s status', () => {
    const read = readResultsTable([headings, ['3', '1:00.00', 'DNF', '']]);
    expect(read.rows).toEqual([row(2, 3, { runs: [6000, null], status: 'DNF' })]);
  });

  it('names the column and the text of a bad time, and says how to write it', () => {
    const read = readResultsTable([headings, ['4', '1:2x.00', '1:23.456', '']]);
    expect(read.rows[0]!.problems).toEqual([
      "Run 1: '1:2x.00' is not a time. Write it as 1:23.45, or in seconds.",
      "Run 2: '1:23.456' has more than hundredths of a second. Write it to hundredths, as 1:23.45.",
    ]);
    expect(read.rows[0]!.runs).toEqual([null, null]);
  });

  it('names the file’s own heading in a problem', () => {
    const read = readResultsTable([
      ['Bib', 'Time'],
      ['4', 'fast'],
    ]);
    expect(read.rows[0]!.problems).toEqual(["Time: 'fast' is not a time. Write it as 1:23.45, or in seconds."]);
  });

  it('finds a bad bib, a missing bib, a bad status and two statuses that disagree', () => {
    const read = readResultsTable([
      headings,
      ['A12', '1:00.00', '1:00.00', ''],
      ['', '1:00.00', '1:00.00', ''],
      ['0', '1:00.00', '1:00.00', ''],
      ['5', '1:00.00', '1:00.00', 'Finished'],
      ['6', '1:00.00', 'DNF', 'DSQ'],
    ]);
    expect(read.rows.map((r) => [r.line, r.bib, r.status, r.problems])).toEqual([
      [2, null, null, ["Bib 'A12' is not a bib number."]],
      [3, null, null, ['Bib is missing.']],
      [4, null, null, ["Bib '0' is not a bib number."]],
      [5, 5, null, ["Status: 'Finished' is not a status. Write DNS, DNF or DSQ, or leave it blank."]],
      [6, 6, null, ['The row says both DNF and DSQ: keep one.']],
    ]);
  });

  it('reads judged scores from a Score column', () => {
    const read = readResultsTable([
      ['Bib', 'Score'],
      ['1', '72.5'],
      ['2', '101'],
      ['3', 'dns'],
    ]);
    expect(read.rows).toEqual([
      row(2, 1, { score: 72.5 }),
      row(3, 2, { problems: ["Score: '101' is more than 100, the highest score."] }),
      row(4, 3, { status: 'DNS' }),
    ]);
  });
});

describe('matching the rows to the race', () => {
  const racers = [racer(1, 'Ann'), racer(2, 'Bea'), racer(3, 'Cat'), racer(null, 'Dee')];

  it('matches each row to the racer of its bib', () => {
    const match = matchResultRows([row(2, 2, { runs: [6000, 6100] }), row(3, 1)], racers);
    expect(match.matched.map((m) => [m.row.line, m.racer.name])).toEqual([
      [2, 'Bea'],
      [3, 'Ann'],
    ]);
    expect(match.notImported).toEqual([]);
  });

  it('does not import a bib that is not in this race', () => {
    const match = matchResultRows([row(2, 57), row(3, 1)], racers);
    expect(match.notImported).toEqual([{ line: 2, bib: 57, problems: ['Bib 57 is not in this race.'] }]);
    expect(match.matched.map((m) => m.racer.name)).toEqual(['Ann']);
  });

  it('imports neither row of a bib the file gives twice', () => {
    const match = matchResultRows([row(2, 3), row(3, 1), row(4, 3)], racers);
    const twice = 'Bib 3 is in the file more than once (rows 2 and 4): keep one row for it.';
    expect(match.notImported).toEqual([
      { line: 2, bib: 3, problems: [twice] },
      { line: 4, bib: 3, problems: [twice] },
    ]);
    expect(match.matched.map((m) => m.racer.name)).toEqual(['Ann']);
  });

  it('does not import a row with problems, keeping its words', () => {
    const bad = row(2, 1, { problems: ["Run 1: 'x' is not a time. Write it as 1:23.45, or in seconds."] });
    const noBib = row(3, null, { problems: ['Bib is missing.'] });
    expect(matchResultRows([bad, noBib], racers)).toEqual({
      matched: [],
      notImported: [
        { line: 2, bib: 1, problems: bad.problems },
        { line: 3, bib: null, problems: ['Bib is missing.'] },
      ],
    });
  });
});

describe("the racers' results for ranking", () => {
  const racers = [racer(1, 'Ann'), racer(2, 'Bea'), racer(3, 'Cat')];
  const rows = [row(2, 1, { runs: [6000, 6100], score: 70 }), row(3, 2, { runs: [6200, null], status: 'DNF' })];
  const { matched } = matchResultRows(rows, racers);

  it('takes both runs for a two-run discipline, and gives a racer the file leaves out no result', () => {
    expect(racerResults(racers, matched, DEFAULT_DISCIPLINE_MEASURES[1]!)).toEqual([
      { racer: racers[0], runs: [6000, 6100], status: null },
      { racer: racers[1], runs: [6200, null], status: 'DNF' },
      { racer: racers[2], runs: [], status: null },
    ]);
  });

  it('takes run 1 alone for a one-run discipline and the score for a judged one', () => {
    expect(racerResults(racers, matched, DEFAULT_DISCIPLINE_MEASURES[3]!).map((r) => r.runs)).toEqual([
      [6000],
      [6200],
      [],
    ]);
    expect(racerResults(racers, matched, DEFAULT_DISCIPLINE_MEASURES[2]!).map((r) => r.runs)).toEqual([
      [70],
      [null],
      [],
    ]);
  });
});
