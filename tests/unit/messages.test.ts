import { describe, expect, it } from 'vitest';
import {
  LABELS,
  MESSAGES,
  SERVER_MESSAGES,
  bibTakenMessage,
  manualBibsKeptMessage,
  participantAlreadyEnteredMessage,
  paymentUnsuccessfulMessage,
  snowracerIdsImportedMessage,
} from '../../src/domain';

describe('spec messages, word for word', () => {
  it.each([
    ['teamManagerPhoneRequired', 'Please add team manager phone number'],
    ['volunteerPhoneRequired', 'Please add volunteer phone number'],
    ['preferenceIncomplete', 'Preference is incomplete'],
    ['volunteerRequired', 'You must select a volunteer'],
    ['invalidDate', 'Invalid date format, please use dd/mm/yyyy'],
    ['invalidEmail', 'Invalid email address.'],
    ['snowIdNotFound', 'Snow Id not found'],
    ['snowIdNotFoundOrInactive', 'Snow Id not found or is inactive'],
    ['registryConnectionError', 'Error connecting to the athlete registry'],
    ['resetUnknownEmail', "Sorry, we don't have that email address in our records"],
    ['resetEmailSent', 'An email containing a link to reset your password has been sent to your inbox'],
    ['serverError', 'Server Error'],
    ['paymentSuccess', 'Payment successfully made'],
    ['volunteerSpotsSaveError', 'There was an error updaing.  Please refresh the page.'],
    ['bibsGenerated', 'Bibs successfully generated'],
    ['ticketingSaved', 'Ticketing saved'],
    ['importedSuccessfully', 'Imported successfully'],
    ['registrationTitle', 'Interschools School Registration'],
    ['registeredPre2013', 'Registered pre 2013'],
    ['registrationPasswordPlaceholder', 'Enter password'],
    ['profilePasswordPlaceholder', 'Leave blank to keep existing password'],
    [
      'deleteSchoolWarning',
      'This will permently remove the schools and all associated participants, team managers, etc.',
    ],
    ['cancel', 'Cancel'],
    ['remove', 'Remove'],
  ] as const)('%s is exactly the spec text', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('keeps the typo and the two spaces of the volunteer spots error', () => {
    expect(MESSAGES.volunteerSpotsSaveError).toContain('updaing.  Please');
  });

  it("formats 'Payment unsuccessful - {result}'", () => {
    expect(paymentUnsuccessfulMessage('CANCELLED')).toBe('Payment unsuccessful - CANCELLED');
  });

  it("formats '{n} Snowracer Ids imported'", () => {
    expect(snowracerIdsImportedMessage(12)).toBe('12 Snowracer Ids imported');
    expect(snowracerIdsImportedMessage(0)).toBe('0 Snowracer Ids imported');
  });

  it('spells the grid headings of the BPAY and invites grids as the spec does', () => {
    expect(Object.values(LABELS.bpayGrid)).toEqual(['Name', 'State', 'BPay']);
    expect(Object.values(LABELS.invitesGrid)).toEqual(['Discipline', 'Division', 'Gender', 'State/National']);
  });

  it('covers every spec message in MESSAGES', () => {
    expect(Object.keys(MESSAGES)).toHaveLength(24);
  });
});

describe('our server messages', () => {
  it('are kept apart from the spec messages and never reuse a spec key', () => {
    const specKeys = new Set(Object.keys(MESSAGES));
    expect(Object.keys(SERVER_MESSAGES).filter((key) => specKeys.has(key))).toEqual([]);
  });

  it('every message is a full sentence', () => {
    for (const message of Object.values(SERVER_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('names the holder of a taken bib', () => {
    expect(bibTakenMessage(101, 'Sam Lee (Jindabyne Central)')).toBe(
      'Bib 101 is already assigned to Sam Lee (Jindabyne Central).',
    );
  });

  it('names the participant and discipline of a second entry', () => {
    expect(participantAlreadyEnteredMessage('Sam Lee', 'Moguls')).toBe(
      'Sam Lee is already entered in Moguls for this event.',
    );
  });

  it('reports manual bibs kept, singular and plural', () => {
    expect(manualBibsKeptMessage(1)).toBe('1 entry has a manually assigned bib and was left unchanged.');
    expect(manualBibsKeptMessage(3)).toBe('3 entries have manually assigned bibs and were left unchanged.');
  });

  it('states the minimum password length', () => {
    expect(SERVER_MESSAGES.passwordTooShort).toBe('The password must be at least 8 characters long.');
  });
});
