// The volunteers screens' choices and draft: a division goes when its male and female places are
// gone and a discipline when it has no division left; the draft's other new preferences take their
// places first; VIC offers only its groups, ski and alpine in divisions 1 to 5, and no positions;
// the spec's messages before Save; what Save sends.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import {
  EMPTY_DRAFT,
  EMPTY_PREFERENCE,
  choose,
  draftIssues,
  editSlot,
  placesFor,
  planSave,
  preferenceChoices,
  removeVolunteer,
  resetSlot,
  type Preference,
  type SlotFields,
} from '../../src/features/volunteers/volunteer-draft';

const spots = [
  { DisciplineId: 2, division: 1, male: 1, female: 0 },
  { DisciplineId: 2, division: 2, male: 0, female: 0 },
  { DisciplineId: 2, division: 6, male: 2, female: 2 },
  { DisciplineId: 4, division: 1, male: 0, female: 0 },
  { DisciplineId: 6, division: 1, male: 3, female: 3 },
];
const pref = (over: Partial<Preference> = {}): Preference => ({ ...EMPTY_PREFERENCE, ...over });
const slot = (id: string, p: Partial<Preference>, VolunteerId: string | null = null): SlotFields => ({
  id,
  VolunteerId,
  preferences: [pref(p)],
});

describe('preference choices', () => {
  it('offers only divisions and disciplines with a place left, and the genders with one', () => {
    const choices = preferenceChoices(pref({ DisciplineId: 2, division: 1 }), spots, 'general');
    expect(choices.disciplines).toEqual([2, 6]);
    expect(choices.divisions).toEqual([1, 6]);
    expect(choices.genders).toEqual(['Male']);
    expect(choices.positions).toEqual(['Start Marshall', 'Shovel']);
  });

  it("lets the draft's other new complete preferences take their places first, but keeps a row's own choice", () => {
    const slots = [slot('a', { DisciplineId: 2, division: 1, gender: 'Male', position: 'Shovel' }), slot('b', {})];
    const forB = preferenceChoices(pref(), placesFor('b', spots, slots, 'general'), 'general');
    expect(forB.disciplines).toEqual([2, 6]);
    expect(
      preferenceChoices(pref({ DisciplineId: 2 }), placesFor('b', spots, slots, 'general'), 'general').divisions,
    ).toEqual([6]);
    // Row a still sees its own division and gender.
    const forA = preferenceChoices(slots[0]!.preferences[0]!, placesFor('a', spots, slots, 'general'), 'general');
    expect([forA.divisions, forA.genders]).toEqual([[1, 6], ['Male']]);
  });

  it('gives VIC its volunteer groups only, ski and alpine in divisions 1 to 5, and no positions', () => {
    const vic = preferenceChoices(pref({ DisciplineId: 2 }), spots, 'vic');
    expect(vic.disciplines).toEqual([2]);
    expect(vic.divisions).toEqual([1]);
    expect(vic.positions).toEqual([]);
  });

  it('clears the later steps when an earlier one changes', () => {
    const chosen = pref({ DisciplineId: 2, division: 1, gender: 'Male', position: 'Shovel' });
    expect(choose(chosen, 'DisciplineId', '6')).toEqual({ ...EMPTY_PREFERENCE, DisciplineId: 6 });
    expect(choose(chosen, 'division', '6')).toMatchObject({
      DisciplineId: 2,
      division: 6,
      gender: null,
      position: null,
    });
  });
});

describe('the draft', () => {
  it("checks the spec's rules before Save", () => {
    const issues = draftIssues(
      [{ id: 'v1', firstname: 'A', lastname: 'B', mobile: '12', email: '', seasonPass: '0' }],
      [slot('s1', { DisciplineId: 2 }, 'v1'), slot('s2', { DisciplineId: 2, division: 1, gender: 'Male' })],
      'vic',
    );
    expect(issues.volunteers.get('v1')).toBe(MESSAGES.volunteerPhoneRequired);
    expect(issues.slots.get('s1')).toBe(MESSAGES.preferenceIncomplete);
    expect(issues.slots.get('s2')).toBe(MESSAGES.volunteerRequired);
  });

  it('sends what changed: a reset slot and a removed volunteer only when the server has them', () => {
    let draft = editSlot(EMPTY_DRAFT, slot('new', {}));
    draft = resetSlot(draft, 'new');
    draft = resetSlot(draft, 'saved-slot');
    draft = removeVolunteer(draft, 'v1', [slot('saved-slot-2', {}, 'v1')]);
    const plan = planSave(draft, new Set(['v1']), new Set(['saved-slot', 'saved-slot-2']));
    expect(plan.body.slotsDeleted).toEqual(['saved-slot']);
    expect(plan.body.volunteersDeleted).toEqual(['v1']);
    // The removed volunteer's slot stays, without a volunteer.
    expect(plan.body.slots).toEqual([expect.objectContaining({ id: 'saved-slot-2', VolunteerId: null })]);
  });
});
