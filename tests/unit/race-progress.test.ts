// The day at a glance reads each race's progress from the marks: to start, under way, done, with
// the racers started, did not start and still to go, for the run under way.
import { expect, it } from 'vitest';
import { raceProgress } from '../../src/domain/rules/race-progress';
import type { TeamGender } from '../../src/domain/constants/choices';
import type { RaceDayRows, RaceTeam } from '../../src/domain/rules/race-day-rows';

const race = { EventId: 'e', DisciplineId: 1, division: 1, gender: 'Female' };
const team = (id: string, gender: TeamGender = 'Female'): RaceTeam => ({
  id,
  EventId: 'e',
  SchoolId: 's',
  DisciplineId: 1,
  division: 1,
  gender,
  teamRank: 'A',
});
const entry = (id: string, TeamId: string, ParticipantId: string | null = `p-${id}`) => ({
  id,
  TeamId,
  ParticipantId,
  position: 1,
  bib: null,
  bibManual: false,
});
const rows = (marks: RaceDayRows['marks']) => ({
  teams: [team('t1'), team('t2'), team('other', 'Male')],
  entries: [entry('a', 't1'), entry('b', 't1'), entry('c', 't2'), entry('empty', 't2', null), entry('x', 'other')],
  marks,
});

it('is to start with no mark, under way while racers are to go, done when each racer is marked', () => {
  expect(raceProgress(race, rows([]))).toEqual({
    run: 'First',
    racers: 3,
    started: 0,
    dns: 0,
    toGo: 3,
    state: 'to start',
  });
  const underWay = rows([
    { teamEntryId: 'a', run: 'First', mark: 'started' },
    { teamEntryId: 'x', run: 'First', mark: 'started' }, // another race's racer
  ]);
  expect(raceProgress(race, underWay)).toMatchObject({ started: 1, dns: 0, toGo: 2, state: 'under way' });
  const done = rows([
    { teamEntryId: 'a', run: 'First', mark: 'started' },
    { teamEntryId: 'b', run: 'First', mark: 'DNS' },
    { teamEntryId: 'c', run: 'First', mark: 'started' },
  ]);
  expect(raceProgress(race, done)).toMatchObject({ started: 2, dns: 1, toGo: 0, state: 'done' });
});

it('follows the Second run once a racer has a mark in it', () => {
  const second = rows([
    { teamEntryId: 'a', run: 'First', mark: 'started' },
    { teamEntryId: 'b', run: 'First', mark: 'started' },
    { teamEntryId: 'c', run: 'First', mark: 'started' },
    { teamEntryId: 'a', run: 'Second', mark: 'started' },
  ]);
  expect(raceProgress(race, second)).toEqual({
    run: 'Second',
    racers: 3,
    started: 1,
    dns: 0,
    toGo: 2,
    state: 'under way',
  });
});
