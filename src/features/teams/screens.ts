import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'team/grid',
    title: 'Teams',
    nav: { group: 'entries', order: 30 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./team-grid-page')),
  },
  {
    path: 'team/index',
    aliases: ['team/index/:SchoolId/:EventId'],
    title: 'Teams by discipline',
    nav: { group: 'entries', order: 40 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./team-index-page')),
  },
];
