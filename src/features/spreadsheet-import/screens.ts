import { lazy } from 'react';
import { SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'upload',
    title: 'Import spreadsheet',
    nav: { group: 'entries', order: 90 },
    roles: SCHOOL_EDITORS,
    page: lazy(() => import('./upload-page')),
  },
];
