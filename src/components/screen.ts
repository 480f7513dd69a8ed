// What a feature says about each of its screens (in its own `screens.ts`): the shell derives the
// routes, the one role guard, the page titles and the navigation from these declarations, so a
// new screen touches its feature folder and nothing else.
import type { ComponentType } from 'react';
import type { InterschoolsDb } from '../db/database';
import { USER_TYPES, type UserType } from '../domain/constants/choices';
import type { SyncEngine } from '../sync/engine';

/** What the shell hands every screen; a page takes what it needs of it. */
export interface ScreenProps {
  db: InterschoolsDb;
  engine: SyncEngine;
}

/** The navigation's groups, in the order the header shows them. */
export const SCREEN_GROUPS = [
  { id: 'entries', label: 'Entries' },
  { id: 'race-day', label: 'Race day' },
  { id: 'money', label: 'Money' },
  { id: 'administration', label: 'Administration' },
  { id: 'reports', label: 'Reports' },
] as const;
type ScreenGroup = (typeof SCREEN_GROUPS)[number]['id'];

export interface Screen {
  /** The hash route ('' for home); other paths reaching the same screen follow in `aliases`. */
  path: string;
  aliases?: readonly string[];
  /** The page's title: the browser tab and the navigation link. */
  title: string;
  /** Where the navigation lists it (omitted: reached from another screen only). */
  nav?: { group: ScreenGroup; order: number };
  /**
   * Who may open it: 'public' before sign-in, else the user types. Others signed in are sent to
   * /login where the spec says so (`othersTo: 'login'`), and otherwise told it is not for them.
   */
  roles: 'public' | readonly UserType[];
  othersTo?: 'login';
  /** Home needs an event in the session as well as a user (spec section 2). */
  needsEvent?: boolean;
  /** The page: a lazy component for every screen behind sign-in, so the first load stays small. */
  page: ComponentType<ScreenProps>;
}

/** Every signed-in user (a screen for fewer names its set of src/domain/constants/access.ts, the
 *  one its contract route's access names, so the guard never offers what the server refuses). */
export const EVERY_ROLE: readonly UserType[] = USER_TYPES;
