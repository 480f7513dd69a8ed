// #/reports, the index, and #/reports/:report, every report. Both load lazily; each report page is
// its own chunk (report-route.tsx). Spec section 2: anyone but admin and auditor goes to /login.
import { lazy } from 'react';
import { OFFICE } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'reports',
    title: 'Reports',
    nav: { group: 'reports', order: 30 },
    roles: OFFICE,
    othersTo: 'login',
    page: lazy(() => import('./reports-index-page')),
  },
  {
    path: 'reports/:report',
    title: 'Report',
    roles: OFFICE,
    othersTo: 'login',
    page: lazy(() => import('./report-route')),
  },
];
