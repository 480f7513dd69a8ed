import { lazy } from 'react';
import { ADMIN_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'snowracer/import',
    title: 'Snowracer import',
    nav: { group: 'administration', order: 50 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./registry-import-page')),
  },
  {
    path: 'snowracer/export',
    title: 'Snowracer export',
    nav: { group: 'administration', order: 60 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./registry-export-page')),
  },
];
