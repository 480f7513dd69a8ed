// Previous race and Next race step only through races with racers, in the pickers' order, from the
// rows the device holds; each race's state says whether it is still open to a draw.
import { describe, expect, it } from 'vitest';
import {
  neighbourRaceWithRacers,
  raceDrawState,
  racesWithRacers,
  type RaceDrawState,
} from '../../src/domain/rules/race-draw-state';
import type { RaceDayRows, RaceEntry, RaceTeam } from '../../src/domain/rules/race-day-rows';
import { raceSequence, type SequencedRace } from '../../src/domain/rules/race-sequence';
import type { TeamGender } from '../../src/domain/constants/choices';

const EVENT = 'event-1';
const moguls = { DisciplineId: 2, divisionFrom: 1, divisionTo: 3, male: true, female: true };
const boysOnly = { DisciplineId: 4, divisionFrom: 1, divisionTo: 2, male: true, female: false };
const sequence = raceSequence([moguls, boysOnly]);
const label = (r: SequencedRace | null) => (r ? `${r.DisciplineId}/${r.division}/${r.gender}` : null);

let n = 0;
function raceRows(
  races: { DisciplineId: number; division: number; gender: TeamGender; racers?: number; bib?: number }[],
  draws: { DisciplineId: number; division: number; gender: TeamGender }[] = [],
  otherEvent: RaceTeam[] = [],
): RaceDayRows {
  const teams: RaceTeam[] = [...otherEvent];
  const entries: RaceEntry[] = [];
  for (const race of races) {
    const team: RaceTeam = {
      id: `t${(n += 1)}`,
      EventId: EVENT,
      SchoolId: 's',
      teamRank: 'A',
      DisciplineId: race.DisciplineId,
      division: race.division,
      gender: race.gender,
    };
    teams.push(team);
    // Every team has an unassigned position; `racers` of them have a racer.
    entries.push({
      id: `e${(n += 1)}`,
      TeamId: team.id,
      ParticipantId: null,
      position: 9,
      bib: null,
      bibManual: false,
    });
    for (let i = 0; i < (race.racers ?? 0); i += 1) {
      entries.push({
        id: `e${(n += 1)}`,
        TeamId: team.id,
        ParticipantId: `p${n}`,
        position: i + 1,
        bib: i === 0 ? (race.bib ?? null) : null,
        bibManual: false,
      });
    }
  }
  return {
    teams,
    entries,
    participants: [],
    schools: [],
    draws: draws.map((d) => ({ ...d, EventId: EVENT, seed: 1, teamOrder: [] })),
    marks: [],
  };
}

describe('neighbourRaceWithRacers', () => {
  // Racers in 2/1/Male and 2/3/Female and 4/2/Male; 2/2/Co-ed has a team with nobody in it.
  const rows = raceRows([
    { DisciplineId: 2, division: 1, gender: 'Male', racers: 2 },
    { DisciplineId: 2, division: 2, gender: 'Co-ed', racers: 0 },
    { DisciplineId: 2, division: 3, gender: 'Female', racers: 1 },
    { DisciplineId: 4, division: 2, gender: 'Male', racers: 3 },
  ]);
  const withRacers = racesWithRacers(EVENT, rows);
  const step = (from: string, by: -1 | 1) => {
    const [DisciplineId, division, gender] = from.split('/');
    const current = { DisciplineId: Number(DisciplineId), division: Number(division), gender: gender as TeamGender };
    return label(neighbourRaceWithRacers(sequence, current, by, withRacers));
  };

  it('passes over the races nobody is entered in, across divisions and disciplines', () => {
    expect(step('2/1/Male', 1)).toBe('2/3/Female');
    expect(step('2/3/Female', 1)).toBe('4/2/Male');
    expect(step('4/2/Male', -1)).toBe('2/3/Female');
    expect(step('2/3/Female', -1)).toBe('2/1/Male');
  });

  it('leaves an empty race for the nearest one with racers either way', () => {
    expect(step('2/2/Male', 1)).toBe('2/3/Female');
    expect(step('2/2/Male', -1)).toBe('2/1/Male');
  });

  it('stops where no race with racers lies that way', () => {
    expect(step('2/1/Male', -1)).toBeNull();
    expect(step('4/2/Male', 1)).toBeNull();
    expect(step('4/1/Male', 1)).toBe('4/2/Male');
  });

  it('has no neighbour for a race the list does not hold', () => {
    expect(step('9/1/Male', 1)).toBeNull();
  });

  it('counts only the racers of this event', () => {
    const elsewhere = raceRows(
      [],
      [],
      [{ id: 'x', EventId: 'event-2', SchoolId: 's', DisciplineId: 2, division: 2, gender: 'Male', teamRank: 'A' }],
    );
    elsewhere.entries = [{ id: 'xe', TeamId: 'x', ParticipantId: 'p', position: 1, bib: null, bibManual: false }];
    expect(racesWithRacers(EVENT, elsewhere).size).toBe(0);
    expect(racesWithRacers('event-2', elsewhere)).toEqual(new Set(['2|2|Male']));
  });
});

describe('raceDrawState', () => {
  const rows = raceRows(
    [
      { DisciplineId: 2, division: 1, gender: 'Male', racers: 2 },
      { DisciplineId: 2, division: 1, gender: 'Female', racers: 2 },
      { DisciplineId: 2, division: 2, gender: 'Male', racers: 2, bib: 12 },
      { DisciplineId: 2, division: 2, gender: 'Female', racers: 0 },
    ],
    [
      { DisciplineId: 2, division: 1, gender: 'Female' },
      { DisciplineId: 2, division: 2, gender: 'Male' },
    ],
  );
  const state = (division: number, gender: TeamGender): RaceDrawState =>
    raceDrawState({ EventId: EVENT, DisciplineId: 2, division, gender }, rows);

  it('says whether a race is still open to a draw', () => {
    expect(state(1, 'Male')).toBe('not drawn yet');
    expect(state(1, 'Female')).toBe('drawn');
    expect(state(2, 'Male')).toBe('bibs given');
  });

  it('says a race without racers has none, teams or not', () => {
    expect(state(2, 'Female')).toBe('no racers');
    expect(state(3, 'Co-ed')).toBe('no racers');
  });
});
