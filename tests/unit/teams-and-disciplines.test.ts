import { describe, expect, it } from 'vitest';
import {
  disciplineGroup,
  divisionChoices,
  genderChoices,
  newEventDefaults,
  newEventDisciplineDefaults,
  newVicSlotDivisions,
  positionsPerTeam,
  teamPositions,
  vicVolunteerGroup,
  volunteerPositions,
} from '../../src/domain';
import { uuid } from './factories';

describe('positionsPerTeam', () => {
  it('gives 4 positions to disciplines 1 and 9', () => {
    expect(positionsPerTeam(1)).toBe(4);
    expect(positionsPerTeam(9)).toBe(4);
  });

  it('gives 3 positions to every other discipline', () => {
    for (const id of [2, 3, 4, 5, 6, 7, 8, 10, 11]) expect(positionsPerTeam(id)).toBe(3);
  });

  it('numbers positions from 1', () => {
    expect(teamPositions(9)).toEqual([1, 2, 3, 4]);
    expect(teamPositions(2)).toEqual([1, 2, 3]);
  });
});

describe('divisionChoices', () => {
  it('runs from divisionFrom to divisionTo inclusive', () => {
    expect(divisionChoices({ divisionFrom: 1, divisionTo: 2 })).toEqual([1, 2]);
    expect(divisionChoices({ divisionFrom: 2, divisionTo: 5 })).toEqual([2, 3, 4, 5]);
  });

  it('offers the single division of a 3-3 discipline', () => {
    expect(divisionChoices({ divisionFrom: 3, divisionTo: 3 })).toEqual([3]);
  });

  it('offers nothing for a reversed range', () => {
    expect(divisionChoices({ divisionFrom: 4, divisionTo: 2 })).toEqual([]);
  });
});

describe('genderChoices', () => {
  it('offers both genders when both flags are on', () => {
    expect(genderChoices({ male: true, female: true })).toEqual(['Male', 'Female']);
  });

  it('offers only Male for a male-only discipline, only Female for a female-only one', () => {
    expect(genderChoices({ male: true, female: false })).toEqual(['Male']);
    expect(genderChoices({ male: false, female: true })).toEqual(['Female']);
  });

  it('offers nothing when both flags are off', () => {
    expect(genderChoices({ male: false, female: false })).toEqual([]);
  });
});

describe('newEventDisciplineDefaults', () => {
  it('uses divisions 1 to 5 by default', () => {
    for (const id of [2, 3, 4, 5, 6, 7, 8]) {
      expect(newEventDisciplineDefaults(id)).toMatchObject({ divisionFrom: 1, divisionTo: 5 });
    }
  });

  it('uses 1 to 6 for discipline 1, 1 to 2 for 10 and 11, 3 to 3 for 9', () => {
    expect(newEventDisciplineDefaults(1)).toMatchObject({ divisionFrom: 1, divisionTo: 6 });
    expect(newEventDisciplineDefaults(10)).toMatchObject({ divisionFrom: 1, divisionTo: 2 });
    expect(newEventDisciplineDefaults(11)).toMatchObject({ divisionFrom: 1, divisionTo: 2 });
    expect(newEventDisciplineDefaults(9)).toMatchObject({ divisionFrom: 3, divisionTo: 3 });
  });

  it('turns male, female and active on', () => {
    expect(newEventDisciplineDefaults(4)).toEqual({
      DisciplineId: 4,
      divisionFrom: 1,
      divisionTo: 5,
      male: true,
      female: true,
      active: true,
    });
  });
});

describe('newEventDefaults', () => {
  const event = newEventDefaults({ id: uuid(1), year: 2026, disciplineIds: [1, 2, 9, 10] });

  it('sets the registration fee to 0', () => {
    expect(event.registrationFee).toBe(0);
  });

  it('gives every discipline its default divisions', () => {
    expect(event.disciplines.map((d) => [d.DisciplineId, d.divisionFrom, d.divisionTo])).toEqual([
      [1, 1, 6],
      [2, 1, 5],
      [9, 3, 3],
      [10, 1, 2],
    ]);
  });

  it('starts inactive, unlocked, unarchived, with the default volunteer ratio', () => {
    expect(event).toMatchObject({
      active: false,
      locked: false,
      archived: false,
      volunteerLock: false,
      volunteerRatio: 8,
    });
  });
});

describe('volunteerPositions', () => {
  it('offers start marshall, finish assistant and the referees to 1, 3, 4, 5, 9, 10, 11', () => {
    for (const id of [1, 3, 4, 5, 9, 10, 11]) {
      expect(volunteerPositions(id)).toEqual(['Start Marshall', 'Finish Assistant', 'Start Referee', 'Finish Referee']);
    }
  });

  it('offers start marshall and shovel to moguls (2)', () => {
    expect(volunteerPositions(2)).toEqual(['Start Marshall', 'Shovel']);
  });

  it('offers the full set of five to 6, 7 and 8', () => {
    for (const id of [6, 7, 8]) {
      expect(volunteerPositions(id)).toEqual([
        'Start Marshall',
        'Finish Marshall',
        'Course Marshall',
        'Start Referee',
        'Finish Referee',
      ]);
    }
  });
});

describe('disciplineGroup and vicVolunteerGroup', () => {
  it('puts 6 and 8 in cross country and the rest of 1..11 in alpine', () => {
    expect(disciplineGroup(6)).toBe('crossCountry');
    expect(disciplineGroup(8)).toBe('crossCountry');
    for (const id of [1, 2, 3, 4, 5, 7, 9, 10, 11]) expect(disciplineGroup(id)).toBe('alpine');
  });

  it('knows no group for an unknown discipline', () => {
    expect(disciplineGroup(12)).toBeNull();
  });

  it('groups VIC volunteers: ski 2, 3, 10; snowboard 4, 5, 11; alpine 1, 9', () => {
    expect([2, 3, 10].map(vicVolunteerGroup)).toEqual(['ski', 'ski', 'ski']);
    expect([4, 5, 11].map(vicVolunteerGroup)).toEqual(['snowboard', 'snowboard', 'snowboard']);
    expect([1, 9].map(vicVolunteerGroup)).toEqual(['alpine', 'alpine']);
  });

  it('excludes 6, 7 and 8 from the VIC volunteer groups', () => {
    expect([6, 7, 8].map(vicVolunteerGroup)).toEqual([null, null, null]);
  });

  it('offers divisions 1 to 5 to new VIC ski and alpine slots', () => {
    expect(newVicSlotDivisions(3)).toEqual([1, 2, 3, 4, 5]);
    expect(newVicSlotDivisions(9)).toEqual([1, 2, 3, 4, 5]);
  });

  it("leaves new VIC snowboard slots to the discipline's range and offers nothing for 6, 7, 8", () => {
    expect(newVicSlotDivisions(4)).toBeNull();
    expect(newVicSlotDivisions(7)).toBeNull();
  });
});
