import { lazy } from 'react';
import { ADMINS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'invites',
    title: 'Invites',
    nav: { group: 'administration', order: 40 },
    roles: ADMINS,
    page: lazy(() => import('./invites-page')),
  },
];
