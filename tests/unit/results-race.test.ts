// A race's results by each measure of the default table, against results worked by hand: racers
// ranked with shared places (1, 2, 2, 4), racers with DNS, DNF or DSQ listed after without a
// place, teams scored by the measure, and teams short of results listed after with why.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCIPLINE_MEASURES,
  type DisciplineMeasure,
  type ResultStatus,
} from '../../src/domain/constants/results';
import {
  measureOf,
  raceStandings,
  rankRacers,
  rankTeams,
  sharedPlaces,
  type RaceRacer,
  type RacerResult,
} from '../../src/domain/rules/race-results';
import { formatTime } from '../../src/domain/rules/result-times';

const ALPINE = DEFAULT_DISCIPLINE_MEASURES[1]!;
const SNOWBOARD_GS = DEFAULT_DISCIPLINE_MEASURES[4]!;
const SKIER_CROSS = DEFAULT_DISCIPLINE_MEASURES[3]!;
const MOGULS = DEFAULT_DISCIPLINE_MEASURES[2]!;
const CROSS_COUNTRY = DEFAULT_DISCIPLINE_MEASURES[6]!;

const team = (teamId: string, schoolName: string, letter = 'A') => ({
  teamId,
  teamName: `${schoolName} ${letter}`,
  schoolId: `school-${schoolName}`,
  schoolName,
});
type Team = ReturnType<typeof team>;

const racer = (bib: number, name: string, of: Team): RaceRacer => ({ bib, participantId: `p${bib}`, name, ...of });
const result = (
  bib: number,
  name: string,
  of: Team,
  runs: (number | null)[],
  status: ResultStatus | null = null,
): RacerResult => ({ racer: racer(bib, name, of), runs, status });

/** The ranking as [name, place, result, why] rows, easy to check against the worked example. */
const racerRows = (results: readonly RacerResult[], measure: DisciplineMeasure) =>
  rankRacers(results, measure).map((s) => [s.racer.name, s.place, s.result, s.unplacedWhy]);
const teamRows = (results: readonly RacerResult[], measure: DisciplineMeasure) =>
  rankTeams(results, measure).map((t) => [t.teamName, t.place, t.score, t.incompleteWhy]);

describe('the measures', () => {
  it('are looked up by discipline id in the event settings', () => {
    expect(measureOf(1, DEFAULT_DISCIPLINE_MEASURES)).toEqual({
      kind: 'time',
      runs: 2,
      individual: 'sum',
      team: 'eachRun',
      counted: 3,
    });
    expect(measureOf(4, DEFAULT_DISCIPLINE_MEASURES)?.counted).toBe(2);
    expect(measureOf(11, DEFAULT_DISCIPLINE_MEASURES)).toEqual(MOGULS);
    expect(measureOf(99, DEFAULT_DISCIPLINE_MEASURES)).toBeNull();
  });

  it('give every discipline of the table its measure', () => {
    const summary = Object.entries(DEFAULT_DISCIPLINE_MEASURES).map(
      ([id, m]) => `${id} ${m.kind} ${m.team} ${m.counted}`,
    );
    expect(summary).toEqual([
      '1 time eachRun 3',
      '2 score results 2',
      '3 time results 2',
      '4 time eachRun 2',
      '5 time results 2',
      '6 time results 3',
      '7 time eachRun 3',
      '8 time results 3',
      '9 time eachRun 3',
      '10 score results 2',
      '11 score results 2',
    ]);
  });
});

describe('shared places', () => {
  it('gives equals one place and skips the places they took', () => {
    expect(sharedPlaces([10, 20, 20, 30])).toEqual([1, 2, 2, 4]);
    expect(sharedPlaces([5, 5, 5, 6])).toEqual([1, 1, 1, 4]);
    expect(sharedPlaces([1, 2, 3])).toEqual([1, 2, 3]);
    expect(sharedPlaces([])).toEqual([]);
  });
});

