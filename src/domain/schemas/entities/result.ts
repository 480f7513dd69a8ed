// Race results, overall results (each links a published result file and optional placings) and
// trophies (spec section 3; PRODUCT-DECISIONS, Race day).
import { z } from 'zod';
import {
  POINTSCORES,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  RESULT_TYPES,
  TROPHY_GENDERS,
  TROPHY_TYPES,
} from '../../constants/choices';
import { disciplineIdSchema, idSchema, versioned } from '../common';

export const resultDivisionSchema = z.number().int().min(1).max(6);

export const placingSchema = z.object({
  place: z.number().int().positive(),
  name: z.string(),
  school: z.string().optional(),
  points: z.number().optional(),
});
export type Placing = z.infer<typeof placingSchema>;

/** Link to the published file (PDF or web page); '' until published. */
const fileUrl = z.union([z.literal(''), z.url()]);

export const resultRaceSchema = z.object({
  id: idSchema,
  EventId: idSchema.optional(),
  DisciplineId: disciplineIdSchema,
  division: resultDivisionSchema,
  gender: z.enum(RESULT_GENDERS),
  teamIndividual: z.enum(RESULT_TYPES),
  fileUrl,
  placings: z.array(placingSchema).nullable(),
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
  placings: z.array(placingSchema).nullable(),
  ...versioned,
});
export type ResultOverall = z.infer<typeof resultOverallSchema>;

export const trophySchema = z.object({
  id: idSchema,
  disciplineId: disciplineIdSchema.nullable(),
  division: z.number().int().positive().nullable(),
  gender: z.enum(TROPHY_GENDERS),
  state: z.string(),
  /** Several image URLs joined by '|' (see rules/trophy-images). */
  imageURL: z.string(),
  type: z.enum(TROPHY_TYPES),
  name: z.string().optional(),
  ...versioned,
});
export type Trophy = z.infer<typeof trophySchema>;
