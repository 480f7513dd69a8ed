import type { UserType } from '../constants/choices';
import { ROUTES } from '../constants/ui';

/** Where the app goes after a successful login: start lists for racedept, home for the rest. */
export function postLoginRoute(userType: UserType | string): string {
  return userType === 'racedept' ? ROUTES.startlists : ROUTES.home;
}

/** A login answer is a success when it carries a username; otherwise its error is shown. */
export function isLoginSuccess(response: { username?: string | null }): boolean {
  return typeof response.username === 'string' && response.username !== '';
}

/** Home needs a user and an event in the session; otherwise the app goes to /login. */
export function homeNeedsLogin(user: { EventId: string | null } | null | undefined): boolean {
  return !user || !user.EventId;
}

export interface SessionScope {
  SchoolId: string | null;
  EventId: string | null;
  selectedSchool?: string | null;
  schoolName?: string | null;
}

/** After an admin's successful switch: same event -> reload the page, another event -> home. */
export function sessionSwitchOutcome(previousEventId: string | null, newEventId: string | null): 'reload' | 'home' {
  return previousEventId === newEventId ? 'reload' : 'home';
}

/** The session user updated with the switch answer. */
export function applySessionSwitch<U extends SessionScope, R extends SessionScope>(user: U, answer: R): U & R {
  return { ...user, ...answer, selectedSchool: answer.SchoolId };
}

/** A failed switch resets school and event (the spec's 0 is null here); the app then goes home. */
export function sessionAfterSwitchFailure<U extends SessionScope>(user: U): U {
  return { ...user, SchoolId: null, EventId: null, selectedSchool: null };
}

/** After deleting a school: no selected school, no school, empty school name; then home. */
export function sessionAfterSchoolDeleted<U extends SessionScope>(user: U): U {
  return { ...user, selectedSchool: null, SchoolId: null, schoolName: '' };
}

/** A 410 answer marks the user locked, which ends editing. */
export function sessionAfterLock<U extends { locked?: boolean }>(user: U): U {
  return { ...user, locked: true };
}

/** The events an administrator may switch to: active and not archived, the newest season first,
 *  then by name (as the server lists them). */
export function pickableEvents<
  E extends { id: string; name: string; year: number; active: boolean; archived: boolean },
>(events: readonly E[]): E[] {
  return events.filter((e) => e.active && !e.archived).sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
}
