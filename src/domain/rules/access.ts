import type { UserType } from '../constants/choices';

// Who may see what, as the spec and PRODUCT-DECISIONS state it. The server enforces the same
// predicates; the client uses them to hide what would be refused anyway.

const STAFF_VIEWERS: readonly string[] = ['admin', 'auditor'];

/** /payments and /schools: admin or auditor; others go to /login. */
export function canViewPaymentsAndSchools(userType: UserType | string): boolean {
  return STAFF_VIEWERS.includes(userType);
}

/** Reports (and the coordinators-by-state report in particular): admin or auditor. */
export function canViewReports(userType: UserType | string): boolean {
  return STAFF_VIEWERS.includes(userType);
}

/** Start lists, start marshall sheets and bib lists: admin and race department. */
export function canViewRaceDay(userType: UserType | string): boolean {
  return userType === 'admin' || userType === 'racedept';
}

/** Admin only: header school and event pickers, bib column, users, events, accounting sync. */
export function isAdmin(userType: UserType | string): boolean {
  return userType === 'admin';
}

/** Writes to a school's entries: the school itself, or an admin on its behalf. */
export function canEditSchoolData(userType: UserType | string): boolean {
  return userType === 'admin' || userType === 'school';
}

/** A locked event refuses every write except an admin's (PRODUCT-DECISIONS, Access). */
export function writeBlockedByLock(
  userType: UserType | string,
  event: { locked: boolean; volunteerLock: boolean },
  isVolunteerWrite: boolean,
): 'EVENT_LOCKED' | 'VOLUNTEERS_LOCKED' | null {
  if (userType === 'admin') return null;
  if (event.locked) return 'EVENT_LOCKED';
  if (isVolunteerWrite && event.volunteerLock) return 'VOLUNTEERS_LOCKED';
  return null;
}
