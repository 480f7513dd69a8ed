// Computed results as the spec's published results (docs/decisions.md, 'Results from the timing
// system'): a race's ranked racers as its Individual placings (place, name, school, bib, result)
// and its ranked teams as its Team placings (place, team, school, result and the points the place
// earns), and each school pointscore as an overall result's placings.
import type { ResultGender } from '../constants/choices';
import type { DisciplineMeasure } from '../constants/results';
import type { RaceOfEvent } from './event-results';
import { pointsForPlace, type PointscoreTable } from './pointscores';
import { formatResult } from './result-times';
import type { Placing } from '../schemas/entities/result';

/** The result genders are written 'Co-Ed'; a team's 'Co-ed'. */
export const resultGender = (gender: string): ResultGender =>
  gender === 'Male' || gender === 'Female' ? gender : 'Co-Ed';

export function individualPlacings(race: RaceOfEvent, measure: DisciplineMeasure): Placing[] {
  return race.standings.racers.flatMap((s) =>
    s.place === null
      ? []
      : [
          {
            place: s.place,
            name: s.racer.name,
            school: s.racer.schoolName,
            ...(s.racer.bib === null ? {} : { bib: s.racer.bib }),
            ...(s.result === null ? {} : { result: formatResult(s.result, measure) }),
            // The school points are the teams' (the awards count these, not individual places).
            points: 0,
          },
        ],
  );
}

export function teamPlacings(
  race: RaceOfEvent,
  measure: DisciplineMeasure,
  pointsByPlace: readonly number[],
): Placing[] {
  return race.standings.teams.flatMap((t) =>
    t.place === null
      ? []
      : [
          {
            place: t.place,
            name: t.teamName,
            school: t.schoolName,
            ...(t.score === null ? {} : { result: formatResult(t.score, measure) }),
            points: pointsForPlace(t.place, pointsByPlace),
          },
        ],
  );
}

/** A pointscore's schools as an overall result's placings. */
export function pointscorePlacings(table: PointscoreTable): Placing[] {
  return table.schools.map((s) => ({ place: s.place, name: s.schoolName, points: s.points }));
}
