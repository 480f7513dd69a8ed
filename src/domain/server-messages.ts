// Our own messages for refusals the spec leaves open (it says "Error response bodies beyond those
// listed: not shown"). Kept apart from MESSAGES so the spec's wording stays verifiable on its own.
// Written for the person at the screen: what happened and what to do next.
import { MAX_PLACINGS } from './constants/limits';
import { MIN_PASSWORD_LENGTH } from './constants/policy';

export const SERVER_MESSAGES = {
  wrongCredentials: 'Wrong username or password.',
  unauthenticated: 'Please sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'The record was not found. It may have been removed.',
  validation: 'Some fields are not valid. Please check the highlighted values.',
  eventLocked: 'This event is locked. Changes can no longer be made.',
  /** The event's entries-close time has come (ours, beside the spec's lock). */
  entriesClosed: 'Entries for this event have closed. Changes can no longer be made.',
  volunteersLocked: 'Volunteer registration for this event is closed.',
  crossSiteRefused: 'This can only be done from the Interschools app itself, not from a link on another site.',
  eventClosed: 'This event is closed, so changes can no longer be made to it.',
  eventNotForSchool: "This event is not open to your school's state, so your school cannot make changes in it.",
  writeForAnotherSchool:
    'This change was made for another school, so it was not saved. Sign in as that school to make it again.',
  notQueuedWrite: 'This request cannot be sent with queued changes. Send it on its own.',
  batchTooLarge: 'Too many changes in one request. Send them in smaller parts.',
  writeForRemovedSchool: 'This change was made for a school that has since been removed, so it was not saved.',
  staleVersion: 'Someone else changed this record. The latest version has been loaded.',
  paidNoRemoval:
    'The invoice for this event is paid, so participants can no longer be removed. Ask the association if one must be.',
  loginEventNotOpen: 'That event is not open. Choose one of the events listed.',
  loginEventNotForState: "That event is not open to your school's state. Choose your state's event.",
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  overloaded: 'The server is busy. Your changes are kept and will be sent again in a moment.',
  tooManyLookups: 'Too many snow id lookups in a short time. Please wait a few minutes and try again.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordTooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordChanged: 'Your password has been changed. You can now sign in.',
  emailInUse: 'An account with this email address already exists.',
  currentPasswordRequired: 'Enter your current password to change the sign-in email or password.',
  currentPasswordWrong: 'That is not your current password.',
  schoolRegistered: 'Thank you for registering. You can now sign in with your email address.',
  schoolSaved: 'School details saved.',
  schoolStateSetByAssociation: "Your school's state is set by the association. Ask an administrator to change it.",
  schoolDeleted: 'School removed.',
  invoiceNotAvailable: 'The invoice is not available yet.',
  nothingToPay: 'There is nothing outstanding to pay.',
  ticketingTooMany: 'More team manager tickets are requested than passes are available.',
  teamFull: 'This team already has all its positions filled.',
  positionOutOfRange: 'This position does not exist in this team.',
  positionTaken: 'This position already holds a participant.',
  participantTwiceInTeam: 'This participant is already in this team.',
  genderDoesNotFitTeam: "The participant's gender does not fit the team's gender.",
  teamHasManager: 'This team already has a team manager.',
  seasonPassVicOnly: 'Season passes are for VIC events only: untick the season pass.',
  accountingUnavailable: 'Error connecting to the accounting system. Please try again later.',
  paymentUnavailable: 'Error connecting to the payment system. Please try again later.',
  accountingJoined: 'School linked to the accounting contact.',
  accountingItemNotParked: 'That item is not waiting to be sent again: it may have been sent already.',
  needsNetwork: 'This needs an internet connection. Please try again when you are online.',
  amountOwedChanged: 'The amount owed has changed. Reload the invoice.',
  onlinePaymentVicOnly: 'Online payment is offered for VIC invoices only. Please pay as the invoice describes.',
  onlinePaymentNotSetUp: 'Online payment is not set up. Please pay by BPAY.',
  paymentNotConfirmed:
    'The payment could not be confirmed with the payment system yet. If you paid, it will be recorded automatically: open the invoice again later.',
} as const;

/** A second entry of the same participant in one discipline of an event. */
export function participantAlreadyEnteredMessage(participantName: string, disciplineName: string): string {
  return `${participantName} is already entered in ${disciplineName} for this event.`;
}

/** A manual bib that another entry already holds; names the holder so the user can resolve it. */
/** A race's results file past MAX_PLACINGS rows. */
export function resultsFileTooLongMessage(rows: number): string {
  const count = (n: number) => n.toLocaleString('en-AU');
  return `This results file has ${count(rows)} rows; a race's file has at most ${count(MAX_PLACINGS)}. Check that it holds one race.`;
}

export function bibTakenMessage(bib: number, holderName: string): string {
  return `Bib ${bib} is already assigned to ${holderName}.`;
}

/** Manual bibs left untouched by a regeneration. */
export function manualBibsKeptMessage(count: number): string {
  return count === 1
    ? '1 entry has a manually assigned bib and was left unchanged.'
    : `${count} entries have manually assigned bibs and were left unchanged.`;
}

/** The payments grid: a school's payment made cannot go below what the payment gateway confirmed
 *  online (those payments are undone with the gateway, never here). `online` is formatted money. */
/** A refund pays money back: it lowers what the school has paid. */
export const REFUND_RAISES_MESSAGE = 'A refund lowers what the school has paid: type the amount left after the refund.';

export const PAYMENT_NOT_POSITIVE_MESSAGE =
  'A payment or a refund is the money that moved: type a positive amount. To take back part of a line typed too large, record a correction.';

export function refundAboveReceivedMessage(received: string): string {
  return `The school has paid ${received} for this event: a refund or a correction cannot take back more than that.`;
}

export function paymentBelowOnlineMessage(schoolName: string, online: string): string {
  return `${schoolName} has paid ${online} online. Online payments cannot be corrected here, so the payment made cannot be less than ${online}, unless money was paid back: then record it as a refund.`;
}

/** A volunteer position the discipline does not offer (spec section 9 lists them per discipline). */
export function volunteerPositionNotOfferedMessage(offered: readonly string[]): string {
  const choices = offered.length > 1 ? `${offered.slice(0, -1).join(', ')} or ${offered.at(-1)}` : offered.join('');
  return `This discipline does not offer that position: choose ${choices}.`;
}
