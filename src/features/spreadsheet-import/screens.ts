import { lazy } from 'react';
import { ENTRIES_ROLES, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'upload',
    title: 'Import spreadsheet',
    nav: { group: 'entries', order: 90 },
    roles: ENTRIES_ROLES,
    page: lazy(() => import('./upload-page')),
  },
];
