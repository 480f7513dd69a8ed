// A trophy's winner at an event: the first place of the published Team result (team trophies) or
// Individual result (others) of its discipline, division and gender; each division's when the
// trophy takes any; equal firsts all named; none before its race has a first place.
import { expect, it } from 'vitest';
import { trophyWinners } from '../../src/domain/rules/trophy-winners';

const race = (
  division: number,
  teamIndividual: 'Team' | 'Individual',
  placings: { place: number; name: string; school?: string }[],
  gender: 'Male' | 'Female' | 'Co-Ed' = 'Female',
) => ({ DisciplineId: 1, division, gender, teamIndividual, placings });

const races = [
  race(1, 'Team', [
    { place: 1, name: 'Jindabyne A', school: 'Jindabyne' },
    { place: 2, name: 'Cooma A', school: 'Cooma' },
  ]),
  race(1, 'Individual', [
    { place: 1, name: 'Amy Li', school: 'Cooma' },
    { place: 1, name: 'Bea Ng', school: 'Jindabyne' },
  ]),
  race(2, 'Team', [{ place: 1, name: 'Berridale A', school: 'Berridale' }]),
  race(1, 'Team', [{ place: 1, name: 'Tumut A', school: 'Tumut' }], 'Male'),
  race(3, 'Team', []),
];

it('names the first team or the equal first racers of the trophy’s race', () => {
  expect(trophyWinners({ disciplineId: 1, division: 1, gender: 'female', type: 'team' }, races)).toBe('Jindabyne');
  expect(trophyWinners({ disciplineId: 1, division: 1, gender: 'female', type: 'independent' }, races)).toBe(
    'Amy Li, Cooma and Bea Ng, Jindabyne',
  );
  expect(trophyWinners({ disciplineId: 1, division: 1, gender: 'male', type: 'team' }, races)).toBe('Tumut');
});

it("names each division's winner for a trophy of any division, and none before a race has one", () => {
  expect(trophyWinners({ disciplineId: 1, division: null, gender: 'female', type: 'team' }, races)).toBe(
    'Division 1: Jindabyne; Division 2: Berridale',
  );
  expect(trophyWinners({ disciplineId: 1, division: 3, gender: 'female', type: 'team' }, races)).toBeNull();
  expect(trophyWinners({ disciplineId: 2, division: 1, gender: 'female', type: 'team' }, races)).toBeNull();
  expect(trophyWinners({ disciplineId: null, division: null, gender: 'female', type: 'team' }, races)).toBeNull();
});
