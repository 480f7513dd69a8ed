// The whole contract of spec section 7, by area. Tests check that every call is here once.
import type { RouteContract } from '../route';
import { bibsApi } from './bibs';
import { eventsApi } from './events';
import { invitesApi } from './invites';
import { participantsApi } from './participants';
import { paymentsApi } from './payments';
import { registryApi } from './registry';
import { reportsApi } from './reports';
import { raceResultsApi } from './race-results';
import { resultsApi } from './results';
import { schoolsApi } from './schools';
import { syncApi } from './sync';
import { sessionApi } from './session';
import { startlistsApi } from './startlists';
import { teamManagersApi } from './team-managers';
import { teamsApi } from './teams';
import { runningOrderApi } from './running-order';
import { timingFilesApi } from './timing-files';
import { usersApi } from './users';
import { volunteersApi } from './volunteers';
import { waiversApi } from './waivers';

export const API = {
  session: sessionApi,
  events: eventsApi,
  participants: participantsApi,
  teams: teamsApi,
  teamManagers: teamManagersApi,
  volunteers: volunteersApi,
  waivers: waiversApi,
  bibs: bibsApi,
  results: resultsApi,
  startlists: startlistsApi,
  timingFiles: timingFilesApi,
  runningOrder: runningOrderApi,
  raceResults: raceResultsApi,
  invites: invitesApi,
  payments: paymentsApi,
  registry: registryApi,
  schools: schoolsApi,
  users: usersApi,
  reports: reportsApi,
} as const;

/** Every route of the contract, flat (for route-table tests and the authorisation matrix). */
export function allRoutes(): RouteContract[] {
  return Object.values(API).flatMap((area) => Object.values(area) as RouteContract[]);
}

/** Every route of the contract the server serves: the spec's calls and the offline feeds'. */
export function everyContractRoute(): RouteContract[] {
  return [...allRoutes(), ...Object.values(syncApi)];
}
