import { lazy } from 'react';
import { ENTRIES_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'waiver/index',
    title: 'Waivers',
    nav: { group: 'entries', order: 80 },
    roles: ENTRIES_ROLES,
    page: lazy(() => import('./waivers-page')),
  },
];
