// Every user-facing message of the spec, word for word: typos and double spaces are part of the
// requirement ('updaing', 'permently', two spaces after 'updaing.'). Never "fix" them.
// Messages the spec leaves open (our server's refusals) live in server-messages.ts.

export const MESSAGES = {
  // Validation (spec section 5)
  teamManagerPhoneRequired: 'Please add team manager phone number',
  volunteerPhoneRequired: 'Please add volunteer phone number',
  preferenceIncomplete: 'Preference is incomplete',
  volunteerRequired: 'You must select a volunteer',
  invalidDate: 'Invalid date format, please use dd/mm/yyyy',
  invalidEmail: 'Invalid email address.',
  snowIdNotFound: 'Snow Id not found',
  snowIdNotFoundOrInactive: 'Snow Id not found or is inactive',
  registryConnectionError: 'Error connecting to the athlete registry',

  // Password reset (section 8)
  resetUnknownEmail: "Sorry, we don't have that email address in our records",
  resetEmailSent: 'An email containing a link to reset your password has been sent to your inbox',

  // Payments (section 8)
  serverError: 'Server Error',
  paymentSuccess: 'Payment successfully made',

  // Saves and imports (section 8)
  volunteerSpotsSaveError: 'There was an error updaing.  Please refresh the page.',
  bibsGenerated: 'Bibs successfully generated',
  ticketingSaved: 'Ticketing saved',
  importedSuccessfully: 'Imported successfully',

  // School registration and profile (sections 2, 5 and 8)
  registrationTitle: 'Interschools School Registration',
  registeredPre2013: 'Registered pre 2013',
  registrationPasswordPlaceholder: 'Enter password',
  profilePasswordPlaceholder: 'Leave blank to keep existing password',
  deleteSchoolWarning: 'This will permently remove the schools and all associated participants, team managers, etc.',
  cancel: 'Cancel',
  remove: 'Remove',
} as const;

/** 'Payment unsuccessful - {result}' */
export function paymentUnsuccessfulMessage(result: string): string {
  return `Payment unsuccessful - ${result}`;
}

/** '{n} Snowracer Ids imported' */
export function snowracerIdsImportedMessage(n: number): string {
  return `${n} Snowracer Ids imported`;
}

/** Column headings and labels the spec spells out. */
export const LABELS = {
  bpayGrid: { name: 'Name', state: 'State', bpay: 'BPay' },
  invitesGrid: {
    discipline: 'Discipline',
    division: 'Division',
    gender: 'Gender',
    stateNational: 'State/National',
  },
} as const;
