// Previous race and Next race walk the races as the pickers list them: discipline, then division,
// then the genders the discipline races; they stop at either end, and a screen's steps skip the
// disciplines it does not offer.
import { describe, expect, it } from 'vitest';
import { neighbourRace, raceSequence, type SequencedRace } from '../../src/domain/rules/race-sequence';
import type { RaceEventRow } from '../../src/domain/schemas/api/race-day-feed';
import { raceChoiceFrom, steppedChoice } from '../../src/features/race-day/race-choice';

const moguls = { DisciplineId: 2, divisionFrom: 2, divisionTo: 3, male: true, female: true };
const boysOnly = { DisciplineId: 4, divisionFrom: 1, divisionTo: 1, male: true, female: false };
const label = (r: SequencedRace | null) => (r ? `${r.DisciplineId}/${r.division}/${r.gender}` : null);

describe('raceSequence', () => {
  it('lists each discipline as offered, its divisions in turn, and the genders it races', () => {
    expect(raceSequence([moguls, boysOnly]).map(label)).toEqual([
      '2/2/Male',
      '2/2/Female',
      '2/2/Co-ed',
      '2/3/Male',
      '2/3/Female',
      '2/3/Co-ed',
      '4/1/Male',
    ]);
  });

  it('has no race for a discipline whose divisions run backwards', () => {
    expect(raceSequence([{ ...moguls, divisionFrom: 3, divisionTo: 2 }])).toEqual([]);
  });
});

describe('neighbourRace', () => {
  const sequence = raceSequence([moguls, boysOnly]);

  it('steps across genders, divisions and disciplines', () => {
    expect(label(neighbourRace(sequence, { DisciplineId: 2, division: 2, gender: 'Co-ed' }, 1))).toBe('2/3/Male');
    expect(label(neighbourRace(sequence, { DisciplineId: 2, division: 3, gender: 'Co-ed' }, 1))).toBe('4/1/Male');
    expect(label(neighbourRace(sequence, { DisciplineId: 4, division: 1, gender: 'Male' }, -1))).toBe('2/3/Co-ed');
  });

  it('stops at the first and the last race', () => {
    expect(neighbourRace(sequence, { DisciplineId: 2, division: 2, gender: 'Male' }, -1)).toBeNull();
    expect(neighbourRace(sequence, { DisciplineId: 4, division: 1, gender: 'Male' }, 1)).toBeNull();
  });

  it('has no neighbour for a race the list does not hold', () => {
    expect(neighbourRace(sequence, { DisciplineId: 9, division: 3, gender: 'Male' }, 1)).toBeNull();
  });
});

describe('steppedChoice', () => {
  const event: RaceEventRow = {
    id: '00000000-0000-4000-8000-00000000000a',
    name: 'Event',
    year: 2026,
    secondRunReverseCount: null,
    disciplines: [
      { ...moguls, name: 'Moguls', active: true },
      { DisciplineId: 3, name: 'Skier Cross', divisionFrom: 1, divisionTo: 5, male: true, female: true, active: false },
      { ...boysOnly, name: 'Snowboard Giant Slalom', active: true },
    ],
  };
  const at = (q: string) => raceChoiceFrom(new URLSearchParams(q), [event])!;

  it('gives the address of the neighbouring race, past a discipline the event does not race', () => {
    expect(steppedChoice(at('discipline=2&division=3&gender=Co-ed'), 1)).toEqual({
      discipline: '4',
      division: '1',
      gender: 'Male',
    });
    expect(steppedChoice(at('discipline=4&division=1&gender=Male'), -1)).toEqual({
      discipline: '2',
      division: '3',
      gender: 'Co-ed',
    });
    expect(steppedChoice(at('discipline=4&division=1&gender=Male'), 1)).toBeNull();
  });

  it('stays within the disciplines the screen offers', () => {
    const onlyMoguls = {
      disciplines: (all: readonly RaceEventRow['disciplines'][number][]) => all.filter((d) => d.DisciplineId === 2),
    };
    expect(steppedChoice(at('discipline=2&division=3&gender=Co-ed'), 1, onlyMoguls)).toBeNull();
  });
});