describe('two-run alpine (4-member teams, 3 fastest of each run)', () => {
  const snowy = team('t-snowy', 'Snowy High');
  const alpine = team('t-alpine', 'Alpine Way');
  const hill = team('t-hill', 'Hill College');
  // Worked by hand, in hundredths (6000 is 1:00.00):
  // Snowy:  Ann 6000+6200=12200, Bea 6100+6050=12150, Cat 6050 then DNF, Dee 6200+6300=12500.
  //         run 1: Ann 6000, Cat 6050, Bea 6100 = 18150 (Cat's DNF is in run 2, her run 1 stands)
  //         run 2: Bea 6050, Ann 6200, Dee 6300 = 18550; score 36700.
  // Alpine: Eve 5900+6100=12000, Fay 6400+6400=12800, Gus DNS, Hal 6000+6150=12150.
  //         run 1: 5900+6000+6400 = 18300; run 2: 6100+6150+6400 = 18650; score 36950.
  // Hill:   Ivy 6100+6200=12300, Jane 6200 then DNF, Kit 6300+6300=12600: run 2 has 2 of 3 times.
  const results = [
    result(1, 'Ann', snowy, [6000, 6200]),
    result(2, 'Bea', snowy, [6100, 6050]),
    result(3, 'Cat', snowy, [6050, null], 'DNF'),
    result(4, 'Dee', snowy, [6200, 6300]),
    result(5, 'Eve', alpine, [5900, 6100]),
    result(6, 'Fay', alpine, [6400, 6400]),
    result(7, 'Gus', alpine, [null, null], 'DNS'),
    result(8, 'Hal', alpine, [6000, 6150]),
    result(9, 'Ivy', hill, [6100, 6200]),
    result(10, 'Jane Smith', hill, [6200, null], 'DNF'),
    result(11, 'Kit', hill, [6300, 6300]),
  ];

  it('ranks racers by the sum of both runs, equals sharing a place, then the racers without one by bib', () => {
    expect(racerRows(results, ALPINE)).toEqual([
      ['Eve', 1, 12000, null],
      ['Bea', 2, 12150, null],
      ['Hal', 2, 12150, null],
      ['Ann', 4, 12200, null],
      ['Ivy', 5, 12300, null],
      ['Dee', 6, 12500, null],
      ['Kit', 7, 12600, null],
      ['Fay', 8, 12800, null],
      ['Cat', null, null, 'DNF'],
      ['Gus', null, null, 'DNS'],
      ['Jane Smith', null, null, 'DNF'],
    ]);
  });

  it('gives a racer who did not finish run 2 no place, keeping their status and run 1', () => {
    const cat = rankRacers(results, ALPINE).find((s) => s.racer.name === 'Cat');
    expect(cat).toEqual({
      racer: racer(3, 'Cat', snowy),
      place: null,
      result: null,
      runs: [6050, null],
      status: 'DNF',
      unplacedWhy: 'DNF',
    });
  });

  it('scores a team by the 3 fastest times of each run, and lists a team short in a run after, with why', () => {
    expect(teamRows(results, ALPINE)).toEqual([
      ['Snowy High A', 1, 36700, null],
      ['Alpine Way A', 2, 36950, null],
      ['Hill College A', null, null, 'Run 2: 2 of 3 times: Jane Smith DNF'],
    ]);
    expect(formatTime(36700)).toBe('6:07.00');
  });

  it('says which times made the score', () => {
    const snowyStanding = rankTeams(results, ALPINE)[0]!;
    expect(snowyStanding.counted).toEqual([
      { participantId: 'p1', run: 1, value: 6000 },
      { participantId: 'p3', run: 1, value: 6050 },
      { participantId: 'p2', run: 1, value: 6100 },
      { participantId: 'p2', run: 2, value: 6050 },
      { participantId: 'p1', run: 2, value: 6200 },
      { participantId: 'p4', run: 2, value: 6300 },
    ]);
    expect(rankTeams(results, ALPINE)[2]!.counted).toEqual([]);
  });

  it('counts as many times as the event says: 2 of each run', () => {
    // Snowy: run 1 6000+6050, run 2 6050+6200 = 24300; Alpine: 5900+6000 + 6100+6150 = 24150;
    // Hill now has 2 times in run 2: 6100+6200 + 6200+6300 = 24800.
    expect(teamRows(results, { ...ALPINE, counted: 2 })).toEqual([
      ['Alpine Way A', 1, 24150, null],
      ['Snowy High A', 2, 24300, null],
      ['Hill College A', 3, 24800, null],
    ]);
  });

  it('names a run with no time and no status', () => {
    const noRun2 = [result(1, 'Ann', snowy, [6000, null]), result(2, 'Bea', snowy, [6100])];
    expect(racerRows(noRun2, ALPINE)).toEqual([
      ['Ann', null, null, 'No time in run 2'],
      ['Bea', null, null, 'No time in run 2'],
    ]);
    expect(teamRows(noRun2, ALPINE)).toEqual([
      [
        'Snowy High A',
        null,
        null,
        'Run 1: 2 of 3 times: only 2 in the team; Run 2: 0 of 3 times: Ann no time, Bea no time, only 2 in the team',
      ],
    ]);
  });
});

