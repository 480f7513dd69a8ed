import { MIN_PHONE_DIGITS } from '../constants/policy';
import { MESSAGES } from '../messages';

// Separators people type in phone numbers: spaces, brackets, plus, dash, dot and 'ext'.
const PHONE_SEPARATORS = /ext|[\s()[\]{}+\-.]/gi;

/** The phone number with every separator removed. */
export function stripPhone(phone: string | null | undefined): string {
  return (phone ?? '').replace(PHONE_SEPARATORS, '');
}

/** Valid when, once stripped, only digits remain and there are at least 7 of them. */
export function isValidPhone(phone: string | null | undefined): boolean {
  const digits = stripPhone(phone);
  return /^\d+$/.test(digits) && digits.length >= MIN_PHONE_DIGITS;
}

export type PhoneOwner = 'teamManager' | 'volunteer';

/** The spec's message for an invalid mobile of a team manager or a volunteer, or null. */
export function phoneError(phone: string | null | undefined, owner: PhoneOwner): string | null {
  if (isValidPhone(phone)) return null;
  return owner === 'teamManager' ? MESSAGES.teamManagerPhoneRequired : MESSAGES.volunteerPhoneRequired;
}
