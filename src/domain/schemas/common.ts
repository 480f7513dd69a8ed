// Building blocks of every schema. Response schemas stay plain (no transforms): the server
// serialises answers with z.encode, which cannot run a one-way transform. Request-only helpers
// (noneAsNull, stringFlagInput, queryInt, ...) may transform, and say so in their names or docs.
import { z } from 'zod';
import { GENDERS, STRING_FLAGS, TEAM_GENDERS, TEAM_LETTERS, YEAR_LEVELS } from '../constants/choices';
import {
  MAX_BATCH_ROWS,
  MAX_SCHOOL_LIST_ROWS,
  MAX_EMAIL_LENGTH,
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERM_LENGTH,
  MAX_FILTER_TERMS,
  MAX_SNOW_ID_LENGTH,
  MAX_TEXT_LENGTH,
  SNOW_ID_PATTERN,
} from '../constants/limits';
import { isSafeStoredUrl, isSafeStoredUrlList, STORED_URL_MESSAGE } from '../rules/stored-url';

/** Ids of rows created in the app: client-generated UUIDs (v7). */
export const idSchema = z.uuid();
/** Disciplines (1..11) and states keep the spec's integer ids. */
export const disciplineIdSchema = z.number().int().positive();
export const stateIdSchema = z.number().int().positive();
export const divisionSchema = z.number().int().positive();

/** Text of at most `max` characters (constants/limits names the bound of each kind of text). */
export const boundedText = (max: number) => z.string().max(max);
/** Request-only: text that must not be blank, trimmed, of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * Request-only: an address stored for every user to follow or load (a result's file, a trophy's
 * picture): '' for none, or an http(s) web address or one of our own files (rules/stored-url),
 * as sent, of at most `max` characters. Answers carry stored addresses as plain boundedText, so
 * one stored before this check still reads (screens link it only when it passes the rule).
 */
export const storedUrl = (max: number) =>
  boundedText(max).refine((text) => text === '' || isSafeStoredUrl(text), { error: STORED_URL_MESSAGE });
/** Request-only: several stored addresses joined by '|' (a trophy's pictures), each as storedUrl. */
export const storedUrlList = (max: number) =>
  boundedText(max).refine(isSafeStoredUrlList, { error: STORED_URL_MESSAGE });

/** Snow ids in requests: digits only, checked before any registry call. Trimmed (request-only). */
const SNOW_ID_MESSAGE = `A snow id is 1 to ${MAX_SNOW_ID_LENGTH} digits`;
export const snowIdSchema = z.string().trim().regex(SNOW_ID_PATTERN, { error: SNOW_ID_MESSAGE });
/** Snow ids in answers: as stored (every write checked the pattern). */
export const storedSnowIdSchema = boundedText(MAX_SNOW_ID_LENGTH);

/** A reference that may be absent: null in every answer. */
export const nullableIdSchema = idSchema.nullable();

/** Request-only: the spec's 0 for 'none' (also '0', null or '') becomes null. */
export function noneAsNull<T extends z.ZodType>(schema: T) {
  return z
    .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), schema])
    .transform(
      (value) => (value === 0 || value === '0' || value === '' || value === null ? null : value) as z.output<T> | null,
    );
}
/** Request-only: a UUID, or the spec's 0 / null for none. */
export const noneableIdInput = noneAsNull(idSchema);

/** Dates travel as YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();
export const nullableIsoDateSchema = isoDateSchema.nullable();
/** Instants travel as ISO 8601 with offset. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Money in answers: dollars with at most 2 decimals (computed in cents, see rules/money). */
export const moneySchema = z
  .number()
  .finite()
  .refine((value) => Math.round(value * 100) / 100 === value, { message: 'At most 2 decimals' });

/** The spec's '0'/'1' string flags (seasonPass, received). */
export const stringFlagSchema = z.enum(STRING_FLAGS);
/** The spec's 0/1 number flags (archived, snowIdActive). */
export const numberFlagSchema = z.union([z.literal(0), z.literal(1)]);

export const genderSchema = z.enum(GENDERS);
export const teamGenderSchema = z.enum(TEAM_GENDERS);
export const teamLetterSchema = z.enum(TEAM_LETTERS);
export const yearLevelSchema = z.enum(YEAR_LEVELS);

/** Optimistic-concurrency row version: sent back on writes, a stale one answers 409. */
const versionSchema = z.number().int().nonnegative();
export const versioned = { version: versionSchema.optional() };

/**
 * For list saves whose rows of a record on file may carry only the fields changed: a row with a
 * version may leave fields out (the server keeps what it holds); a row without one is a new record
 * (or from a client that sends whole rows) and must carry these fields, refused as a missing
 * required field would be.
 */
export function wholeWhenNew<F extends string>(fields: Readonly<Record<F, 'string' | 'number' | 'boolean'>>) {
  return (row: Partial<Record<F, unknown>> & { version?: number }, ctx: z.RefinementCtx) => {
    if (row.version !== undefined) return;
    for (const [field, expected] of Object.entries(fields) as [F, 'string' | 'number' | 'boolean'][]) {
      if (row[field] === undefined) ctx.addIssue({ code: 'invalid_type', expected, input: undefined, path: [field] });
    }
  };
}

/** Emails: standard format, at most 254 characters; '' means none where the spec allows empty. */
export const emailSchema = z.email().max(MAX_EMAIL_LENGTH);
/** An email as stored and answered (checked on the way in). */
export const storedEmailSchema = boundedText(MAX_EMAIL_LENGTH);

/** Query strings arrive as text: request-only coercions. */
export const queryInt = z.coerce.number().int();
export const queryBool = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Request-only: a JSON-encoded `filter` query parameter (the v2 calls' LoopBack-style filter). */
export function jsonQuery<T extends z.ZodType>(schema: T) {
  return (
    z
      .string()
      // Refused by length before JSON.parse ever sees it.
      .max(MAX_FILTER_LENGTH)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'filter must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema)
  );
}

/** A filter's `order` or `include`: one term or a short list of them. */
export const filterTermsSchema = z
  .union([boundedText(MAX_FILTER_TERM_LENGTH), z.array(boundedText(MAX_FILTER_TERM_LENGTH)).max(MAX_FILTER_TERMS)])
  .optional();

export const idParamsSchema = z.object({ id: idSchema });
export const schoolEventParamsSchema = z.object({ SchoolId: idSchema, EventId: idSchema });
export const eventParamsSchema = z.object({ EventId: idSchema });

/** A list of ids removed in a batch save (teamsDeleted, slotsDeleted, ...). */
export const deletedIdsSchema = z.array(idSchema).max(MAX_BATCH_ROWS);

/** The rows of one school list save, at most MAX_SCHOOL_LIST_ROWS, saying so past it. */
export const schoolListOf = <T extends z.ZodType>(row: T, what: string) =>
  z.array(row).max(MAX_SCHOOL_LIST_ROWS, { error: `At most ${MAX_SCHOOL_LIST_ROWS} ${what} can be saved at once.` });

/** Answers that only confirm, or carry a message to show. */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export const messageResponseSchema = z.object({ message: boundedText(MAX_TEXT_LENGTH) });
/** The spec's profile save answers { message } on success or { err } on failure. */
export const errResponseSchema = z.object({ err: boundedText(MAX_TEXT_LENGTH) });
