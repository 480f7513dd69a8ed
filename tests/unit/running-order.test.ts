// The running order: races with a day come first, day by day in their places, then the races with
// no day in the pickers' order; an order naming a race twice or two races in one place is refused;
// a day renumbers 1, 2, 3 after a move.
import { describe, expect, it } from 'vitest';
import {
  inRunningOrder,
  raceDaysOf,
  renumberDay,
  runningOrderProblems,
  type RunningOrderEntry,
} from '../../src/domain/rules/running-order';
import type { SequencedRace } from '../../src/domain/rules/race-sequence';

const race = (DisciplineId: number, division: number, gender: SequencedRace['gender']): SequencedRace => ({
  DisciplineId,
  division,
  gender,
});
const at = (
  r: SequencedRace,
  day: string,
  position: number,
  plannedStart: string | null = null,
): RunningOrderEntry => ({
  ...r,
  day,
  position,
  plannedStart,
});
const name = (r: SequencedRace) => `${r.DisciplineId}/${r.division}/${r.gender}`;

const giantSlalomFemale = race(1, 1, 'Female');
const giantSlalomMale = race(1, 1, 'Male');
const mogulsFemale = race(2, 1, 'Female');
const mogulsMale = race(2, 1, 'Male');
const crossCountry = race(6, 1, 'Male');
const pickers = [giantSlalomMale, giantSlalomFemale, mogulsMale, mogulsFemale, crossCountry];

describe('the running order', () => {
  it('puts the races with a day first, day by day in their places, then the rest as the pickers list them', () => {
    const order = [
      at(mogulsFemale, '2027-08-18', 2, '09:30'),
      at(crossCountry, '2027-08-17', 1),
      at(giantSlalomFemale, '2027-08-18', 1, '09:00'),
    ];
    expect(inRunningOrder(pickers, order).map(name)).toEqual([
      '6/1/Male',
      '1/1/Female',
      '2/1/Female',
      '1/1/Male',
      '2/1/Male',
    ]);
    expect(raceDaysOf(order)).toEqual(['2027-08-17', '2027-08-18']);
  });

  it('is the pickers order when no race has a day', () => {
    expect(inRunningOrder(pickers, []).map(name)).toEqual(pickers.map(name));
  });

  it('refuses a race twice, and two races in one place of a day', () => {
    expect(
      runningOrderProblems([
        at(mogulsFemale, '2027-08-18', 1),
        at(mogulsMale, '2027-08-18', 1),
        at(mogulsFemale, '2027-08-19', 1),
      ]),
    ).toEqual([
      { index: 1, message: 'Two races are number 1 on 2027-08-18.' },
      { index: 2, message: 'This race is in the running order twice.' },
    ]);
  });

  it('renumbers a day after a move, keeping each race its planned start and the other days as they were', () => {
    const order = [
      at(giantSlalomFemale, '2027-08-18', 1, '09:00'),
      at(mogulsFemale, '2027-08-18', 2, '09:30'),
      at(crossCountry, '2027-08-17', 1),
    ];
    const moved = renumberDay(order, '2027-08-18', [mogulsFemale, giantSlalomFemale]);
    expect(moved).toEqual([
      at(crossCountry, '2027-08-17', 1),
      at(mogulsFemale, '2027-08-18', 1, '09:30'),
      at(giantSlalomFemale, '2027-08-18', 2, '09:00'),
    ]);
  });
});
