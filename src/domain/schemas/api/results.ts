// Race and overall results, and trophies (spec section 7).
import { ADMINS } from '../../constants/access';
import { z } from 'zod';
import {
  MAX_BATCH_ROWS,
  MAX_CHOICE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  MAX_URL_LIST_LENGTH,
} from '../../constants/limits';
import {
  boundedText,
  deletedIdsSchema,
  filterTermsSchema,
  idSchema,
  jsonQuery,
  storedUrl,
  storedUrlList,
} from '../common';
import { resultOverallSchema, resultRaceSchema, trophySchema } from '../entities/result';
import { defineRoute } from '../route';

/** A result's file is shown to every user as a link: only a web address or one of our own files
 *  (rules/stored-url), else 400 naming the field. */
const resultRaceWriteSchema = resultRaceSchema.extend({
  fileUrl: storedUrl(MAX_URL_LENGTH).default(''),
  placings: resultRaceSchema.shape.placings.default(null),
});
const resultOverallWriteSchema = resultOverallSchema.extend({
  fileUrl: storedUrl(MAX_URL_LENGTH).default(''),
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
const resultsSaveResponseSchema = z.object({
  races: z.array(resultRaceSchema),
  overalls: z.array(resultOverallSchema),
});

/** GET /api/v2/Trophies?filter={"order":...,"include":...} */
const trophiesFilterSchema = z.object({
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
const trophiesQuerySchema = z.object({ filter: jsonQuery(trophiesFilterSchema).optional() });

const resultsQuerySchema = z.object({ EventId: idSchema.optional() });

/** A trophy as listed: with include 'discipline', its discipline's id and name (null without one). */
const trophyListItemSchema = trophySchema.extend({
  discipline: z
    .object({ id: z.number().int().positive(), name: boundedText(MAX_TITLE_LENGTH) })
    .nullable()
    .optional(),
});
export type TrophyListItem = z.infer<typeof trophyListItemSchema>;

/** PUT /api/v2/Trophies (beyond the spec, for the trophies page's add dialog): trophies added or
 *  edited, and the ids removed. Answers the whole list. */
const trophyWriteSchema = trophySchema.extend({
  disciplineId: trophySchema.shape.disciplineId.default(null),
  division: trophySchema.shape.division.default(null),
  state: trophySchema.shape.state.default(''),
  /** Shown to every user as pictures or links: each a web address or one of our own files. */
  imageURL: storedUrlList(MAX_URL_LIST_LENGTH).default(''),
});
const trophiesBodySchema = z.object({
  trophies: z.array(trophyWriteSchema).max(MAX_BATCH_ROWS).optional(),
  trophiesDeleted: deletedIdsSchema,
});
export type TrophiesBody = z.output<typeof trophiesBodySchema>;

/** The uploaded file's address (POST /api/files/results and /api/files/trophies). */
const fileUploadResponseSchema = z.object({ url: boundedText(MAX_URL_LENGTH) });
const fileParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

export const resultsApi = {
  races: defineRoute({
    method: 'GET',
    url: '/api/results/',
    access: 'signed-in',
    querystring: resultsQuerySchema,
    response: z.array(resultRaceSchema),
  }),
  overalls: defineRoute({
    method: 'GET',
    url: '/api/resultOveralls',
    access: 'signed-in',
    querystring: resultsQuerySchema,
    response: z.array(resultOverallSchema),
  }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/results',
    access: ADMINS,
    body: resultsBodySchema,
    response: resultsSaveResponseSchema,
  }),
  trophies: defineRoute({
    method: 'GET',
    url: '/api/v2/Trophies',
    access: 'signed-in',
    querystring: trophiesQuerySchema,
    response: z.array(trophyListItemSchema),
  }),
  saveTrophies: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/v2/Trophies',
    access: ADMINS,
    body: trophiesBodySchema,
    response: z.array(trophyListItemSchema),
  }),
  /** The body is the file itself (application/pdf), at most MAX_RESULT_FILE_BYTES. */
  uploadResultFile: defineRoute({
    method: 'POST',
    url: '/api/files/results',
    access: ADMINS,
    response: fileUploadResponseSchema,
  }),
  /** The body is the image itself (PNG, JPEG or WebP), at most MAX_TROPHY_IMAGE_BYTES. */
  uploadTrophyImage: defineRoute({
    method: 'POST',
    url: '/api/files/trophies',
    access: ADMINS,
    response: fileUploadResponseSchema,
  }),
  /** Serves an uploaded file (its own content type), not JSON. */
  file: defineRoute({
    method: 'GET',
    url: '/api/files/:id',
    access: 'signed-in',
    params: fileParamsSchema,
    response: z.string(),
  }),
};

export const MAX_RESULT_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_TROPHY_IMAGE_BYTES = 5 * 1024 * 1024;
/** Trophy images are resized for the list to at most this width. */
export const TROPHY_IMAGE_WIDTH = 480;
