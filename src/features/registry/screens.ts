import { lazy } from 'react';
import { ADMINS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

// Named for what they are to an administrator, the athlete registry; Snowracer is its name, said on
// the pages.

export const screens: Screen[] = [
  {
    path: 'snowracer/import',
    title: 'Athlete registry import',
    nav: { group: 'administration', order: 50 },
    roles: ADMINS,
    page: lazy(() => import('./registry-import-page')),
  },
  {
    path: 'snowracer/export',
    title: 'Athlete registry export',
    nav: { group: 'administration', order: 60 },
    roles: ADMINS,
    page: lazy(() => import('./registry-export-page')),
  },
];
