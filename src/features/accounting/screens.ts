import { lazy } from 'react';
import { ADMIN_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'accounting',
    title: 'Accounting sync',
    nav: { group: 'money', order: 30 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./accounting-page')),
  },
];
