import { lazy } from 'react';
import { ADMINS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'users',
    title: 'Users',
    nav: { group: 'administration', order: 30 },
    roles: ADMINS,
    page: lazy(() => import('./users-page')),
  },
];
