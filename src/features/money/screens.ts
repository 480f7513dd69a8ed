import { lazy } from 'react';
import { OFFICE, SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'invoice',
    aliases: ['invoice/:SchoolId/:EventId', 'invoice/append/:SchoolId/:EventId'],
    title: 'Invoice',
    nav: { group: 'money', order: 10 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./invoice-page')),
  },
  // Spec section 2: /payments sends anyone but admin and auditor to /login.
  {
    path: 'payments',
    title: 'Payments',
    nav: { group: 'money', order: 20 },
    roles: OFFICE,
    othersTo: 'login',
    page: lazy(() => import('./payments-page')),
  },
];
