// Who goes on from a race to the next level (docs/decisions.md, 'Results from the timing system'): its top teams and top
// individuals, fewer individuals from a small race. A cut-off never splits a tie: everyone sharing
// the last qualifying place goes, so a race may send more than the number.
import type { EventLevel } from '../constants/choices';
import { NEXT_EVENT_LEVEL, type QualifierSettings } from '../constants/results';
import type { RacerStanding, RaceStandings, TeamStanding } from './race-results';

export interface RaceQualifiers {
  /** Where they go; null from the last level, which sends no one. */
  nextLevel: EventLevel | null;
  starters: number;
  /** How many individuals the race sends before ties: fewer for a small race. */
  individualPlaces: number;
  teams: TeamStanding[];
  racers: RacerStanding[];
}

/** A racer started unless marked DNS or without any result at all (not in the results file). */
export function isStarter(racer: RacerStanding): boolean {
  if (racer.status === 'DNS') return false;
  return racer.status !== null || racer.runs.some((value) => value !== null);
}

/** Standings with a place within the first `places`: a shared place is the first of the places
 *  it takes, so everyone tied on the last place is within. */
const withinPlaces = <T extends { place: number | null }>(standings: readonly T[], places: number): T[] =>
  standings.filter((standing) => standing.place !== null && standing.place <= places);

export function raceQualifiers(
  standings: RaceStandings,
  level: EventLevel,
  settings: QualifierSettings,
): RaceQualifiers {
  const nextLevel = NEXT_EVENT_LEVEL[level];
  const starters = standings.racers.filter(isStarter).length;
  const individualPlaces = starters < settings.smallRaceStarters ? settings.individualsSmallRace : settings.individuals;
  if (nextLevel === null) return { nextLevel, starters, individualPlaces, teams: [], racers: [] };
  return {
    nextLevel,
    starters,
    individualPlaces,
    teams: withinPlaces(standings.teams, settings.teams),
    racers: withinPlaces(standings.racers, individualPlaces),
  };
}

/** One invitation a race's qualifiers make: a school's team with its racers, or one racer. */
export interface QualifierLine {
  kind: 'team' | 'racer';
  schoolId: string;
  place: number;
  teamName: string;
  racers: readonly string[];
}

/** The invitations of a race's qualifiers: its teams, naming their racers, then its individuals. */
export function qualifierLines(q: RaceQualifiers, standings: RaceStandings): QualifierLine[] {
  const membersOf = (teamId: string) =>
    standings.racers.filter((r) => r.racer.teamId === teamId).map((r) => r.racer.name);
  return [
    ...q.teams.map((t) => ({
      kind: 'team' as const,
      schoolId: t.schoolId,
      place: t.place!,
      teamName: t.teamName,
      racers: membersOf(t.teamId),
    })),
    ...q.racers.map((r) => ({
      kind: 'racer' as const,
      schoolId: r.racer.schoolId,
      place: r.place!,
      teamName: r.racer.teamName,
      racers: [r.racer.name],
    })),
  ];
}

/** Whether two sets of invitations name the same teams and racers in the same places. */
export function sameQualifierLines(a: readonly QualifierLine[], b: readonly QualifierLine[]): boolean {
  const key = (line: QualifierLine) =>
    [line.kind, line.schoolId, line.place, line.teamName, ...line.racers].join('\u0000');
  const keys = new Set(a.map(key));
  return a.length === b.length && b.every((line) => keys.has(key(line)));
}
