import { lazy } from 'react';
import { ENTRIES_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'teamManager/index',
    title: 'Team managers',
    nav: { group: 'entries', order: 50 },
    roles: ENTRIES_ROLES,
    page: lazy(() => import('./team-managers-page')),
  },
];
