// Who goes on from a race: the top 6 teams and the top 15 racers (10 from a race of fewer than 30
// starters, DNS not starting), everyone sharing the last qualifying place with them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_QUALIFIER_SETTINGS } from '../../src/domain/constants/results';
import type { ResultStatus } from '../../src/domain/constants/results';
import { raceStandings, type RacerResult } from '../../src/domain/rules/race-results';
import { isStarter, qualifierLines, raceQualifiers, sameQualifierLines } from '../../src/domain/rules/qualifiers';

const SKIER_CROSS = DEFAULT_DISCIPLINE_MEASURES[3]!;

let nextBib = 1;
const result = (teamNo: number, runs: (number | null)[], status: ResultStatus | null = null): RacerResult => {
  const bib = nextBib++;
  return {
    racer: {
      bib,
      participantId: `p${bib}`,
      name: `Racer ${bib}`,
      schoolId: `s${teamNo}`,
      schoolName: `School ${String(teamNo).padStart(2, '0')}`,
      teamId: `t${teamNo}`,
      teamName: `School ${String(teamNo).padStart(2, '0')} A`,
    },
    runs,
    status,
  };
};

/** Teams of two, team n scoring 2 × times[n - 1]; 0 marks a team with one DNF (incomplete). */
function teamsRace(teamTimes: readonly number[]): RacerResult[] {
  return teamTimes.flatMap((time, index) =>
    time === 0
      ? [result(index + 1, [5000]), result(index + 1, [null], 'DNF')]
      : [result(index + 1, [time]), result(index + 1, [time])],
  );
}

/** One racer per time, each in a team of their own; a status instead of a time makes them
 *  unplaced. */
function racersRace(entries: readonly (number | ResultStatus | null)[]): RacerResult[] {
  return entries.map((entry, index) =>
    typeof entry === 'number' ? result(100 + index, [entry]) : result(100 + index, [], entry),
  );
}

const placesOf = (standings: readonly { place: number | null }[]) => standings.map((s) => s.place);

describe('team qualifiers', () => {
  it('send the top 6 teams to the next level', () => {
    const standings = raceStandings(teamsRace([4000, 4100, 4200, 4300, 4400, 4500, 4600, 4700]), SKIER_CROSS);
    const qualifiers = raceQualifiers(standings, 'Regional', DEFAULT_QUALIFIER_SETTINGS);
    expect(qualifiers.nextLevel).toBe('State');
    expect(qualifiers.teams.map((t) => t.teamName)).toEqual([
      'School 01 A',
      'School 02 A',
      'School 03 A',
      'School 04 A',
      'School 05 A',
      'School 06 A',
    ]);
  });

  it('send every team sharing 6th place, and none that is incomplete', () => {
    // Places 1 to 5, then 6, 6 and 6 (teams 6 to 8), then 9; team 10 is incomplete.
    const standings = raceStandings(teamsRace([4000, 4100, 4200, 4300, 4400, 4500, 4500, 4500, 4600, 0]), SKIER_CROSS);
    expect(placesOf(standings.teams)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 9, null]);
    const qualifiers = raceQualifiers(standings, 'State', DEFAULT_QUALIFIER_SETTINGS);
    expect(qualifiers.nextLevel).toBe('National');
    expect(placesOf(qualifiers.teams)).toEqual([1, 2, 3, 4, 5, 6, 6, 6]);
  });

  it('send all of a tie that starts above the cut-off and runs past it', () => {
    const standings = raceStandings(teamsRace([4000, 4100, 4200, 4300, 4400, 4400, 4400, 4500]), SKIER_CROSS);
    expect(placesOf(raceQualifiers(standings, 'Regional', DEFAULT_QUALIFIER_SETTINGS).teams)).toEqual([
      1, 2, 3, 4, 5, 5, 5,
    ]);
  });

  it('send no one on from a national event', () => {
    const standings = raceStandings(teamsRace([4000, 4100]), SKIER_CROSS);
    expect(raceQualifiers(standings, 'National', DEFAULT_QUALIFIER_SETTINGS)).toMatchObject({
      nextLevel: null,
      teams: [],
      racers: [],
    });
  });

  it("follow an event's own number", () => {
    const standings = raceStandings(teamsRace([4000, 4100, 4200, 4300]), SKIER_CROSS);
    const qualifiers = raceQualifiers(standings, 'Regional', { ...DEFAULT_QUALIFIER_SETTINGS, teams: 2 });
    expect(placesOf(qualifiers.teams)).toEqual([1, 2]);
  });
});

describe('individual qualifiers', () => {
  // 29 finishers, racers 10 and 11 tied on 1090 (places 1 to 9, 10, 10, 12 ... 29), 2 DNS and one
  // racer the file never named: 29 starters.
  const times = Array.from({ length: 29 }, (_, i) => (i === 10 ? 1090 : 1000 + 10 * i));
  const smallRace = racersRace([...times, 'DNS', 'DNS', null]);

  it('count racers without DNS who have a time or a status as starters', () => {
    const standings = raceStandings(smallRace, SKIER_CROSS);
    expect(standings.racers.filter(isStarter)).toHaveLength(29);
    expect(raceQualifiers(standings, 'Regional', DEFAULT_QUALIFIER_SETTINGS).starters).toBe(29);
  });

  it('send the top 10 from a race of fewer than 30 starters, both racers tied on 10th', () => {
    const qualifiers = raceQualifiers(raceStandings(smallRace, SKIER_CROSS), 'Regional', DEFAULT_QUALIFIER_SETTINGS);
    expect(qualifiers.individualPlaces).toBe(10);
    expect(placesOf(qualifiers.racers)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
  });

  it('send the top 15 once the race has 30 starters (a DNF starts)', () => {
    const qualifiers = raceQualifiers(
      raceStandings([...smallRace, ...racersRace(['DNF'])], SKIER_CROSS),
      'Regional',
      DEFAULT_QUALIFIER_SETTINGS,
    );
    expect(qualifiers.starters).toBe(30);
    expect(qualifiers.individualPlaces).toBe(15);
    expect(placesOf(qualifiers.racers)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 12, 13, 14, 15]);
  });
});

describe('the invitations a race’s qualifiers make', () => {
  // Three racers tie on 5000 (teams 2 and 3), two more on 6000; the DNF has no place.
  it('name each qualifying team with its racers, then each qualifying individual; a changed result is noticed', () => {
    const standings = raceStandings(teamsRace([6000, 0, 5000]), SKIER_CROSS);
    const q = raceQualifiers(standings, 'Regional', DEFAULT_QUALIFIER_SETTINGS);
    const lines = qualifierLines(q, standings);
    const teamLines = lines.filter((l) => l.kind === 'team');
    expect(teamLines.map((l) => [l.place, l.teamName, l.racers.length])).toEqual([
      [1, 'School 03 A', 2],
      [2, 'School 01 A', 2],
    ]);
    expect(lines.filter((l) => l.kind === 'racer').map((l) => l.place)).toEqual([1, 1, 1, 4, 4]);
    expect(sameQualifierLines(lines, [...lines].reverse())).toBe(true);
    const corrected = raceStandings(teamsRace([4000, 0, 5000]), SKIER_CROSS);
    const after = qualifierLines(raceQualifiers(corrected, 'Regional', DEFAULT_QUALIFIER_SETTINGS), corrected);
    expect(sameQualifierLines(lines, after)).toBe(false);
  });
});
