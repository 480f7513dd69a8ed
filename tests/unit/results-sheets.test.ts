// A race's template (the columns the import reads, a line per racer with a bib, which reads back
// once filled in) and a pointscore as a table to download.
import { expect, it } from 'vitest';
import { DEFAULT_DISCIPLINE_MEASURES } from '../../src/domain/constants/results';
import { readResultsTable } from '../../src/domain/rules/results-file';
import { pointscoreTable, resultsTemplate } from '../../src/domain/rules/results-sheets';

const racers = [
  { bib: 12, name: 'Ada Lee' },
  { bib: null, name: 'No Bib Yet' },
  { bib: 7, name: 'Bo Ng' },
];

it('gives a two-run race Bib, Name, Run 1, Run 2 and Status, one line per racer with a bib', () => {
  expect(resultsTemplate(racers, DEFAULT_DISCIPLINE_MEASURES[1]!)).toEqual([
    ['Bib', 'Name', 'Run 1', 'Run 2', 'Status'],
    ['12', 'Ada Lee', '', '', ''],
    ['7', 'Bo Ng', '', '', ''],
  ]);
  expect(resultsTemplate(racers, DEFAULT_DISCIPLINE_MEASURES[2]!)[0]).toEqual(['Bib', 'Name', 'Score', 'Status']);
  expect(resultsTemplate(racers, DEFAULT_DISCIPLINE_MEASURES[6]!)[0]).toEqual(['Bib', 'Name', 'Time', 'Status']);
});

it('reads back once filled in, the names passed over', () => {
  const [headings, ...lines] = resultsTemplate(racers, DEFAULT_DISCIPLINE_MEASURES[1]!);
  const filled = [headings!, ['12', 'Ada Lee', '1:00.10', '1:01.20', ''], ['7', 'Bo Ng', '58.5', '', 'DNF']];
  expect(lines).toHaveLength(2);
  const read = readResultsTable(filled);
  expect(read.problems).toEqual([]);
  expect(read.rows.map((r) => [r.bib, r.runs, r.status, r.problems])).toEqual([
    [12, [6010, 6120], null, []],
    [7, [5850, null], 'DNF', []],
  ]);
});

it('writes a pointscore as place, school and points', () => {
  expect(
    pointscoreTable({
      pointscore: 'Skiing',
      schoolType: 'Secondary',
      gender: 'Co-Ed',
      schools: [
        { place: 1, schoolId: 'a', schoolName: 'Alpha', points: 19 },
        { place: 1, schoolId: 'b', schoolName: 'Beta', points: 19 },
        { place: 3, schoolId: 'c', schoolName: 'Gamma', points: 8 },
      ],
    }),
  ).toEqual([
    ['Place', 'School', 'Points'],
    ['1', 'Alpha', '19'],
    ['1', 'Beta', '19'],
    ['3', 'Gamma', '8'],
  ]);
});
