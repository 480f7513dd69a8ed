// Report calls (spec section 7): all GET except school-past-total-entries. Admin and auditor only.
import { OFFICE } from '../../constants/access';
import { z } from 'zod';
import { MAX_EVENTS_PER_SAVE } from '../../constants/limits';
import { eventParamsSchema, idSchema, queryInt } from '../common';
import { defineRoute } from '../route';
import * as rows from './report-rows';

/** A report's filters: the event (else the session's) and the header's state. */
export const reportQuerySchema = z.object({ EventId: idSchema.optional(), StateId: queryInt.optional() });
/** A report on the event in its path takes the header's state only. */
const stateQuerySchema = reportQuerySchema.pick({ StateId: true });
const stateParamsSchema = z.object({ stateId: z.coerce.number().int().positive() });
const pastTotalsBodySchema = z.object({ events: z.array(idSchema).min(1).max(MAX_EVENTS_PER_SAVE) });

/** A report on the event of its query (?EventId=) or the session's. */
const report = <S extends z.ZodType>(name: string, response: S) =>
  defineRoute({
    method: 'GET',
    url: `/api/report/${name}`,
    access: OFFICE,
    querystring: reportQuerySchema,
    response,
  });

export const reportsApi = {
  totalEntries: report('total-entries', z.array(rows.countRowSchema)),
  totalEntriesPerSchool: report('total-entries-per-school', z.array(rows.entriesPerSchoolRowSchema)),
  coordinatorDetails: report('coordinator-details', z.array(rows.coordinatorRowSchema)),
  teamManagers: report('teamManagers', z.array(rows.teamManagerRowSchema)),
  volunteers: report('volunteers', z.array(rows.volunteerRowSchema)),
  ticketList: report('ticket-list', z.array(rows.ticketRowSchema)),
  raceEntries: report('race-entries', z.array(rows.raceEntryRowSchema)),
  newSchools: report('new-schools', z.array(rows.schoolRowSchema)),
  schoolsMissingBpay: report('schools-missing-bpay', z.array(rows.schoolRowSchema)),
  schoolTypes: report('school-types', z.array(rows.schoolTypeRowSchema)),
  participants: report('participants', z.array(rows.participantRowSchema)),
  missingSnowIds: report('missing-snow-ids', z.array(rows.participantRowSchema)),
  primaryEntriesEventCompare: report('primary-entries-event-compare', z.array(rows.entriesCompareRowSchema)),
  currentWaivers: report('current-waivers', z.array(rows.waiverRowSchema)),
  schoolCosts: report('school-costs', z.array(rows.schoolCostRowSchema)),
  schools: report('schools', z.array(rows.schoolRowSchema)),
  homeSummary: defineRoute({
    method: 'GET',
    url: '/api/report/home-summary/:EventId',
    access: OFFICE,
    params: eventParamsSchema,
    querystring: stateQuerySchema,
    response: rows.homeSummarySchema,
  }),
  missingWaivers: defineRoute({
    method: 'GET',
    url: '/api/report/missing-waivers/:EventId',
    access: OFFICE,
    params: eventParamsSchema,
    querystring: stateQuerySchema,
    response: z.array(rows.waiverRowSchema),
  }),
  /** Coordinators by state: admin and auditor only (spec section 2). */
  coordinatorDetailsState: defineRoute({
    method: 'GET',
    url: '/api/report/coordinator-details-state/:stateId',
    access: OFFICE,
    params: stateParamsSchema,
    response: z.array(rows.coordinatorRowSchema),
  }),
  newStateEntries: defineRoute({
    method: 'GET',
    url: '/api/v2/report/new-state-entries/:EventId',
    access: OFFICE,
    params: eventParamsSchema,
    querystring: stateQuerySchema,
    response: z.array(rows.stateEntriesRowSchema),
  }),
  skiSnowboardAwards: defineRoute({
    method: 'GET',
    url: '/api/v2/report/ski-snowboard-awards/:EventId',
    access: OFFICE,
    params: eventParamsSchema,
    querystring: stateQuerySchema,
    response: rows.awardsSchema,
  }),
  schoolPastTotalEntries: defineRoute({
    method: 'POST',
    url: '/api/report/school-past-total-entries',
    access: OFFICE,
    body: pastTotalsBodySchema,
    response: z.array(rows.pastTotalsRowSchema),
  }),
};
