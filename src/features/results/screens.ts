import { lazy } from 'react';
import { EVERY_ROLE, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'results',
    title: 'Results',
    nav: { group: 'reports', order: 10 },
    roles: EVERY_ROLE,
    page: lazy(() => import('./results-page')),
  },
  {
    path: 'trophies',
    title: 'Trophies',
    nav: { group: 'reports', order: 20 },
    roles: EVERY_ROLE,
    page: lazy(() => import('./trophies-page')),
  },
];
