// Who may see what on the client, by the named sets the contract routes' access names
// (constants/access.ts): the server decides by those sets on each route it serves; these
// predicates only hide what it would refuse anyway.
import { ADMINS, OFFICE, RACE_OFFICIALS, SCHOOL_EDITORS } from '../constants/access';
import type { UserType } from '../constants/choices';

const within = (set: readonly UserType[], userType: UserType | string) => (set as readonly string[]).includes(userType);

/** /payments and /schools: admin or auditor; others go to /login. */
export function canViewPaymentsAndSchools(userType: UserType | string): boolean {
  return within(OFFICE, userType);
}

/** Reports (and the coordinators-by-state report in particular): admin or auditor. */
export function canViewReports(userType: UserType | string): boolean {
  return within(OFFICE, userType);
}

/** Start lists, start marshall sheets and bib lists: admin and race department. */
export function canViewRaceDay(userType: UserType | string): boolean {
  return within(RACE_OFFICIALS, userType);
}

/** Admin only: header school and event pickers, bib column, users, events, accounting sync. */
export function isAdmin(userType: UserType | string): boolean {
  return within(ADMINS, userType);
}

/** Writes to a school's entries: the school itself, or an admin on its behalf. */
export function canEditSchoolData(userType: UserType | string): boolean {
  return within(SCHOOL_EDITORS, userType);
}

/** A locked event refuses every write except an admin's (docs/decisions.md, 'Access'). */
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
