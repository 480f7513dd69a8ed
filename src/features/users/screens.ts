import { lazy } from 'react';
import { ADMIN_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'users',
    title: 'Users',
    nav: { group: 'administration', order: 30 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./users-page')),
  },
];
