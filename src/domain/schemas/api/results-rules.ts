// An event's results rules (docs/decisions.md, 'Results from the timing system'): its own measures,
// points table, qualifier numbers, protest period and each timing system's results headings, kept
// with the event as race day reads it (its race-day row) and saved by an admin through the outbox
// like any edit (PUT /api/results/rules, race-results.ts). Whatever it leaves out is the default
// (rules/results-rules.ts).
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../../constants/limits';
import { MAX_JUDGED_SCORE } from '../../constants/results';
import { RESULTS_RULES_MESSAGES } from '../../rules/results-rules';
import { RESULT_COLUMNS } from '../../rules/results-file';
import { idSchema } from '../common';

const count = (max: number) => z.number().int().min(0).max(max);

const measureSchema = z.object({
  kind: z.enum(['time', 'score']),
  runs: z.number().int().min(1).max(2),
  individual: z.enum(['sum', 'best']),
  team: z.enum(['eachRun', 'results']),
  counted: z.number().int().min(1).max(10),
});

const mappingSchema = z.partialRecord(z.enum(RESULT_COLUMNS), z.string().trim().max(MAX_TITLE_LENGTH));

const qualifiersSchema = z
  .object({
    teams: count(100),
    individuals: count(500),
    individualsSmallRace: count(500),
    smallRaceStarters: count(1000),
  })
  .refine((q) => q.individualsSmallRace <= q.individuals, {
    message: RESULTS_RULES_MESSAGES.smallRaceMore,
    path: ['individualsSmallRace'],
  });

export const resultsRulesSchema = z.object({
  measures: z.partialRecord(z.string().regex(/^\d{1,3}$/), measureSchema).optional(),
  pointsByPlace: z
    .array(count(MAX_JUDGED_SCORE * 100))
    .min(1)
    .max(100)
    .refine((points) => points.every((value, i) => i === 0 || value <= points[i - 1]!), {
      message: RESULTS_RULES_MESSAGES.pointsRise,
    })
    .optional(),
  qualifiers: qualifiersSchema.optional(),
  /** Minutes, up to a day. */
  protestMinutes: count(24 * 60).optional(),
  columns: z
    .object({ NSW: mappingSchema.optional(), VIC: mappingSchema.optional(), 'Live heats': mappingSchema.optional() })
    .optional(),
});

/** PUT /api/results/rules: the event (its id, as its race-day row is keyed) and its whole rules;
 *  an empty object puts it back on the defaults. */
export const resultsRulesBodySchema = z.object({ id: idSchema, resultsRules: resultsRulesSchema });
