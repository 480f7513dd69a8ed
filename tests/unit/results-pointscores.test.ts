// School pointscores worked by hand: a team's place earns its school points (10 for 1st down to 1
// for 10th, tied teams each the points of their shared place), summed per pointscore over its
// disciplines, for primary or secondary divisions, by gender with Co-Ed summing both.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POINTSCORE_DIVISIONS,
  DEFAULT_POINTSCORE_GROUPS,
  DEFAULT_POINTSCORE_SETTINGS,
  DEFAULT_POINTS_BY_PLACE,
} from '../../src/domain/constants/results';
import {
  pointsForPlace,
  schoolPointscores,
  type PointscoreTable,
  type RaceTeamPlaces,
} from '../../src/domain/rules/pointscores';

const SNOWY = { schoolId: 's-snowy', schoolName: 'Snowy High' };
const ALPINE = { schoolId: 's-alpine', schoolName: 'Alpine Way' };
const BOGONG = { schoolId: 's-bogong', schoolName: 'Bogong' };
const HILL = { schoolId: 's-hill', schoolName: 'Hill College' };
const REMOTE = { schoolId: 's-remote', schoolName: 'Remote' };

const races: RaceTeamPlaces[] = [
  // Alpine, division 1, boys: Snowy 10 + 9 (its B team tied 2nd), Alpine 9, Bogong 7 (4th after
  // the tie), Hill incomplete and Remote 11th earn nothing.
  {
    disciplineId: 1,
    division: 1,
    gender: 'Male',
    teams: [
      { place: 1, ...SNOWY },
      { place: 2, ...ALPINE },
      { place: 2, ...SNOWY },
      { place: 4, ...BOGONG },
      { place: 11, ...REMOTE },
      { place: null, ...HILL },
    ],
  },
  // Snowboard GS, division 2, girls: Alpine 10, Snowy 9.
  {
    disciplineId: 4,
    division: 2,
    gender: 'Female',
    teams: [
      { place: 1, ...ALPINE },
      { place: 2, ...SNOWY },
    ],
  },
  // Moguls (skiing), division 3, girls: Bogong 10, Alpine 9.
  {
    disciplineId: 2,
    division: 3,
    gender: 'Female',
    teams: [
      { place: 1, ...BOGONG },
      { place: 2, ...ALPINE },
    ],
  },
  // Cross country classic, division 5 (primary), boys: Snowy 10.
  { disciplineId: 6, division: 5, gender: 'Male', teams: [{ place: 1, ...SNOWY }] },
  // Alpine primary teams, division 4, a co-ed race: Alpine 10, for Co-Ed only.
  { disciplineId: 7, division: 4, gender: 'Co-ed', teams: [{ place: 1, ...ALPINE }] },
];

const tableOf = (tables: readonly PointscoreTable[], pointscore: string, schoolType: string, gender: string) =>
  tables
    .find((t) => t.pointscore === pointscore && t.schoolType === schoolType && t.gender === gender)!
    .schools.map((s) => [s.place, s.schoolName, s.points]);

describe('points by place', () => {
  it('gives 10 to 1st down to 1 to 10th, and nothing below or without a place', () => {
    expect(DEFAULT_POINTS_BY_PLACE).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(pointsForPlace(1, DEFAULT_POINTS_BY_PLACE)).toBe(10);
    expect(pointsForPlace(2, DEFAULT_POINTS_BY_PLACE)).toBe(9);
    expect(pointsForPlace(10, DEFAULT_POINTS_BY_PLACE)).toBe(1);
    expect(pointsForPlace(11, DEFAULT_POINTS_BY_PLACE)).toBe(0);
    expect(pointsForPlace(null, DEFAULT_POINTS_BY_PLACE)).toBe(0);
  });

  it("uses an event's own table", () => {
    expect(pointsForPlace(2, [25, 18, 15])).toBe(18);
    expect(pointsForPlace(4, [25, 18, 15])).toBe(0);
  });
});

describe('the default groups', () => {
  it('put each discipline in its pointscore and divisions 1 to 3 in secondary, 4 to 6 in primary', () => {
    expect(DEFAULT_POINTSCORE_GROUPS).toEqual({
      Skiing: [1, 2, 3, 7, 9, 10],
      Snowboard: [4, 5, 11],
      'Cross Country': [6, 8],
      'Overall Pointscore': 'all',
    });
    expect(DEFAULT_POINTSCORE_DIVISIONS).toEqual({ Primary: { from: 4, to: 6 }, Secondary: { from: 1, to: 3 } });
  });
});

