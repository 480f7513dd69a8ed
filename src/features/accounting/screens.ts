import { lazy } from 'react';
import { ADMINS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'accounting',
    title: 'Accounting sync',
    nav: { group: 'money', order: 30 },
    roles: ADMINS,
    page: lazy(() => import('./accounting-page')),
  },
];
