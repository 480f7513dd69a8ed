import { lazy } from 'react';
import { ADMINS, SCHOOL_EDITORS } from '../../domain/constants/access';
import { type Screen, type ScreenProps } from '../../components/screen';
import type { VolunteersVariant } from './volunteer-draft';

/** The volunteers page in one of its forms (the general one, VIC's, other regions'). */
const volunteers = (variant: VolunteersVariant) =>
  lazy(() =>
    import('./volunteers-page').then(({ default: Page }) => ({
      default: ({ db }: ScreenProps) => <Page db={db} variant={variant} />,
    })),
  );

export const screens: Screen[] = [
  {
    path: 'volunteer/index',
    title: 'Volunteers',
    nav: { group: 'entries', order: 70 },
    roles: SCHOOL_EDITORS,
    page: volunteers('general'),
  },
  { path: 'volunteer/vic', title: 'VIC volunteers', roles: SCHOOL_EDITORS, page: volunteers('vic') },
  { path: 'volunteer/aus', title: 'Volunteers (other regions)', roles: SCHOOL_EDITORS, page: volunteers('aus') },
  {
    path: 'volunteer/spots',
    title: 'Volunteer places',
    nav: { group: 'administration', order: 70 },
    roles: ADMINS,
    page: lazy(() => import('./spots-page')),
  },
];
