// The add-invite dialog's rule (INV-02, INV-03, VAL-19, CONST-16): Cancel closes with nothing; Add
// closes with an invite only when every choice is made from the lists, and not already in the grid.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_INVITE_FORM,
  INVITE_FORM_MESSAGES,
  inviteDialogOutcome,
  readInviteForm,
  type InviteFormValues,
} from '../../src/domain/rules/invite-form';

const DISCIPLINES = [1, 2, 9];
const full: InviteFormValues = { DisciplineId: '9', division: '6', gender: 'Male', stateNational: 'National' };

describe('the add-invite dialog', () => {
  it('closes with the invite, as numbers and choices, when every field is chosen', () => {
    expect(inviteDialogOutcome('add', full, DISCIPLINES)).toEqual({
      close: true,
      result: { DisciplineId: 9, division: 6, gender: 'Male', stateNational: 'National' },
    });
  });

  it('stays open on an empty form, naming every missing choice', () => {
    expect(inviteDialogOutcome('add', EMPTY_INVITE_FORM, DISCIPLINES)).toEqual({
      close: false,
      problems: {
        DisciplineId: INVITE_FORM_MESSAGES.DisciplineId,
        division: INVITE_FORM_MESSAGES.division,
        gender: INVITE_FORM_MESSAGES.gender,
        stateNational: INVITE_FORM_MESSAGES.stateNational,
      },
    });
  });

  it.each([
    ['no discipline', { DisciplineId: '' }, 'DisciplineId'],
    ['a discipline that does not exist', { DisciplineId: '5' }, 'DisciplineId'],
    ['no division', { division: '' }, 'division'],
    ['division 7 (divisions run 1 to 6)', { division: '7' }, 'division'],
    ['division 0', { division: '0' }, 'division'],
    ['no gender', { gender: '' }, 'gender'],
    ['a gender invites do not offer', { gender: 'Co-Ed' }, 'gender'],
    ['no level', { stateNational: '' }, 'stateNational'],
    ['a level other than State or National', { stateNational: 'Regional' }, 'stateNational'],
  ])('stays open with %s', (_, change, field) => {
    const outcome = inviteDialogOutcome('add', { ...full, ...change }, DISCIPLINES);
    expect(outcome).toEqual({
      close: false,
      problems: { [field]: INVITE_FORM_MESSAGES[field as keyof typeof INVITE_FORM_MESSAGES] },
    });
  });

  it('accepts each division 1 to 6, both genders and both levels', () => {
    for (const division of ['1', '2', '3', '4', '5', '6']) {
      for (const gender of ['Male', 'Female']) {
        for (const stateNational of ['State', 'National']) {
          expect(readInviteForm({ ...full, division, gender, stateNational }, DISCIPLINES)).toHaveProperty('invite');
        }
      }
    }
  });

  it('stays open when the grid already holds that invite; another level is another invite', () => {
    const existing = [{ DisciplineId: 9, division: 6, gender: 'Male' as const, stateNational: 'National' as const }];
    expect(inviteDialogOutcome('add', full, DISCIPLINES, existing)).toEqual({
      close: false,
      problems: { form: INVITE_FORM_MESSAGES.duplicate },
    });
    expect(inviteDialogOutcome('add', { ...full, stateNational: 'State' }, DISCIPLINES, existing)).toMatchObject({
      close: true,
    });
  });

  it('closes with nothing on Cancel, whatever the form holds', () => {
    expect(inviteDialogOutcome('cancel', full, DISCIPLINES)).toEqual({ close: true, result: null });
    expect(inviteDialogOutcome('cancel', EMPTY_INVITE_FORM, DISCIPLINES)).toEqual({ close: true, result: null });
  });
});
