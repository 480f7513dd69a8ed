// Every route module, registered in this order by app.ts.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps';
import { accountingRoutes } from './accounting/routes';
import { authRoutes } from './auth/routes';
import { eventRoutes } from './events/routes';
import { fileRoutes } from './files/routes';
import { gatewayRoutes } from './gateway/routes';
import { homeRoutes } from './home/routes';
import { invoiceRoutes } from './money/invoice-routes';
import { hostRoutes } from './host/routes';
import { inviteRoutes } from './invites/routes';
import { participantRoutes } from './participants/routes';
import { paymentRoutes } from './money/payment-routes';
import { paymentsGridRoutes } from './money/payments-grid-routes';
import { raceDayRoutes } from './race-day/routes';
import { referenceRoutes } from './reference/routes';
import { registryRoutes } from './registry/routes';
import { reportRoutes } from './reports/routes';
import { resultRoutes } from './results/routes';
import { schoolRoutes } from './schools/routes';
import { spreadsheetImportRoutes } from './spreadsheet-import/routes';
import { sessionRoutes } from './session/routes';
import { syncRoutes } from './sync/routes';
import { teamManagerRoutes } from './team-managers/routes';
import { teamRoutes } from './teams/routes';
import { userRoutes } from './users/routes';
import { ticketingRoutes } from './ticketing/routes';
import { waiverRoutes } from './waivers/routes';
import { volunteerRoutes } from './volunteers/routes';

/**
 * Each module is a plugin of its own scope, named: fastify looks an unnamed plugin's name up
 * through every loaded module, at every start (about a tenth of building the app).
 */
const named = (name: string, routes: FastifyPluginAsync<Deps>) => fp(routes, { name, encapsulate: true });

export const routeModules = [
  named('hostRoutes', hostRoutes),
  named('authRoutes', authRoutes),
  named('sessionRoutes', sessionRoutes),
  named('referenceRoutes', referenceRoutes),
  named('eventRoutes', eventRoutes),
  named('schoolRoutes', schoolRoutes),
  named('ticketingRoutes', ticketingRoutes),
  named('participantRoutes', participantRoutes),
  named('spreadsheetImportRoutes', spreadsheetImportRoutes),
  named('homeRoutes', homeRoutes),
  named('invoiceRoutes', invoiceRoutes),
  named('teamManagerRoutes', teamManagerRoutes),
  named('waiverRoutes', waiverRoutes),
  named('teamRoutes', teamRoutes),
  named('volunteerRoutes', volunteerRoutes),
  named('raceDayRoutes', raceDayRoutes),
  named('registryRoutes', registryRoutes),
  named('accountingRoutes', accountingRoutes),
  named('syncRoutes', syncRoutes),
  named('userRoutes', userRoutes),
  named('inviteRoutes', inviteRoutes),
  named('paymentRoutes', paymentRoutes),
  named('gatewayRoutes', gatewayRoutes),
  named('paymentsGridRoutes', paymentsGridRoutes),
  named('reportRoutes', reportRoutes),
  named('resultRoutes', resultRoutes),
  named('fileRoutes', fileRoutes),
];
