import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'participant/index',
    title: 'Participants',
    nav: { group: 'entries', order: 20 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./participants-page')),
  },
];
