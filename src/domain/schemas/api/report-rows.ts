// Row shapes of the reports (spec section 7, Reports). Each report lists rows of one school (or
// person) with the school's name, so a report page can render any of them as a plain table.
import { z } from 'zod';
import {
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  stateIdSchema,
} from '../common';
import { ticketingSchema } from '../entities/ticketing';
import { metricsResponseSchema } from './session';

const count = z.number().int().nonnegative();
const school = { SchoolId: idSchema, schoolName: z.string() };

export const countRowSchema = z.object({ count });
export const entriesPerSchoolRowSchema = z.object({ ...school, StateId: stateIdSchema.nullable(), count });
export const coordinatorRowSchema = z.object({
  ...school,
  StateId: stateIdSchema.nullable(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  mobile: z.string(),
  email: z.string(),
});
export const teamManagerRowSchema = z.object({
  ...school,
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string(),
  seasonPass: z.string(),
});
export const volunteerRowSchema = z.object({
  ...school,
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string(),
  email: z.string(),
  DisciplineId: disciplineIdSchema.nullable(),
  division: divisionSchema.nullable(),
  gender: z.string().nullable(),
  position: z.string().nullable(),
});
export const ticketRowSchema = ticketingSchema
  .omit({ SchoolId: true, EventId: true, version: true })
  .extend(school);
export const raceEntryRowSchema = z.object({
  ...school,
  DisciplineId: disciplineIdSchema,
  disciplineName: z.string(),
  division: divisionSchema,
  teamGender: z.string(),
  teamRank: z.string(),
  position: z.number().int().positive(),
  firstname: z.string(),
  lastname: z.string(),
  snowId: z.string().nullable(),
  yearLevel: z.string(),
  bib: z.number().int().nullable(),
});
export const schoolRowSchema = z.object({
  ...school,
  StateId: stateIdSchema.nullable(),
  stateName: z.string(),
  town: z.string(),
  region: z.string(),
  schoolType: z.string(),
  schoolCategory: z.string(),
  schoolGovOrPrivate: z.string(),
  bpay: z.string(),
  createdAt: isoDateTimeSchema.nullable(),
});
export const schoolTypeRowSchema = z.object({
  schoolType: z.string(),
  schoolCategory: z.string(),
  schoolGovOrPrivate: z.string(),
  count,
});
export const participantRowSchema = z.object({
  ...school,
  ParticipantId: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  snowId: z.string().nullable(),
  yearLevel: z.string(),
  gender: z.string(),
  entryCount: count,
});
export const homeSummarySchema = metricsResponseSchema.omit({ results: true }).extend({
  schoolCount: count,
  paymentsReceived: moneySchema,
});
export const entriesCompareRowSchema = z.object({ ...school, currentEntries: count, previousEntries: count });
export const waiverRowSchema = z.object({
  ...school,
  type: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  completed: z.boolean(),
});
export const schoolCostRowSchema = z.object({
  ...school,
  entries: count,
  registrationFee: moneySchema,
  entriesAmount: moneySchema,
  total: moneySchema,
  gst: moneySchema,
  received: moneySchema,
  outstanding: moneySchema,
});
export const stateEntriesRowSchema = z.object({
  ...school,
  StateId: stateIdSchema.nullable(),
  stateName: z.string(),
  count,
});
export const awardRowSchema = z.object({ ...school, place: z.number().int().positive(), points: z.number() });
export const awardsSchema = z.object({
  secondarySki: z.array(awardRowSchema),
  secondarySnowboard: z.array(awardRowSchema),
  primarySki: z.array(awardRowSchema),
  primarySnowboard: z.array(awardRowSchema),
});
/** pastTotals: race entries per ticked past event, keyed by EventId. */
export const pastTotalsRowSchema = z.object({ ...school, pastTotals: z.record(z.string(), count) });
