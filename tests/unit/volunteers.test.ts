import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  decrementSpot,
  isPreferenceComplete,
  lockPreference,
  reconcileSpots,
  remainingSpots,
  requiredVolunteers,
  requiredVolunteerTotal,
  requiredVolunteersVic,
  resetSlot,
  slotValidationMessage,
  spotChoices,
  type VolunteerPreference,
} from '../../src/domain';
import { uuid } from './factories';

const pref = (over: Partial<VolunteerPreference> = {}): VolunteerPreference => ({
  DisciplineId: 2,
  division: 1,
  gender: 'Male',
  position: 'Shovel',
  isLocked: false,
  ...over,
});

describe('required volunteers', () => {
  it('asks one volunteer per 8 race entries, rounded up', () => {
    expect(requiredVolunteers(8)).toBe(1);
    expect(requiredVolunteers(9)).toBe(2);
    expect(requiredVolunteers(1)).toBe(1);
  });

  it('asks none without entries', () => {
    expect(requiredVolunteers(0)).toBe(0);
  });

  it("uses the event's ratio and falls back to 8 for a ratio of 0", () => {
    expect(requiredVolunteers(10, 5)).toBe(2);
    expect(requiredVolunteers(10, 0)).toBe(2);
  });

  it('splits the VIC count by ski (1 per 11), snowboard (1 per 6) and alpine (1 per 8) entries, leaving out 6, 7 and 8', () => {
    const of = (DisciplineId: number, n: number) => Array.from({ length: n }, () => ({ DisciplineId }));
    expect(requiredVolunteersVic([...of(2, 11), ...of(11, 6), ...of(1, 8), ...of(7, 20)])).toEqual({
      ski: 1,
      snowboard: 1,
      alpine: 1,
    });
    expect(requiredVolunteersVic([...of(3, 12), ...of(4, 7), ...of(9, 9), ...of(6, 5), ...of(8, 5)])).toEqual({
      ski: 2,
      snowboard: 2,
      alpine: 2,
    });
    expect(requiredVolunteersVic([], { ski: 5, snowboard: 5, alpine: 5 })).toEqual({ ski: 0, snowboard: 0, alpine: 0 });
  });

  it('totals a VIC event by its groups and any other by its ratio (bib readiness)', () => {
    const of = (DisciplineId: number, n: number) => Array.from({ length: n }, () => ({ DisciplineId }));
    const entries = [...of(3, 12), ...of(4, 7), ...of(9, 9)];
    expect(requiredVolunteerTotal(entries, { invoiceType: 'VIC' })).toBe(6);
    expect(requiredVolunteerTotal(entries, { invoiceType: 'NSW', volunteerRatio: 8 })).toBe(4);
    expect(requiredVolunteerTotal(entries, { invoiceType: 'NSW', volunteerRatio: null })).toBe(4);
  });
});

describe('volunteer preference locking', () => {
  it('locks once discipline, division, gender and an offered position are chosen', () => {
    expect(lockPreference(pref()).isLocked).toBe(true);
  });

  it('stays unlocked while a choice is missing', () => {
    expect(lockPreference(pref({ gender: null })).isLocked).toBe(false);
    expect(lockPreference(pref({ division: null })).isLocked).toBe(false);
    expect(lockPreference(pref({ position: null })).isLocked).toBe(false);
  });

  it('needs a position the discipline offers', () => {
    expect(isPreferenceComplete(pref({ DisciplineId: 1, position: 'Shovel' }))).toBe(false);
    expect(isPreferenceComplete(pref({ DisciplineId: 1, position: 'Finish Assistant' }))).toBe(true);
  });

  it('locks without a position on a screen that does not ask for one', () => {
    expect(lockPreference(pref({ position: null }), false).isLocked).toBe(true);
  });

  it('keeps a locked preference locked', () => {
    expect(lockPreference(pref({ gender: null, isLocked: true })).isLocked).toBe(true);
  });
});

