import { lazy } from 'react';
import { ADMIN_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'events',
    title: 'Events',
    nav: { group: 'administration', order: 10 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./events-page')),
  },
];