describe('school pointscores', () => {
  const tables = schoolPointscores(races, DEFAULT_POINTSCORE_SETTINGS);

  it('answers every pointscore for primary and secondary and each gender', () => {
    expect(tables).toHaveLength(24);
    expect(tables.slice(0, 7).map((t) => `${t.pointscore} ${t.schoolType} ${t.gender}`)).toEqual([
      'Skiing Primary Male',
      'Skiing Primary Female',
      'Skiing Primary Co-Ed',
      'Skiing Secondary Male',
      'Skiing Secondary Female',
      'Skiing Secondary Co-Ed',
      'Snowboard Primary Male',
    ]);
  });

  it('sums a school’s points over the races of the group, tied teams each earning their shared place', () => {
    expect(tableOf(tables, 'Skiing', 'Secondary', 'Male')).toEqual([
      [1, 'Snowy High', 19],
      [2, 'Alpine Way', 9],
      [3, 'Bogong', 7],
    ]);
    expect(tableOf(tables, 'Skiing', 'Secondary', 'Female')).toEqual([
      [1, 'Bogong', 10],
      [2, 'Alpine Way', 9],
    ]);
    expect(tableOf(tables, 'Snowboard', 'Secondary', 'Female')).toEqual([
      [1, 'Alpine Way', 10],
      [2, 'Snowy High', 9],
    ]);
    expect(tableOf(tables, 'Snowboard', 'Secondary', 'Male')).toEqual([]);
  });

  it("sums a school's boys' and girls' races for Co-Ed", () => {
    // Skiing: Snowy 19 + 0, Alpine 9 + 9, Bogong 7 + 10.
    expect(tableOf(tables, 'Skiing', 'Secondary', 'Co-Ed')).toEqual([
      [1, 'Snowy High', 19],
      [2, 'Alpine Way', 18],
      [3, 'Bogong', 17],
    ]);
  });

  it('ranks equal points on one place, then by name', () => {
    // Overall secondary Co-Ed: Alpine 9 + 10 + 9 = 28, Snowy 19 + 9 = 28, Bogong 7 + 10 = 17.
    expect(tableOf(tables, 'Overall Pointscore', 'Secondary', 'Co-Ed')).toEqual([
      [1, 'Alpine Way', 28],
      [1, 'Snowy High', 28],
      [3, 'Bogong', 17],
    ]);
    expect(tableOf(tables, 'Overall Pointscore', 'Secondary', 'Female')).toEqual([
      [1, 'Alpine Way', 19],
      [2, 'Bogong', 10],
      [3, 'Snowy High', 9],
    ]);
  });

  it('counts divisions 4 to 6 as primary, cross country on its own, and a co-ed race for Co-Ed alone', () => {
    expect(tableOf(tables, 'Cross Country', 'Primary', 'Male')).toEqual([[1, 'Snowy High', 10]]);
    expect(tableOf(tables, 'Cross Country', 'Secondary', 'Male')).toEqual([]);
    expect(tableOf(tables, 'Skiing', 'Primary', 'Male')).toEqual([]);
    expect(tableOf(tables, 'Skiing', 'Primary', 'Co-Ed')).toEqual([[1, 'Alpine Way', 10]]);
    expect(tableOf(tables, 'Overall Pointscore', 'Primary', 'Co-Ed')).toEqual([
      [1, 'Alpine Way', 10],
      [1, 'Snowy High', 10],
    ]);
  });

  it("follows an event's own points and groups", () => {
    const own = {
      ...DEFAULT_POINTSCORE_SETTINGS,
      pointsByPlace: [3, 2, 1],
      groups: { ...DEFAULT_POINTSCORE_SETTINGS.groups, Skiing: [1] },
    };
    const ownTables = schoolPointscores(races, own);
    // Alpine race only: Snowy 3 + 2, Alpine 2, Bogong's 4th place nothing.
    expect(tableOf(ownTables, 'Skiing', 'Secondary', 'Co-Ed')).toEqual([
      [1, 'Snowy High', 5],
      [2, 'Alpine Way', 2],
    ]);
  });
});
