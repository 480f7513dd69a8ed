import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'waiver/index',
    title: 'Waivers',
    nav: { group: 'entries', order: 80 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./waivers-page')),
  },
];
