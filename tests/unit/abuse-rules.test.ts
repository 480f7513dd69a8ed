// The rules behind the server's new refusals, as the screens apply them before anything is sent:
// a volunteer place needs a volunteer on every event's screen (not only VIC's); a position must be
// one the discipline offers; a date of birth's year runs from 1900 to the current year wherever
// on Earth it is already that year; a new sign-in email or password needs the current password.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { currentYearAnywhere, isBirthDateInRange } from '../../src/domain/rules/birth-date';
import { emptySchoolForm, profileLoginErrors } from '../../src/domain/rules/school-form';
import { volunteersBodySchema } from '../../src/domain/schemas';
import { SERVER_MESSAGES, volunteerPositionNotOfferedMessage } from '../../src/domain/server-messages';
import { EMPTY_PREFERENCE, draftIssues, type SlotFields } from '../../src/features/volunteers/volunteer-draft';

const complete = {
  ...EMPTY_PREFERENCE,
  DisciplineId: 2,
  division: 1,
  gender: 'Male' as const,
  position: 'Shovel' as const,
};

describe('volunteer places', () => {
  it("stops a complete preference without a volunteer on the general and other-region screens too: 'You must select a volunteer'", () => {
    const slots: SlotFields[] = [
      { id: 's1', VolunteerId: null, preferences: [complete] },
      { id: 's2', VolunteerId: 'v1', preferences: [complete] },
    ];
    for (const variant of ['general', 'aus', 'vic'] as const) {
      const issues = draftIssues([], slots, variant);
      expect(issues.slots.get('s1'), variant).toBe(MESSAGES.volunteerRequired);
      expect(issues.slots.has('s2'), variant).toBe(false);
    }
    // A slot still being chosen may wait for its volunteer.
    expect(
      draftIssues([], [{ id: 's3', VolunteerId: null, preferences: [{ ...complete, gender: null }] }], 'general').slots
        .size,
    ).toBe(0);
  });

  it('refuses a position the discipline does not offer, naming those it does', () => {
    const body = (position: string, DisciplineId: number) => ({
      multi: true,
      volunteers: [],
      volunteersDeleted: [],
      slotsDeleted: [],
      slots: [
        {
          id: '0190a6c4-0000-7000-8000-000000000001',
          VolunteerId: null,
          preferences: [{ DisciplineId, division: 1, gender: 'Male', position }],
        },
      ],
    });
    const refused = volunteersBodySchema.safeParse(body('Shovel', 3));
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'slots.0.preferences.0.position',
        volunteerPositionNotOfferedMessage(['Start Marshall', 'Finish Assistant', 'Start Referee', 'Finish Referee']),
      ],
    ]);
    expect(volunteerPositionNotOfferedMessage(['Start Marshall', 'Shovel'])).toBe(
      'This discipline does not offer that position: choose Start Marshall or Shovel.',
    );
    expect(volunteersBodySchema.safeParse(body('Shovel', 2)).success).toBe(true);
  });
});

describe('dates of birth', () => {
  it('takes 1900 to the current year, the new year counted from the first place on Earth to reach it', () => {
    const newYearsEveUtc = new Date('2026-12-31T13:30:00Z'); // already 1 January 2027 in Sydney (UTC+11)
    expect(currentYearAnywhere(newYearsEveUtc)).toBe(2027);
    expect(currentYearAnywhere(new Date('2026-12-31T09:00:00Z'))).toBe(2026);
    expect(isBirthDateInRange('2027-01-01', newYearsEveUtc)).toBe(true);
    expect(isBirthDateInRange('2028-01-01', newYearsEveUtc)).toBe(false);
    expect(isBirthDateInRange('1900-01-01', newYearsEveUtc)).toBe(true);
    expect(isBirthDateInRange('1899-12-31', newYearsEveUtc)).toBe(false);
  });
});

describe('the profile sign-in', () => {
  const baseline = { ...emptySchoolForm(), user: { email: 'coord@school.example', password: '' } };

  it('needs the current password for a new email or password, not for a change of case or other fields', () => {
    const ask = { 'user.currentPassword': SERVER_MESSAGES.currentPasswordRequired };
    expect(profileLoginErrors({ ...baseline, user: { email: 'new@school.example', password: '' } }, baseline)).toEqual(
      ask,
    );
    expect(
      profileLoginErrors(
        { ...baseline, user: { email: 'coord@school.example', password: 'a new password' } },
        baseline,
      ),
    ).toEqual(ask);
    expect(
      profileLoginErrors(
        { ...baseline, user: { email: 'new@school.example', password: '', currentPassword: 'mine' } },
        baseline,
      ),
    ).toEqual({});
    expect(
      profileLoginErrors(
        { ...baseline, town: 'Thredbo', user: { email: 'Coord@School.example', password: '' } },
        baseline,
      ),
    ).toEqual({});
  });
});
