import { lazy } from 'react';
import { ADMINS, RACE_OFFICIALS } from '../../domain/constants/access';
import { type Screen } from '../../components/screen';

export const screens: Screen[] = [
  {
    path: 'startlists',
    title: 'Start lists',
    nav: { group: 'race-day', order: 10 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./startlists-page')),
  },
  {
    path: 'startMarshall',
    title: 'Start marshall sheets',
    nav: { group: 'race-day', order: 20 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./start-marshall-page')),
  },
  {
    path: 'bib-list',
    title: 'Bib list',
    nav: { group: 'race-day', order: 30 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./bib-list-page')),
  },
  {
    path: 'bib-manual',
    title: 'Manual bibs',
    nav: { group: 'race-day', order: 40 },
    roles: ADMINS,
    page: lazy(() => import('./bib-manual-page')),
  },
  {
    path: 'bib-generation',
    title: 'Bib generation',
    nav: { group: 'race-day', order: 50 },
    roles: ADMINS,
    page: lazy(() => import('./bib-generation-page')),
  },
  {
    path: 'race-day',
    title: 'The day at a glance',
    nav: { group: 'race-day', order: 1 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./day-at-a-glance-page')),
  },
  {
    path: 'running-order',
    title: 'Running order',
    nav: { group: 'race-day', order: 5 },
    roles: ADMINS,
    page: lazy(() => import('./running-order-page')),
  },
  {
    path: 'race-results',
    title: 'Race results',
    nav: { group: 'race-day', order: 70 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./race-results-page')),
  },
  {
    path: 'results-rules',
    title: 'Results rules',
    nav: { group: 'race-day', order: 80 },
    roles: ADMINS,
    page: lazy(() => import('./results-rules-page')),
  },
  {
    path: 'pointscores',
    title: 'Pointscores',
    nav: { group: 'race-day', order: 75 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./pointscores-page')),
  },
  // One screen for the NSW and VIC systems and Live heats (its own System choice).
  {
    path: 'files/nsw-system',
    aliases: ['files/vic-system', 'files/live-heats'],
    title: 'Timing files',
    nav: { group: 'race-day', order: 60 },
    roles: RACE_OFFICIALS,
    page: lazy(() => import('./timing-files-page')),
  },
];
