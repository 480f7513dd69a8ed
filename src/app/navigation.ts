// The navigation, derived from the screens the features declare: each role sees only the screens
// it may use, grouped as coordinators and officials think of their work.
import { SCREEN_GROUPS, type Screen } from '../components/screen';
import type { UserType } from '../domain/constants';
import { SCREENS } from './screens';

type NavItem = { to: string; label: string };
export type NavGroup = { id: string; label: string; items: readonly NavItem[] };

export function mayOpen(screen: Screen, type: UserType): boolean {
  return screen.roles !== 'public' && screen.roles.includes(type);
}

/** The groups and items a user of this type may use, in order; groups left empty are dropped. */
export function navigationFor(type: UserType, screens: readonly Screen[] = SCREENS): NavGroup[] {
  return SCREEN_GROUPS.map((group) => ({
    ...group,
    items: screens
      .filter((screen) => screen.nav?.group === group.id && mayOpen(screen, type))
      .sort((a, b) => a.nav!.order - b.nav!.order)
      .map((screen) => ({ to: `/${screen.path}`, label: screen.title })),
  })).filter((group) => group.items.length > 0);
}