describe('volunteer slot validation', () => {
  const slot = (VolunteerId: string | null, p?: VolunteerPreference) => ({ VolunteerId, preferences: p ? [p] : [] });

  it("refuses a slot with a volunteer but no gender: 'Preference is incomplete'", () => {
    expect(slotValidationMessage(slot(uuid(1), pref({ gender: null })), { vic: false })).toBe(
      'Preference is incomplete',
    );
  });

  it('refuses a slot with a volunteer and no preference at all', () => {
    expect(slotValidationMessage(slot(uuid(1)), { vic: false })).toBe(MESSAGES.preferenceIncomplete);
  });

  it('does not need a position for a slot with a volunteer', () => {
    expect(slotValidationMessage(slot(uuid(1), pref({ position: null })), { vic: false })).toBeNull();
  });

  it("on VIC refuses a completed preference without a volunteer: 'You must select a volunteer'", () => {
    expect(slotValidationMessage(slot(null, pref()), { vic: true })).toBe('You must select a volunteer');
  });

  it('outside VIC accepts a completed preference without a volunteer', () => {
    expect(slotValidationMessage(slot(null, pref()), { vic: false })).toBeNull();
  });

  it('accepts an empty slot', () => {
    expect(slotValidationMessage(slot(null), { vic: true })).toBeNull();
  });

  it('marks a reset slot deleted once', () => {
    const slots = [{ id: uuid(1) }, { id: uuid(2) }];
    const once = resetSlot({ slots, slotsDeleted: [] }, uuid(1));
    expect(once).toEqual({ slots: [{ id: uuid(2) }], slotsDeleted: [uuid(1)] });
    expect(resetSlot(once, uuid(1))).toBe(once);
  });
});

describe('available volunteer spots', () => {
  const spots = [
    { DisciplineId: 2, division: 1, male: 1, female: 1 },
    { DisciplineId: 2, division: 2, male: 0, female: 1 },
    { DisciplineId: 6, division: 1, male: 1, female: 0 },
  ];

  it('decrements the place of the locked preference by gender', () => {
    expect(decrementSpot(spots, pref())[0]).toEqual({ DisciplineId: 2, division: 1, male: 0, female: 1 });
  });

  it('never goes below zero', () => {
    expect(decrementSpot(spots, pref({ division: 2 }))[1]?.male).toBe(0);
  });

  it('counts only locked preferences', () => {
    const left = remainingSpots(spots, [pref({ isLocked: true }), pref({ gender: 'Female', isLocked: false })]);
    expect(left[0]).toEqual({ DisciplineId: 2, division: 1, male: 0, female: 1 });
  });

  it('removes a division when male plus female reach zero', () => {
    const left = remainingSpots(spots, [pref({ division: 2, gender: 'Female', isLocked: true })]);
    expect(
      spotChoices(left)
        .find((c) => c.DisciplineId === 2)
        ?.divisions.map((d) => d.division),
    ).toEqual([1]);
  });

  it('removes a discipline with no division left', () => {
    const left = remainingSpots(spots, [pref({ DisciplineId: 6, position: 'Course Marshall', isLocked: true })]);
    expect(spotChoices(left).map((c) => c.DisciplineId)).toEqual([2]);
  });

  it('drops spots whose division is outside the range and flags out of sync', () => {
    const result = reconcileSpots(
      [
        { DisciplineId: 9, division: 3, male: 1, female: 1 },
        { DisciplineId: 9, division: 6, male: 1, female: 1 },
      ],
      [{ DisciplineId: 9, divisionFrom: 3, divisionTo: 3 }],
    );
    expect(result.spots.map((s) => s.division)).toEqual([3]);
    expect(result.dropped.map((s) => s.division)).toEqual([6]);
    expect(result.outOfSync).toBe(true);
  });

  it('drops spots of a discipline the event no longer has', () => {
    expect(reconcileSpots([{ DisciplineId: 4, division: 1, male: 1, female: 0 }], []).outOfSync).toBe(true);
  });

  it('is in sync when every spot is in range', () => {
    const result = reconcileSpots(spots.slice(0, 2), [{ DisciplineId: 2, divisionFrom: 1, divisionTo: 5 }]);
    expect(result).toMatchObject({ outOfSync: false, dropped: [] });
  });
});