describe('snowboard giant slalom (2 fastest of each run)', () => {
  const peak = team('t-peak', 'Peak School');
  const quay = team('t-quay', 'Quay College');
  // Peak: Aly 5000+5100=10100, Bo 5200+5050=10250, Cy DSQ after the race with both runs timed,
  //       so neither of Cy's runs counts: run 1 5000+5200, run 2 5050+5100 = 20350 (with Cy's
  //       4900 in run 2 it would have been 20250).
  // Quay: Di 4900+5200=10100, Ed 5100+5100=10200, Flo DNS: run 1 4900+5100, run 2 5100+5200 = 20300.
  const results = [
    result(21, 'Aly', peak, [5000, 5100]),
    result(22, 'Bo', peak, [5200, 5050]),
    result(23, 'Cy', peak, [5300, 4900], 'DSQ'),
    result(24, 'Di', quay, [4900, 5200]),
    result(25, 'Ed', quay, [5100, 5100]),
    result(26, 'Flo', quay, [], 'DNS'),
  ];

  it('ranks racers by both runs, a tie for first sharing it', () => {
    expect(racerRows(results, SNOWBOARD_GS)).toEqual([
      ['Aly', 1, 10100, null],
      ['Di', 1, 10100, null],
      ['Ed', 3, 10200, null],
      ['Bo', 4, 10250, null],
      ['Cy', null, null, 'DSQ'],
      ['Flo', null, null, 'DNS'],
    ]);
  });

  it('scores teams by their 2 fastest of each run, a disqualified racer counting in neither', () => {
    expect(teamRows(results, SNOWBOARD_GS)).toEqual([
      ['Quay College A', 1, 20300, null],
      ['Peak School A', 2, 20350, null],
    ]);
  });
});

describe('skier cross (the qualifying run, 2 best)', () => {
  const alpine = team('t-x', 'Alpine Way');
  const bogong = team('t-z', 'Bogong', 'B');
  const cooma = team('t-y', 'Cooma High');
  // Alpine: 4512 + 4600 = 9112 (Ivo DNF does not count); Cooma: 4400 + 4620 = 9020 (Lou's 4750
  // is the third); Bogong: 4500 + 4612 = 9112, tying Alpine for second.
  const results = [
    result(31, 'Gil', alpine, [4512]),
    result(32, 'Hob', alpine, [4600]),
    result(33, 'Ivo', alpine, [null], 'DNF'),
    result(34, 'Jem', cooma, [4400]),
    result(35, 'Lou', cooma, [4750]),
    result(36, 'Mo', cooma, [4620]),
    result(37, 'Ned', bogong, [4500]),
    result(38, 'Oz', bogong, [4612]),
  ];

  it('ranks racers by their qualifying time', () => {
    expect(racerRows(results, SKIER_CROSS)).toEqual([
      ['Jem', 1, 4400, null],
      ['Ned', 2, 4500, null],
      ['Gil', 3, 4512, null],
      ['Hob', 4, 4600, null],
      ['Oz', 5, 4612, null],
      ['Mo', 6, 4620, null],
      ['Lou', 7, 4750, null],
      ['Ivo', null, null, 'DNF'],
    ]);
  });

  it('scores teams by their 2 best, tied teams sharing a place in school order and the next skipped', () => {
    expect(teamRows(results, SKIER_CROSS)).toEqual([
      ['Cooma High A', 1, 9020, null],
      ['Alpine Way A', 2, 9112, null],
      ['Bogong B', 2, 9112, null],
    ]);
  });
});

