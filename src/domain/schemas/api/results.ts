// Race and overall results, and trophies (spec section 7).
import { z } from 'zod';
import { MAX_BATCH_ROWS, MAX_CHOICE_LENGTH } from '../../constants/limits';
import { boundedText, deletedIdsSchema, filterTermsSchema, idSchema, jsonQuery } from '../common';
import { resultOverallSchema, resultRaceSchema, trophySchema } from '../entities/result';
import { defineRoute } from '../route';

export const resultRaceWriteSchema = resultRaceSchema.extend({
  fileUrl: resultRaceSchema.shape.fileUrl.default(''),
  placings: resultRaceSchema.shape.placings.default(null),
});
export const resultOverallWriteSchema = resultOverallSchema.extend({
  fileUrl: resultOverallSchema.shape.fileUrl.default(''),
  placings: resultOverallSchema.shape.placings.default(null),
});

/** PUT /api/results: the spec names only the deletions; rows added or edited in the grids and
 *  dialogs travel in races and overalls (omitted = none). */
export const resultsBodySchema = z.object({
  multi: z.boolean(),
  races: z.array(resultRaceWriteSchema).max(MAX_BATCH_ROWS).optional(),
  overalls: z.array(resultOverallWriteSchema).max(MAX_BATCH_ROWS).optional(),
  racesDeleted: deletedIdsSchema,
  overallDeleted: deletedIdsSchema,
});
export type ResultsBody = z.output<typeof resultsBodySchema>;
export const resultsSaveResponseSchema = z.object({
  races: z.array(resultRaceSchema),
  overalls: z.array(resultOverallSchema),
});

/** GET /api/v2/Trophies?filter={"order":...,"include":...} */
export const trophiesFilterSchema = z.object({
  where: z
    .object({
      disciplineId: z.number().int().positive(),
      gender: boundedText(MAX_CHOICE_LENGTH),
      state: boundedText(MAX_CHOICE_LENGTH),
    })
    .partial()
    .optional(),
  order: filterTermsSchema,
  include: filterTermsSchema,
});
export type TrophiesFilter = z.infer<typeof trophiesFilterSchema>;
export const trophiesQuerySchema = z.object({ filter: jsonQuery(trophiesFilterSchema).optional() });

export const resultsQuerySchema = z.object({ EventId: idSchema.optional() });

export const resultsApi = {
  races: defineRoute({
    method: 'GET',
    url: '/api/results/',
    querystring: resultsQuerySchema,
    response: z.array(resultRaceSchema),
  }),
  overalls: defineRoute({
    method: 'GET',
    url: '/api/resultOveralls',
    querystring: resultsQuerySchema,
    response: z.array(resultOverallSchema),
  }),
  save: defineRoute({ method: 'PUT', url: '/api/results', body: resultsBodySchema, response: resultsSaveResponseSchema }),
  trophies: defineRoute({
    method: 'GET',
    url: '/api/v2/Trophies',
    querystring: trophiesQuerySchema,
    response: z.array(trophySchema),
  }),
};
