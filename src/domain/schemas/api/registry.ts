// The athlete registry; the {registry} segment is 'snowracer' (docs/decisions.md). The import and
// the export are defined in docs/registry.md.
import { z } from 'zod';
import { ADMINS, SCHOOL_EDITORS } from '../../constants/access';
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

/** A participant whose date of birth is not the registry's: listed for a person to settle, never
 *  overwritten by the import (either side may be the wrong one). */
const incorrectDobSchema = z.object({
  ParticipantId: idSchema,
  snowId: storedSnowIdSchema,
  firstname: personName,
  lastname: personName,
  dob: nullableIsoDateSchema,
  registryDob: nullableIsoDateSchema,
});
export type IncorrectDob = z.infer<typeof incorrectDobSchema>;

const registryImportResponseSchema = z.object({
  /** Participant waivers created or marked completed from the registry's waivers. */
  totalWaiversUpdated: z.number().int().nonnegative(),
  /** Participants given their snow id; shown as '{n} Snowracer Ids imported'. */
  totalSnowracerUpdated: z.number().int().nonnegative(),
  snowracerIncorrectDOB: z.array(incorrectDobSchema),
});
export type RegistryImportResult = z.infer<typeof registryImportResponseSchema>;

/** The event the import or export works on; without it, the event picked in the session. */
const registryEventQuerySchema = z.object({ EventId: idSchema.optional() });

/** The export file's columns, in order (one row per participant entered in the event). */
export const REGISTRY_EXPORT_COLUMNS = [
  'snowId',
  'firstname',
  'lastname',
  'gender',
  'dob',
  'school',
  'disciplines',
] as const;

/** Digits only, refused (400) before the registry is asked. */
export const snowIdParamsSchema = z.object({ snowId: snowIdSchema });

export const registryApi = {
  /** Admin: fills in snow ids, lists dates of birth that differ and records the registry's
   *  waivers, for the participants entered in the event (docs/registry.md). */
  import: defineRoute({
    method: 'GET',
    url: '/api/snowracer-import',
    access: ADMINS,
    querystring: registryEventQuerySchema,
    response: registryImportResponseSchema,
  }),
  /** The same import as a POST (what the app sends): the spec's GET changes data. */
  importPost: defineRoute({
    method: 'POST',
    url: '/api/snowracer-import',
    access: ADMINS,
    querystring: registryEventQuerySchema,
    response: registryImportResponseSchema,
  }),
  /** Admin: the file the registry takes, as text/csv (UTF-8 with BOM; columns
   *  REGISTRY_EXPORT_COLUMNS). The spec names the export without its call. */
  export: defineRoute({
    method: 'GET',
    url: '/api/snowracer-export',
    access: ADMINS,
    querystring: registryEventQuerySchema,
    response: z.string(),
  }),
  count: defineRoute({
    method: 'GET',
    url: '/api/snowracer/count',
    access: ADMINS,
    response: z.object({ count: z.number().int().nonnegative() }),
  }),
  /** 404 when the snow id is unknown or inactive ('Snow Id not found or is inactive'). */
  lookup: defineRoute({
    method: 'GET',
    url: '/api/snowracer/:snowId',
    access: SCHOOL_EDITORS,
    params: snowIdParamsSchema,
    response: registryAthleteSchema,
  }),
};
