import { lazy } from 'react';
import { EVERY_ROLE, type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: '',
    title: 'Home',
    roles: EVERY_ROLE,
    needsEvent: true,
    page: lazy(() => import('./home-page').then((m) => ({ default: m.HomePage }))),
  },
];
