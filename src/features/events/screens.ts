import { lazy } from 'react';
import { ADMINS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'events',
    title: 'Events',
    nav: { group: 'administration', order: 10 },
    roles: ADMINS,
    page: lazy(() => import('./events-page')),
  },
];
