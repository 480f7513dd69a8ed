// Row shapes of the reports (spec section 7, Reports). Each report lists rows of one school (or
// person) with the school's name, so a report page can render any of them as a plain table.
import { z } from 'zod';
import {
  MAX_CHOICE_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TOWN_LENGTH,
} from '../../constants/limits';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  stateIdSchema,
  storedEmailSchema,
  storedSnowIdSchema,
} from '../common';
import { ticketingSchema } from '../entities/ticketing';
import { metricsResponseSchema } from './session';

const count = z.number().int().nonnegative();
const title = boundedText(MAX_TITLE_LENGTH);
const personName = boundedText(MAX_PERSON_NAME_LENGTH);
const phone = boundedText(MAX_PHONE_LENGTH);
const choice = boundedText(MAX_CHOICE_LENGTH);
const school = { SchoolId: idSchema, schoolName: title };

export const countRowSchema = z.object({ count });
export const entriesPerSchoolRowSchema = z.object({ ...school, StateId: stateIdSchema.nullable(), count });
export const coordinatorRowSchema = z.object({
  ...school,
  StateId: stateIdSchema.nullable(),
  firstname: personName,
  lastname: personName,
  phone,
  mobile: phone,
  email: storedEmailSchema,
});
export const teamManagerRowSchema = z.object({
  ...school,
  firstname: personName,
  lastname: personName,
  mobile: phone,
  seasonPass: choice,
});
export const volunteerRowSchema = z.object({
  ...school,
  firstname: personName,
  lastname: personName,
  mobile: phone,
  email: storedEmailSchema,
  DisciplineId: disciplineIdSchema.nullable(),
  division: divisionSchema.nullable(),
  gender: choice.nullable(),
  position: choice.nullable(),
});
export const ticketRowSchema = ticketingSchema.omit({ SchoolId: true, EventId: true, version: true }).extend(school);
export const raceEntryRowSchema = z.object({
  ...school,
  DisciplineId: disciplineIdSchema,
  disciplineName: title,
  division: divisionSchema,
  teamGender: choice,
  teamRank: choice,
  position: z.number().int().positive(),
  firstname: personName,
  lastname: personName,
  snowId: storedSnowIdSchema.nullable(),
  yearLevel: choice,
  bib: z.number().int().nullable(),
});
export const schoolRowSchema = z.object({
  ...school,
  StateId: stateIdSchema.nullable(),
  stateName: title,
  town: boundedText(MAX_TOWN_LENGTH),
  region: choice,
  schoolType: choice,
  schoolCategory: choice,
  schoolGovOrPrivate: choice,
  bpay: boundedText(MAX_REFERENCE_LENGTH),
  createdAt: isoDateTimeSchema.nullable(),
});
export const schoolTypeRowSchema = z.object({
  schoolType: choice,
  schoolCategory: choice,
  schoolGovOrPrivate: choice,
  count,
});
export const participantRowSchema = z.object({
  ...school,
  ParticipantId: idSchema,
  firstname: personName,
  lastname: personName,
  snowId: storedSnowIdSchema.nullable(),
  yearLevel: choice,
  gender: choice,
  entryCount: count,
});
export const homeSummarySchema = metricsResponseSchema.omit({ results: true }).extend({
  schoolCount: count,
  paymentsReceived: moneySchema,
});
export const entriesCompareRowSchema = z.object({ ...school, currentEntries: count, previousEntries: count });
export const waiverRowSchema = z.object({
  ...school,
  type: choice,
  firstname: personName,
  lastname: personName,
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
  stateName: title,
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
export const pastTotalsRowSchema = z.object({ ...school, pastTotals: z.record(idSchema, count) });
