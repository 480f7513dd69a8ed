// School pointscores (docs/decisions.md, 'Results from the timing system'): each ranked team earns its school points by
// its place in its race, and each pointscore adds up a school's points over the races of its
// disciplines, for primary or secondary divisions and for a gender (Co-Ed: boys and girls
// together). Which disciplines, divisions and points are the event's settings.
import {
  POINTSCORES,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  type Pointscore,
  type ResultGender,
  type ResultSchoolType,
  type TeamGender,
} from '../constants/choices';
import type { DisciplineId } from '../constants/disciplines';
import { POINTSCORE_GENDERS_OF_RACE, type PointscoreSettings } from '../constants/results';
import { sharedPlaces } from './race-results';

/** A race's ranked teams, as rankTeams answers them (incomplete teams have no place). */
export interface RaceTeamPlaces {
  disciplineId: DisciplineId;
  division: number;
  gender: TeamGender;
  teams: readonly { place: number | null; schoolId: string; schoolName: string }[];
}

interface SchoolPoints {
  place: number;
  schoolId: string;
  schoolName: string;
  points: number;
}

export interface PointscoreTable {
  pointscore: Pointscore;
  schoolType: ResultSchoolType;
  gender: ResultGender;
  /** Most points first; equal points share a place (1, 1, 3), then by name. */
  schools: SchoolPoints[];
}

/** The points of a place: tied teams share a place, so each earns that place's points. */
export function pointsForPlace(place: number | null, pointsByPlace: readonly number[]): number {
  return place === null ? 0 : (pointsByPlace[place - 1] ?? 0);
}

function countsFor(race: RaceTeamPlaces, table: Omit<PointscoreTable, 'schools'>, settings: PointscoreSettings) {
  const disciplines = settings.groups[table.pointscore];
  const divisions = settings.divisions[table.schoolType];
  return (
    (disciplines === 'all' || disciplines.includes(race.disciplineId)) &&
    race.division >= divisions.from &&
    race.division <= divisions.to &&
    POINTSCORE_GENDERS_OF_RACE[race.gender].includes(table.gender)
  );
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Schools by points, most first. A school that earned nothing is left out, as on the awards. */
function rankSchools(points: ReadonlyMap<string, { schoolName: string; points: number }>): SchoolPoints[] {
  const sorted = [...points.entries()]
    .map(([schoolId, school]) => ({ schoolId, ...school }))
    .filter((school) => school.points > 0)
    .sort((a, b) => b.points - a.points || byText(a.schoolName, b.schoolName) || byText(a.schoolId, b.schoolId));
  // Ranked on the negated points so equals are next to each other as sharedPlaces expects.
  const places = sharedPlaces(sorted.map((school) => -school.points));
  return sorted.map((school, index) => ({ place: places[index]!, ...school }));
}

function pointscoreTable(
  races: readonly RaceTeamPlaces[],
  table: Omit<PointscoreTable, 'schools'>,
  settings: PointscoreSettings,
): PointscoreTable {
  const points = new Map<string, { schoolName: string; points: number }>();
  for (const race of races.filter((r) => countsFor(r, table, settings))) {
    for (const team of race.teams) {
      const earned = pointsForPlace(team.place, settings.pointsByPlace);
      const school = points.get(team.schoolId) ?? { schoolName: team.schoolName, points: 0 };
      points.set(team.schoolId, { ...school, points: school.points + earned });
    }
  }
  return { ...table, schools: rankSchools(points) };
}

/** Every pointscore for every school type and gender (4 × 2 × 3 tables, in the order of the
 *  choice lists), each ranking the schools by their points. */
export function schoolPointscores(races: readonly RaceTeamPlaces[], settings: PointscoreSettings): PointscoreTable[] {
  return POINTSCORES.flatMap((pointscore) =>
    RESULT_SCHOOL_TYPES.flatMap((schoolType) =>
      RESULT_GENDERS.map((gender) => pointscoreTable(races, { pointscore, schoolType, gender }, settings)),
    ),
  );
}
