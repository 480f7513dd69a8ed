import { lazy } from 'react';
import { ADMINS, OFFICE, SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  { path: 'register', title: 'Register a school', roles: 'public', page: lazy(() => import('./register-page')) },
  {
    path: 'school',
    title: 'School profile',
    nav: { group: 'entries', order: 10 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./school-page')),
  },
  // Spec section 2: /schools sends anyone but admin and auditor to /login.
  {
    path: 'schools',
    title: 'Schools and BPAY',
    nav: { group: 'administration', order: 20 },
    roles: OFFICE,
    othersTo: 'login',
    page: lazy(() => import('./bpay-page')),
  },
  {
    path: 'rev',
    title: 'Start lists and results shown',
    nav: { group: 'administration', order: 80 },
    roles: ADMINS,
    page: lazy(() => import('./rev-page')),
  },
];
