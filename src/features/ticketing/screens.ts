import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'ticketing',
    title: 'Ticketing',
    nav: { group: 'entries', order: 60 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./ticketing-page')),
  },
];
