import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'teamManager/index',
    title: 'Team managers',
    nav: { group: 'entries', order: 50 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./team-managers-page')),
  },
];
