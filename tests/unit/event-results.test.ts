// An event's results as a whole: each race with results ranked by its discipline's measure from
// the start list's racers and their kept results, and the schools' pointscores from the team
// places (a race with no results counts for nothing); a race's results provisional for the protest
// period after the last one recorded, then official.
import { expect, it } from 'vitest';
import { DEFAULT_DISCIPLINE_MEASURES, DEFAULT_POINTSCORE_SETTINGS } from '../../src/domain/constants/results';
import { eventPointscores, eventRaceStandings } from '../../src/domain/rules/event-results';
import type { RaceDayRows } from '../../src/domain/rules/race-day-rows';
import { resultsStanding } from '../../src/domain/rules/recorded-results';

const E = 'event';
/** Moguls, Division 1, Female (judged): one team each of Alpha and Beta, two racers each; and
 *  Moguls, Division 1, Male with a team of Alpha and no results. */
const rows: RaceDayRows = {
  teams: [
    { id: 'ta', EventId: E, SchoolId: 'a', DisciplineId: 2, division: 1, gender: 'Female', teamRank: 'A' },
    { id: 'tb', EventId: E, SchoolId: 'b', DisciplineId: 2, division: 1, gender: 'Female', teamRank: 'A' },
    { id: 'tm', EventId: E, SchoolId: 'a', DisciplineId: 2, division: 1, gender: 'Male', teamRank: 'A' },
  ],
  entries: [
    { id: 'a1', TeamId: 'ta', ParticipantId: 'pa1', position: 1, bib: 1, bibManual: false },
    { id: 'a2', TeamId: 'ta', ParticipantId: 'pa2', position: 2, bib: 2, bibManual: false },
    { id: 'b1', TeamId: 'tb', ParticipantId: 'pb1', position: 1, bib: 3, bibManual: false },
    { id: 'b2', TeamId: 'tb', ParticipantId: 'pb2', position: 2, bib: 4, bibManual: false },
    { id: 'm1', TeamId: 'tm', ParticipantId: 'pm1', position: 1, bib: 5, bibManual: false },
  ],
  participants: ['pa1', 'pa2', 'pb1', 'pb2', 'pm1'].map((id) => ({
    id,
    firstname: 'R',
    lastname: id,
    snowId: null,
    gender: 'Female',
    yearLevel: '9',
  })),
  schools: [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
  ],
  draws: [],
  marks: [],
};
const score = (teamEntryId: string, points: number) => ({
  teamEntryId,
  run1: null,
  run2: null,
  score: points * 100,
  status: null,
});

it('ranks each race with results and sums the schools’ team points into the pointscores', () => {
  const races = eventRaceStandings(
    E,
    [
      { DisciplineId: 2, division: 1, gender: 'Female' },
      { DisciplineId: 2, division: 1, gender: 'Male' },
    ],
    rows,
    [score('a1', 70.5), score('a2', 60), score('b1', 80), score('b2', 65.25)],
    DEFAULT_DISCIPLINE_MEASURES,
  );
  // Only the Female race has results: Beta 145.25 beats Alpha 130.50.
  expect(races.map((r) => r.gender)).toEqual(['Female']);
  expect(races[0]!.standings.teams.map((t) => [t.teamName, t.place, t.score])).toEqual([
    ['Beta A', 1, 145.25],
    ['Alpha A', 2, 130.5],
  ]);
  expect(races[0]!.standings.racers.map((r) => [r.racer.bib, r.place])).toEqual([
    [3, 1],
    [1, 2],
    [4, 3],
    [2, 4],
  ]);
  const tables = eventPointscores(races, DEFAULT_POINTSCORE_SETTINGS);
  const pick = (pointscore: string, schoolType: string, gender: string) =>
    tables
      .find((t) => t.pointscore === pointscore && t.schoolType === schoolType && t.gender === gender)!
      .schools.map((s) => [s.place, s.schoolName, s.points]);
  expect(pick('Skiing', 'Secondary', 'Female')).toEqual([
    [1, 'Beta', 10],
    [2, 'Alpha', 9],
  ]);
  expect(pick('Overall Pointscore', 'Secondary', 'Co-Ed')).toEqual([
    [1, 'Beta', 10],
    [2, 'Alpha', 9],
  ]);
  expect(pick('Skiing', 'Secondary', 'Male')).toEqual([]);
  expect(pick('Snowboard', 'Secondary', 'Female')).toEqual([]);
  expect(pick('Skiing', 'Primary', 'Female')).toEqual([]);
});

it("says a race's results are provisional until the protest period after the last one recorded, then official", () => {
  const at = ['2027-08-18T01:00:00.000Z', '2027-08-18T01:20:00.000Z'];
  expect(resultsStanding(at, new Date('2027-08-18T01:49:59.000Z'), 30)).toEqual({
    official: false,
    provisionalUntil: new Date('2027-08-18T01:50:00.000Z'),
  });
  expect(resultsStanding(at, new Date('2027-08-18T01:50:00.000Z'), 30)).toEqual({
    official: true,
    since: new Date('2027-08-18T01:50:00.000Z'),
  });
  expect(resultsStanding([], new Date(), 30)).toBeNull();
});
