// Race results, overall results (each links a published result file and optional placings) and
// trophies (spec section 3; docs/decisions.md, Race day).
import { z } from 'zod';
import {
  POINTSCORES,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  RESULT_TYPES,
  TROPHY_GENDERS,
  TROPHY_TYPES,
} from '../../constants/choices';
import {
  MAX_CHOICE_LENGTH,
  MAX_PLACINGS,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  MAX_URL_LIST_LENGTH,
} from '../../constants/limits';
import { boundedText, disciplineIdSchema, idSchema, versioned } from '../common';

const resultDivisionSchema = z.number().int().min(1).max(6);

const placingSchema = z.object({
  place: z.number().int().positive(),
  name: boundedText(MAX_TITLE_LENGTH),
  school: boundedText(MAX_TITLE_LENGTH).optional(),
  points: z.number().optional(),
  /** Computed from the timing system's results (docs/decisions.md, 'Results from the timing
   *  system'): an individual's bib, and the result as printed (a time, a score). */
  bib: z.number().int().positive().optional(),
  result: boundedText(MAX_CHOICE_LENGTH).optional(),
});
export type Placing = z.infer<typeof placingSchema>;

/** Link to the published file (PDF or web page); '' until published. As stored: writes check it
 *  (storedUrl in schemas/api/results), and one stored before that check must still read. */
const fileUrl = boundedText(MAX_URL_LENGTH);
const placings = z.array(placingSchema).max(MAX_PLACINGS).nullable();

export const resultRaceSchema = z.object({
  id: idSchema,
  EventId: idSchema.optional(),
  DisciplineId: disciplineIdSchema,
  division: resultDivisionSchema,
  gender: z.enum(RESULT_GENDERS),
  teamIndividual: z.enum(RESULT_TYPES),
  fileUrl,
  placings,
  ...versioned,
});
export type ResultRace = z.infer<typeof resultRaceSchema>;

export const resultOverallSchema = z.object({
  id: idSchema,
  EventId: idSchema.optional(),
  pointscore: z.enum(POINTSCORES),
  schoolType: z.enum(RESULT_SCHOOL_TYPES),
  gender: z.enum(RESULT_GENDERS),
  fileUrl,
  placings,
  ...versioned,
});
export type ResultOverall = z.infer<typeof resultOverallSchema>;

export const trophySchema = z.object({
  id: idSchema,
  disciplineId: disciplineIdSchema.nullable(),
  division: z.number().int().positive().nullable(),
  gender: z.enum(TROPHY_GENDERS),
  state: boundedText(MAX_CHOICE_LENGTH),
  /** Several image URLs joined by '|' (see rules/trophy-images), as stored: writes check each
   *  (storedUrlList in schemas/api/results). */
  imageURL: boundedText(MAX_URL_LIST_LENGTH),
  type: z.enum(TROPHY_TYPES),
  name: boundedText(MAX_TITLE_LENGTH).optional(),
  ...versioned,
});
export type Trophy = z.infer<typeof trophySchema>;
