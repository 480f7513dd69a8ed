// The reports (spec section 7 'Reports (GET)', docs/reports.md): admin and auditor only. A report
// on an event takes ?EventId= (else the session's event; 400 'Choose an event first.' without
// either, 404 unknown) or the event in its path; ?StateId= narrows any report to one state's
// schools. Removed schools never appear. Every report is a fixed number of set-based queries.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession } from '../../plugins/authz';
import { skiSnowboardAwards } from './awards';
import { reportEvent, type Reader, type ReportEvent, type SchoolFilter } from './common';
import {
  missingSnowIds,
  newStateEntries,
  participantsReport,
  pastTotalEntries,
  primaryEntriesEventCompare,
  raceEntries,
  totalEntries,
  totalEntriesPerSchool,
} from './entries';
import { teamManagersReport, ticketList, volunteersReport } from './people';
import {
  coordinatorDetails,
  coordinatorDetailsState,
  newSchools,
  schoolCosts,
  schoolTypes,
  schoolsMissingBpay,
  schoolsReport,
} from './schools';
import { homeSummary } from './summary';
import { currentWaivers, missingWaivers } from './waivers';

type EventReport = (db: Reader, event: ReportEvent, filter: SchoolFilter) => Promise<unknown>;
/** A report route of the contract, whatever rows it answers. */
type AnyRows<R> = Omit<R, 'url' | 'response'> & { url: string; response: z.ZodType };
type QueryRoute = AnyRows<typeof API.reports.totalEntries>;
type PathRoute = AnyRows<typeof API.reports.missingWaivers>;

export const reportRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const api = API.reports;

  /** A GET report on the event of the query (?EventId=) or the session. */
  const onEvent = (route: QueryRoute, run: EventReport) => {
    app.get(route.url, { schema: routeSchema(route) }, async (request) => {
      const event = await reportEvent(db, request.query.EventId, requireSession(request).eventId);
      return run(db, event, { StateId: request.query.StateId });
    });
  };
  /** A GET report that needs no event. */
  const anyEvent = (route: QueryRoute, run: (db: Reader, filter: SchoolFilter) => Promise<unknown>) => {
    app.get(route.url, { schema: routeSchema(route) }, async (request) => run(db, { StateId: request.query.StateId }));
  };
  /** A GET report on the event named in its path. */
  const inPath = (route: PathRoute, run: EventReport) => {
    app.get(route.url, { schema: routeSchema(route) }, async (request) =>
      run(db, await reportEvent(db, request.params.EventId, null), { StateId: request.query.StateId }),
    );
  };

  onEvent(api.totalEntries, totalEntries);
  onEvent(api.totalEntriesPerSchool, totalEntriesPerSchool);
  onEvent(api.coordinatorDetails, coordinatorDetails);
  onEvent(api.teamManagers, teamManagersReport);
  onEvent(api.volunteers, volunteersReport);
  onEvent(api.ticketList, ticketList);
  onEvent(api.raceEntries, raceEntries);
  onEvent(api.newSchools, newSchools);
  anyEvent(api.schoolsMissingBpay, schoolsMissingBpay);
  onEvent(api.schoolTypes, schoolTypes);
  onEvent(api.participants, participantsReport);
  onEvent(api.missingSnowIds, missingSnowIds);
  onEvent(api.primaryEntriesEventCompare, primaryEntriesEventCompare);
  onEvent(api.currentWaivers, currentWaivers);
  onEvent(api.schoolCosts, schoolCosts);
  anyEvent(api.schools, schoolsReport);
  inPath(api.homeSummary, homeSummary);
  inPath(api.missingWaivers, missingWaivers);
  inPath(api.newStateEntries, newStateEntries);
  inPath(api.skiSnowboardAwards, skiSnowboardAwards);

  const byState = api.coordinatorDetailsState;
  app.get(
    byState.url,
    {
      schema: routeSchema(byState),
    },
    async (request) => coordinatorDetailsState(db, request.params.stateId),
  );

  const past = api.schoolPastTotalEntries;
  app.post(
    past.url,
    {
      schema: routeSchema(past),
    },
    async (request) => pastTotalEntries(db, request.body.events, {}),
  );
};
