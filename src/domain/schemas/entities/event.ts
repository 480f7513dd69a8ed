// Event with its states and disciplines; Discipline and State reference data (integer ids).
import { z } from 'zod';
import { EVENT_LEVELS, INVOICE_TYPES } from '../../constants/choices';
import { MAX_CHOICES, MAX_TITLE_LENGTH } from '../../constants/limits';
import { DEFAULT_VOLUNTEER_RATIO } from '../../constants/policy';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  isoDateTimeSchema,
  moneySchema,
  nullableIsoDateSchema,
  requiredText,
  stateIdSchema,
  versioned,
} from '../common';

export const eventLevelSchema = z.enum(EVENT_LEVELS);
export const invoiceTypeSchema = z.enum(INVOICE_TYPES);

export const disciplineSchema = z.object({
  id: disciplineIdSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  divisionFrom: divisionSchema,
  divisionTo: divisionSchema,
  male: z.boolean(),
  female: z.boolean(),
});
export type Discipline = z.infer<typeof disciplineSchema>;

export const stateSchema = z.object({ id: stateIdSchema, name: boundedText(MAX_TITLE_LENGTH) });
export type State = z.infer<typeof stateSchema>;

export const eventDisciplineSchema = z.object({
  DisciplineId: disciplineIdSchema,
  /** The discipline's name, joined in answers; ignored on writes. */
  name: boundedText(MAX_TITLE_LENGTH).optional(),
  divisionFrom: divisionSchema,
  divisionTo: divisionSchema,
  male: z.boolean(),
  female: z.boolean(),
  active: z.boolean(),
});
export type EventDiscipline = z.infer<typeof eventDisciplineSchema>;

const eventFields = {
  id: idSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  year: z.number().int().min(1900).max(9999),
  level: eventLevelSchema,
  invoiceType: invoiceTypeSchema,
  registrationFee: moneySchema,
  /** The grid's 'race fee'. */
  teamEntryFee: moneySchema,
  active: z.boolean(),
  locked: z.boolean(),
  archived: z.boolean(),
  volunteerLock: z.boolean(),
  invoiceAvailable: nullableIsoDateSchema,
  invoiceDue: nullableIsoDateSchema,
  states: z.array(stateIdSchema).max(MAX_CHOICES),
  disciplines: z.array(eventDisciplineSchema).max(MAX_CHOICES),
  showForResults: z.boolean(),
  showForStartlists: z.boolean(),
  /** Race entries per required volunteer (docs/decisions.md; default 8). */
  volunteerRatio: z.number().int().positive(),
  /** The event's calendar (docs/decisions.md, 'The event's calendar'): race days as local dates,
   *  the venue, and the instant schools' entries close (rules/entries-close.ts). */
  firstRaceDay: nullableIsoDateSchema,
  lastRaceDay: nullableIsoDateSchema,
  venue: boundedText(MAX_TITLE_LENGTH),
  entriesCloseAt: isoDateTimeSchema.nullable(),
  ...versioned,
};

export const eventSchema = z.object(eventFields);
export type Event = z.infer<typeof eventSchema>;

/** What GET /api/events?active=true tells a visitor who has not signed in (the login form's
 *  event choice, docs/decisions.md 'Signing in'): enough to choose, nothing more. */
export const eventSummarySchema = eventSchema.pick({
  id: true,
  name: true,
  year: true,
  level: true,
  invoiceType: true,
  // When entries close, in the local time of the event's first state: the form says so.
  entriesCloseAt: true,
  states: true,
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

const eventDisciplineWriteSchema = eventDisciplineSchema.refine((d) => d.divisionFrom <= d.divisionTo, {
  message: 'divisionFrom must not be above divisionTo',
  path: ['divisionTo'],
});

// Write fields carry no defaults: a default inside the partial update schema would silently
// overwrite stored values that the caller did not send.
const eventWriteFields = {
  ...eventFields,
  name: requiredText(MAX_TITLE_LENGTH),
  registrationFee: moneySchema.pipe(z.number().nonnegative()),
  teamEntryFee: moneySchema.pipe(z.number().nonnegative()),
  disciplines: z.array(eventDisciplineWriteSchema).max(MAX_CHOICES),
};

/** A new event (POST /api/events data[]). */
export const eventWriteSchema = z.object({
  ...eventWriteFields,
  volunteerRatio: z.number().int().positive().default(DEFAULT_VOLUNTEER_RATIO),
  // An event made before it had a calendar, or without one yet: no days, no venue, no close.
  firstRaceDay: nullableIsoDateSchema.default(null),
  lastRaceDay: nullableIsoDateSchema.default(null),
  venue: boundedText(MAX_TITLE_LENGTH).default(''),
  entriesCloseAt: isoDateTimeSchema.nullable().default(null),
});

/** An updated event (PUT /api/events data[]): any subset with its id; /rev sends only id,
 *  showForResults and showForStartlists. */
export const eventUpdateSchema = z.object(eventWriteFields).partial().extend({ id: idSchema });
