import { lazy } from 'react';
import { ADMIN_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'invites',
    title: 'Invites',
    nav: { group: 'administration', order: 40 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./invites-page')),
  },
];
