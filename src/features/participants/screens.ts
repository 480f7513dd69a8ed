import { lazy } from 'react';
import { ENTRIES_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'participant/index',
    title: 'Participants',
    nav: { group: 'entries', order: 20 },
    roles: ENTRIES_ROLES,
    page: lazy(() => import('./participants-page')),
  },
];
