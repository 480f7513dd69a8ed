// The race-day mirror's rows (GET /api/race-day/changes): what a race official's tablet holds for
// every event shown for start lists, in the plain shapes of src/domain/rules/race-day-rows.ts plus
// each row's key fields, so the tablet computes start lists, sheets, bib lists and timing files
// with the same functions as the server. Parsed on the client like every feed row.
import { z } from 'zod';
import {
  MAX_CHOICE_LENGTH,
  MAX_KEY_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_RACES_OF_EVENT,
  MAX_TITLE_LENGTH,
} from '../../constants/limits';
import { RACE_MARKS, RUNS } from '../../constants/race-day';
import { RESULT_STATUSES } from '../../constants/results';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  nullableIsoDateSchema,
  storedSnowIdSchema,
  teamLetterSchema,
  teamGenderSchema,
  versioned,
} from '../common';
import { eventDisciplineSchema, eventLevelSchema } from '../entities/event';
import { resultsRulesSchema } from './results-rules';
import { bibSchema, positionSchema } from '../entities/team';
import { timingLayoutsSchema } from './timing-columns';

const count = z.number().int().nonnegative();

/** An event shown for start lists, with the disciplines it runs (the races' choices). */
/** A race's day, place in that day and planned start (docs/decisions.md, 'The running order'). */
export const runningOrderEntrySchema = z.object({
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  day: isoDateSchema,
  position: z.number().int().min(1).max(MAX_RACES_OF_EVENT),
  plannedStart: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A planned start is a time such as 09:30')
    .nullable(),
});

export const raceEventRowSchema = z.object({
  id: idSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  year: z.number().int(),
  /** The Second run reverses only the first N of the First run when set (FIS 621.11). */
  secondRunReverseCount: z.number().int().positive().nullable(),
  disciplines: z.array(eventDisciplineSchema.extend({ name: boundedText(MAX_TITLE_LENGTH) })),
  /** The event's own timing-file columns per system (docs/timing-files.md); a system not named
   *  (or the whole field absent) uses its standard columns. */
  timingColumns: timingLayoutsSchema.optional(),
  /** The event's race days (its calendar) and the day's running order of its races (absent on a
   *  row stored before they existed: none). */
  firstRaceDay: nullableIsoDateSchema.optional(),
  lastRaceDay: nullableIsoDateSchema.optional(),
  runningOrder: z.array(runningOrderEntrySchema).optional(),
  /** Regional, State or National: where a race's qualifiers go next (absent on a row stored
   *  before it was sent). */
  level: eventLevelSchema.optional(),
  /** The event's own results rules; absent or a part left out: the defaults. */
  resultsRules: resultsRulesSchema.optional(),
  ...versioned,
});
export type RaceEventRow = z.infer<typeof raceEventRowSchema>;

export const raceTeamRowSchema = z.object({
  id: idSchema,
  EventId: idSchema,
  SchoolId: idSchema,
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  teamRank: teamLetterSchema,
  ...versioned,
});

export const raceEntryRowSchema = z.object({
  id: idSchema,
  TeamId: idSchema,
  EventId: idSchema,
  DisciplineId: disciplineIdSchema,
  ParticipantId: idSchema.nullable(),
  position: positionSchema,
  bib: bibSchema.nullable(),
  bibManual: z.boolean(),
  ...versioned,
});
export type RaceEntryRow = z.infer<typeof raceEntryRowSchema>;

/** A racer: names, snow id, gender and year level; never a date of birth. */
export const raceParticipantRowSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  snowId: storedSnowIdSchema.nullable(),
  gender: boundedText(MAX_CHOICE_LENGTH),
  yearLevel: boundedText(MAX_CHOICE_LENGTH),
  ...versioned,
});

export const raceSchoolRowSchema = z.object({ id: idSchema, name: boundedText(MAX_TITLE_LENGTH), ...versioned });

export const startDrawRowSchema = z.object({
  id: idSchema,
  EventId: idSchema,
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  seed: z.number().int(),
  teamOrder: z.array(idSchema),
  ...versioned,
});

/** A start hut mark, keyed on devices by its entry and run ('<teamEntryId>:<run>'). */
export const raceMarkRowSchema = z.object({
  id: boundedText(MAX_KEY_LENGTH),
  EventId: idSchema,
  teamEntryId: idSchema,
  run: z.enum(RUNS),
  mark: z.enum(RACE_MARKS).nullable(),
  ...versioned,
});
export type RaceMarkRow = z.infer<typeof raceMarkRowSchema>;

export const raceMarkId = (teamEntryId: string, run: string) => `${teamEntryId}:${run}`;

/** A racer's result in a race, keyed on devices by its team entry: each run's time or the judged
 *  score in hundredths, or a status (docs/decisions.md, 'Results from the timing system'). */
const raceResultRowSchema = z.object({
  id: idSchema,
  EventId: idSchema,
  teamEntryId: idSchema,
  run1: z.number().int().nonnegative().nullable(),
  run2: z.number().int().nonnegative().nullable(),
  score: z.number().int().nonnegative().nullable(),
  status: z.enum(RESULT_STATUSES).nullable(),
  source: z.enum(['file', 'tablet']),
  recordedBy: boundedText(MAX_TITLE_LENGTH),
  recordedAt: isoDateTimeSchema,
  ...versioned,
});
export type RaceResultRow = z.infer<typeof raceResultRowSchema>;

/** What a school has done towards collecting its bibs at an event (the counts behind
 *  src/domain/rules/bib-list.ts readinessFacts). */
const raceReadinessRowSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  racers: count,
  raceEntries: count,
  completedParticipantWaivers: count,
  volunteers: count,
  completedVolunteerWaivers: count,
  assignedVolunteers: count,
  requiredVolunteers: count,
  invoicePaid: z.boolean(),
  ...versioned,
});
export type RaceReadinessRow = z.infer<typeof raceReadinessRowSchema>;

export const RACE_DAY_ROW_SCHEMAS = {
  raceEvents: raceEventRowSchema.loose(),
  raceTeams: raceTeamRowSchema.loose(),
  raceEntries: raceEntryRowSchema.loose(),
  raceParticipants: raceParticipantRowSchema.loose(),
  raceSchools: raceSchoolRowSchema.loose(),
  startDraws: startDrawRowSchema.loose(),
  raceMarks: raceMarkRowSchema.loose(),
  raceResults: raceResultRowSchema.loose(),
  raceReadiness: raceReadinessRowSchema.loose(),
} as const;
export type RaceDayEntity = keyof typeof RACE_DAY_ROW_SCHEMAS;
