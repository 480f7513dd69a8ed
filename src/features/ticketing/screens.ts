import { lazy } from 'react';
import { ENTRIES_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'ticketing',
    title: 'Ticketing',
    nav: { group: 'entries', order: 60 },
    roles: ENTRIES_ROLES,
    page: lazy(() => import('./ticketing-page')),
  },
];
