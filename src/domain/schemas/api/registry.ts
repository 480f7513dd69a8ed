// The athlete registry; the {registry} segment is 'snowracer' (PRODUCT-DECISIONS).
import { z } from 'zod';
import { MAX_CHOICE_LENGTH, MAX_PERSON_NAME_LENGTH } from '../../constants/limits';
import { boundedText, idSchema, nullableIsoDateSchema, snowIdSchema, storedSnowIdSchema } from '../common';
import { defineRoute } from '../route';

const personName = boundedText(MAX_PERSON_NAME_LENGTH);

export const registryAthleteSchema = z.object({
  snowId: storedSnowIdSchema,
  firstname: personName,
  lastname: personName,
  gender: boundedText(MAX_CHOICE_LENGTH),
  dob: nullableIsoDateSchema,
  active: z.boolean(),
});
export type RegistryAthlete = z.infer<typeof registryAthleteSchema>;

export const incorrectDobSchema = z.object({
  ParticipantId: idSchema,
  snowId: storedSnowIdSchema,
  firstname: personName,
  lastname: personName,
  dob: nullableIsoDateSchema,
  registryDob: nullableIsoDateSchema,
});

export const registryImportResponseSchema = z.object({
  totalWaiversUpdated: z.number().int().nonnegative(),
  /** Shown as '{n} Snowracer Ids imported'. */
  totalSnowracerUpdated: z.number().int().nonnegative(),
  snowracerIncorrectDOB: z.array(incorrectDobSchema),
});

/** Digits only, refused (400) before the registry is asked. */
export const snowIdParamsSchema = z.object({ snowId: snowIdSchema });

export const registryApi = {
  import: defineRoute({ method: 'GET', url: '/api/snowracer-import', response: registryImportResponseSchema }),
  /** The spec names an export route without its call; ours sends the event's entries. */
  export: defineRoute({
    method: 'POST',
    url: '/api/snowracer-export',
    response: z.object({ exported: z.number().int().nonnegative() }),
  }),
  count: defineRoute({ method: 'GET', url: '/api/snowracer/count', response: z.object({ count: z.number().int().nonnegative() }) }),
  /** 404 when the snow id is unknown or inactive ('Snow Id not found or is inactive'). */
  lookup: defineRoute({
    method: 'GET',
    url: '/api/snowracer/:snowId',
    params: snowIdParamsSchema,
    response: registryAthleteSchema,
  }),
};
