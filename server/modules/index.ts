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
 * Each module is a plugin of its own scope, named after it: fastify looks an unnamed plugin's name
 * up through every loaded module, at every start (about a tenth of building the app).
 */
const modules: Record<string, FastifyPluginAsync<Deps>> = {
  hostRoutes,
  authRoutes,
  sessionRoutes,
  referenceRoutes,
  eventRoutes,
  schoolRoutes,
  ticketingRoutes,
  participantRoutes,
  spreadsheetImportRoutes,
  homeRoutes,
  invoiceRoutes,
  teamManagerRoutes,
  waiverRoutes,
  teamRoutes,
  volunteerRoutes,
  raceDayRoutes,
  registryRoutes,
  accountingRoutes,
  syncRoutes,
  userRoutes,
  inviteRoutes,
  paymentRoutes,
  gatewayRoutes,
  paymentsGridRoutes,
  reportRoutes,
  resultRoutes,
  fileRoutes,
};

export const routeModules = Object.entries(modules).map(([name, routes]) => fp(routes, { name, encapsulate: true }));
