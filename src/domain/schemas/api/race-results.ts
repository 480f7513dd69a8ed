// A race's results from the timing system (docs/decisions.md, 'Results from the timing system'):
// POST /api/results/import with the race in the query and the results file (CSV or .xlsx) as the
// body answers each row read, with its racer or its problems, and writes nothing; with confirm=1
// it writes the race's results (replacing those a file brought before) and answers the same rows
// and how many were written. Administrators, and a timing operator's script with their sign-in.
// PUT /api/race-results: a result typed or corrected on a tablet (race officials and
// administrators), queued in the outbox like any edit. PUT /api/results/rules: an event's own
// results rules (results-rules.ts). POST /api/qualifiers: a race's qualifiers confirmed.
import { z } from 'zod';
import { ADMINS, RACE_OFFICIALS } from '../../constants/access';
import { MAX_BATCH_ROWS, MAX_PERSON_NAME_LENGTH, MAX_PLACINGS, MAX_TITLE_LENGTH } from '../../constants/limits';
import { FILE_SYSTEMS } from '../../constants/race-day';
import { MAX_JUDGED_SCORE, RESULT_STATUSES } from '../../constants/results';
import { boundedText, disciplineIdSchema, divisionSchema, idSchema, queryInt, teamGenderSchema } from '../common';
import { qualifierSchema } from '../entities/invite';
import { bibSchema } from '../entities/team';
import { defineRoute } from '../route';
import { raceEventRowSchema } from './race-day-feed';
import { resultsRulesBodySchema } from './results-rules';

const resultsImportQuerySchema = z.object({
  EventId: idSchema,
  DisciplineId: queryInt.pipe(disciplineIdSchema),
  division: queryInt.pipe(divisionSchema),
  gender: teamGenderSchema,
  /** The timing system whose file it is: its headings as the event maps them (absent: the usual
   *  headings). */
  system: z.enum(FILE_SYSTEMS).optional(),
  /** 1 writes the rows read; absent (or 0) only reads them. */
  confirm: z.enum(['0', '1']).optional(),
});
export type ResultsImportQuery = z.output<typeof resultsImportQuerySchema>;

/** Hundredths of a second, or of a judged point. */
const hundredths = z.number().int().nonnegative();

const importedRowSchema = z.object({
  /** The row's number in the file (the headings are row 1). */
  line: z.number().int().positive(),
  bib: bibSchema.nullable(),
  run1: hundredths.nullable(),
  run2: hundredths.nullable(),
  score: hundredths.nullable(),
  status: z.enum(RESULT_STATUSES).nullable(),
  /** The racer the bib names in this race; null when the row is not imported. */
  racer: z
    .object({
      teamEntryId: idSchema,
      name: boundedText(MAX_PERSON_NAME_LENGTH * 2 + 1),
      schoolName: boundedText(MAX_TITLE_LENGTH),
    })
    .nullable(),
  /** Why the row is not imported; empty when it is. */
  problems: z.array(z.string()),
});
export type ImportedResultRow = z.infer<typeof importedRowSchema>;

const resultsImportResponseSchema = z.object({
  /** What stops the whole file being read (no Bib column...); no rows then. */
  problems: z.array(z.string()),
  rows: z.array(importedRowSchema).max(MAX_PLACINGS),
  /** Rows with a racer, which an import writes. */
  matched: z.number().int().nonnegative(),
  /** With confirm=1: the results written (0 while only reading). */
  written: z.number().int().nonnegative(),
});
export type ResultsImportAnswer = z.infer<typeof resultsImportResponseSchema>;

/** A run's time in hundredths: under a day. */
const runTime = z
  .number()
  .int()
  .positive()
  .max(24 * 60 * 60 * 100)
  .nullable();

/** PUT /api/race-results: results typed or corrected on a tablet, each keyed by its team entry; a
 *  result with no run, no score and no status clears it. */
const typedResultsBodySchema = z.object({
  results: z
    .array(
      z.object({
        /** The device's key of the result (its team entry, as the race-day feed names it). */
        id: idSchema.optional(),
        teamEntryId: idSchema,
        run1: runTime,
        run2: runTime,
        score: z
          .number()
          .int()
          .nonnegative()
          .max(MAX_JUDGED_SCORE * 100)
          .nullable(),
        status: z.enum(RESULT_STATUSES).nullable(),
      }),
    )
    .min(1)
    .max(MAX_BATCH_ROWS),
});
export type TypedResult = z.output<typeof typedResultsBodySchema>['results'][number];

/** POST /api/qualifiers: an administrator confirms a race's proposed qualifiers, invited to
 *  `ToEventId` (an event of the next level). The server ranks the race from its results again and
 *  answers the qualifiers written, which replace the race's earlier ones. */
const confirmQualifiersBodySchema = z.object({
  EventId: idSchema,
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  ToEventId: idSchema,
});
export type ConfirmQualifiersBody = z.output<typeof confirmQualifiersBodySchema>;

export const raceResultsApi = {
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/race-results',
    access: RACE_OFFICIALS,
    body: typedResultsBodySchema,
    response: z.object({ saved: z.number().int().nonnegative() }),
  }),
  import: defineRoute({
    method: 'POST',
    url: '/api/results/import',
    access: ADMINS,
    querystring: resultsImportQuerySchema,
    response: resultsImportResponseSchema,
  }),
  /** Answers the event's race-day row with its rules (none when its start lists are not shown). */
  rules: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/results/rules',
    access: ADMINS,
    body: resultsRulesBodySchema,
    response: z.array(raceEventRowSchema),
  }),
  confirmQualifiers: defineRoute({
    method: 'POST',
    url: '/api/qualifiers',
    access: ADMINS,
    body: confirmQualifiersBodySchema,
    response: z.array(qualifierSchema).max(MAX_PLACINGS * 2),
  }),
};
