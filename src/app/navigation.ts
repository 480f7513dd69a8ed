// The header's navigation: each role sees only the screens it may use, grouped as coordinators
// and officials think of their work (Entries, Race day, Money, Administration, Reports). A screen
// joins the navigation with one line here (and its route in routes.tsx).
import type { UserType } from '../domain/constants';

export type NavItem = { to: string; label: string; roles: readonly UserType[] };
export type NavGroup = { id: string; label: string; items: readonly NavItem[] };

const ENTRIES: readonly UserType[] = ['school', 'admin'];
const RACE_DAY: readonly UserType[] = ['racedept', 'admin'];

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'entries',
    label: 'Entries',
    items: [
      { to: '/school', label: 'School profile', roles: ENTRIES },
      { to: '/participant/index', label: 'Participants', roles: ENTRIES },
      { to: '/team/grid', label: 'Teams', roles: ENTRIES },
      { to: '/team/index', label: 'Teams by discipline', roles: ENTRIES },
      { to: '/teamManager/index', label: 'Team managers', roles: ENTRIES },
      { to: '/ticketing', label: 'Ticketing', roles: ENTRIES },
      { to: '/volunteer/index', label: 'Volunteers', roles: ENTRIES },
      { to: '/waiver/index', label: 'Waivers', roles: ENTRIES },
      { to: '/upload', label: 'Import spreadsheet', roles: ENTRIES },
    ],
  },
  {
    id: 'race-day',
    label: 'Race day',
    items: [
      { to: '/startlists', label: 'Start lists', roles: RACE_DAY },
      { to: '/startMarshall', label: 'Start marshall sheets', roles: RACE_DAY },
      { to: '/bib-list', label: 'Bib list', roles: RACE_DAY },
      { to: '/bib-manual', label: 'Manual bibs', roles: ['admin'] },
      { to: '/bib-generation', label: 'Bib generation', roles: ['admin'] },
      // One screen for the NSW and VIC systems and Live heats (its own System choice).
      { to: '/files/nsw-system', label: 'Timing files', roles: RACE_DAY },
    ],
  },
  {
    id: 'money',
    label: 'Money',
    items: [
      { to: '/invoice', label: 'Invoice', roles: ENTRIES },
      { to: '/payments', label: 'Payments', roles: ['admin', 'auditor'] },
      { to: '/accounting', label: 'Accounting sync', roles: ['admin'] },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    items: [
      { to: '/events', label: 'Events', roles: ['admin'] },
      { to: '/schools', label: 'Schools and BPAY', roles: ['admin', 'auditor'] },
      { to: '/users', label: 'Users', roles: ['admin'] },
      { to: '/invites', label: 'Invites', roles: ['admin'] },
      { to: '/snowracer/import', label: 'Snowracer import', roles: ['admin'] },
      { to: '/snowracer/export', label: 'Snowracer export', roles: ['admin'] },
      { to: '/volunteer/spots', label: 'Volunteer places', roles: ['admin'] },
      { to: '/rev', label: 'Start lists and results shown', roles: ['admin'] },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    items: [
      { to: '/results', label: 'Results', roles: ['school', 'auditor', 'racedept', 'admin'] },
      { to: '/trophies', label: 'Trophies', roles: ['school', 'auditor', 'racedept', 'admin'] },
      { to: '/reports', label: 'Reports', roles: ['admin', 'auditor'] },
    ],
  },
];

/** The groups and items a user of this type may use; groups left empty are dropped. */
export function navigationFor(type: UserType): NavGroup[] {
  return NAV_GROUPS
    .map((group) => ({ ...group, items: group.items.filter((item) => item.roles.includes(type)) }))
    .filter((group) => group.items.length > 0);
}