describe('judged moguls (best score, 2 best members, higher is better)', () => {
  const mount = team('t-m', 'Mount School');
  const north = team('t-n', 'North College');
  // Mount: Pia best 80.1, Quin 65.5, Rae DNS: 80.1 + 65.5 = 145.6.
  // North: Sam 78.25, Tam best 70, Uma 65.5: 78.25 + 70 = 148.25, first.
  const results = [
    result(41, 'Pia', mount, [72.35, 80.1]),
    result(42, 'Quin', mount, [65.5, null]),
    result(43, 'Rae', mount, [], 'DNS'),
    result(44, 'Sam', north, [78.25]),
    result(45, 'Tam', north, [70, 67.35]),
    result(46, 'Uma', north, [65.5]),
  ];

  it('ranks racers by their best score, highest first, equal scores sharing a place', () => {
    expect(racerRows(results, MOGULS)).toEqual([
      ['Pia', 1, 80.1, null],
      ['Sam', 2, 78.25, null],
      ['Tam', 3, 70, null],
      ['Quin', 4, 65.5, null],
      ['Uma', 4, 65.5, null],
      ['Rae', null, null, 'DNS'],
    ]);
  });

  it('scores teams by their 2 best results, summed without floating point drift', () => {
    expect(teamRows(results, MOGULS)).toEqual([
      ['North College A', 1, 148.25, null],
      ['Mount School A', 2, 145.6, null],
    ]);
    expect(rankTeams(results, MOGULS)[1]!.counted).toEqual([
      { participantId: 'p41', run: null, value: 80.1 },
      { participantId: 'p42', run: null, value: 65.5 },
    ]);
  });

  it('gives a judged racer without a score no place', () => {
    expect(racerRows([result(47, 'Vi', north, [null, null])], MOGULS)).toEqual([['Vi', null, null, 'No score']]);
  });
});

describe('cross country (one run, all 3 members)', () => {
  const ridge = team('t-r', 'Ridge School');
  const short = team('t-s', 'Short Street');
  const dnf = team('t-d', 'Dam Road');
  // Ridge: 180000 + 187550 + 179999 = 547549, i.e. 1:31:15.49.
  const results = [
    result(51, 'Val', ridge, [180_000]),
    result(52, 'Wes', ridge, [187_550]),
    result(53, 'Xan', ridge, [179_999]),
    result(54, 'Yas', short, [168_000]),
    result(55, 'Zed', short, [198_000]),
    result(56, 'Abe', dnf, [170_000]),
    result(57, 'Jane Smith', dnf, [null], 'DNF'),
    result(58, 'Ben', dnf, [175_000]),
  ];

  it('scores a full team by all three times', () => {
    const [ridgeStanding] = rankTeams(results, CROSS_COUNTRY);
    expect(ridgeStanding).toMatchObject({ teamName: 'Ridge School A', place: 1, score: 547_549, incompleteWhy: null });
    expect(formatTime(547_549)).toBe('1:31:15.49');
  });

  it('lists a team one member short, and one with a DNF, after the scored team with why', () => {
    expect(teamRows(results, CROSS_COUNTRY)).toEqual([
      ['Ridge School A', 1, 547_549, null],
      ['Dam Road A', null, null, '2 of 3 results: Jane Smith DNF'],
      ['Short Street A', null, null, '2 of 3 results: only 2 in the team'],
    ]);
  });

  it('still ranks the racers of incomplete teams', () => {
    expect(racerRows(results, CROSS_COUNTRY).map(([name, place]) => [name, place])).toEqual([
      ['Yas', 1],
      ['Abe', 2],
      ['Ben', 3],
      ['Xan', 4],
      ['Val', 5],
      ['Wes', 6],
      ['Zed', 7],
      ['Jane Smith', null],
    ]);
  });
});

describe('race standings', () => {
  it('answers the racers and the teams of one race', () => {
    const solo = team('t-1', 'Solo');
    const results = [result(1, 'One', solo, [100]), result(2, 'Two', solo, [90])];
    const standings = raceStandings(results, { ...SKIER_CROSS, counted: 2 });
    expect(standings.racers.map((s) => [s.racer.name, s.place])).toEqual([
      ['Two', 1],
      ['One', 2],
    ]);
    expect(standings.teams.map((t) => [t.teamName, t.place, t.score])).toEqual([['Solo A', 1, 190]]);
  });
});
