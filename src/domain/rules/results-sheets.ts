// A race's results as tables of text (docs/decisions.md, 'Results from the timing system'): what
// the results screen shows, downloaded as CSV or an Excel workbook. Times as m:ss.hh and scores
// with their two decimals, as on screen and on the timing system's own sheets.
import type { DisciplineMeasure } from '../constants/results';
import type { PointscoreTable } from './pointscores';
import type { RacerStanding, TeamStanding } from './race-results';
import { formatResult } from './result-times';

const shown = (value: number | null | undefined, measure: DisciplineMeasure) =>
  value === null || value === undefined ? '' : formatResult(value, measure);

const twoRuns = (measure: DisciplineMeasure) => measure.kind === 'time' && measure.runs > 1;

export function individualResultsTable(standings: readonly RacerStanding[], measure: DisciplineMeasure): string[][] {
  const runs = twoRuns(measure);
  return [
    [
      'Place',
      'Bib',
      'Name',
      'School',
      ...(runs ? ['Run 1', 'Run 2'] : []),
      measure.kind === 'score' ? 'Score' : 'Time',
      'Status',
    ],
    ...standings.map((s) => [
      s.place === null ? '' : String(s.place),
      s.racer.bib === null ? '' : String(s.racer.bib),
      s.racer.name,
      s.racer.schoolName,
      ...(runs ? [shown(s.runs[0], measure), shown(s.runs[1], measure)] : []),
      s.place === null ? '' : shown(s.result, measure),
      s.place === null ? (s.unplacedWhy ?? '') : '',
    ]),
  ];
}

export function teamResultsTable(standings: readonly TeamStanding[], measure: DisciplineMeasure): string[][] {
  return [
    ['Place', 'Team', 'School', measure.kind === 'score' ? 'Team score' : 'Team time', 'Incomplete because'],
    ...standings.map((t) => [
      t.place === null ? '' : String(t.place),
      t.teamName,
      t.schoolName,
      t.place === null ? '' : shown(t.score, measure),
      t.incompleteWhy ?? '',
    ]),
  ];
}

/** A race's results file to fill in: the columns the import reads, and a line per racer with a
 *  bib (their name beside it, which the import passes over). */
export function resultsTemplate(
  racers: readonly { bib: number | null; name: string }[],
  measure: DisciplineMeasure,
): string[][] {
  const values = measure.kind === 'score' ? ['Score'] : measure.runs > 1 ? ['Run 1', 'Run 2'] : ['Time'];
  return [
    ['Bib', 'Name', ...values, 'Status'],
    ...racers.flatMap((r) => (r.bib === null ? [] : [[String(r.bib), r.name, ...values.map(() => ''), '']])),
  ];
}

/** A pointscore's schools as a table: place, school and points. */
export function pointscoreTable(table: PointscoreTable): string[][] {
  return [
    ['Place', 'School', 'Points'],
    ...table.schools.map((s) => [String(s.place), s.schoolName, String(s.points)]),
  ];
}
