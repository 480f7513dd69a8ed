import { lazy } from 'react';
import { ADMIN_ROLES, ENTRIES_ROLES, type Screen, type ScreenProps } from '../../components/screen';
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
    roles: ENTRIES_ROLES,
    page: volunteers('general'),
  },
  { path: 'volunteer/vic', title: 'VIC volunteers', roles: ENTRIES_ROLES, page: volunteers('vic') },
  { path: 'volunteer/aus', title: 'Volunteers (other regions)', roles: ENTRIES_ROLES, page: volunteers('aus') },
  {
    path: 'volunteer/spots',
    title: 'Volunteer places',
    nav: { group: 'administration', order: 70 },
    roles: ADMIN_ROLES,
    page: lazy(() => import('./spots-page')),
  },
];
