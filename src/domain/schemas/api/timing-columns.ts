// An event's own columns of its timing files, per system (docs/timing-files.md 'Columns an admin
// sets'): each column names the field of ours it holds and its heading. Requests are checked with
// the same rule the screen shows (rules/timing-columns.ts); answers and feed rows as stored.
import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '../../constants/limits';
import { MAX_TIMING_COLUMNS, TIMING_FIELDS } from '../../constants/timing-files';
import { timingColumnProblems } from '../../rules/timing-columns';
import { boundedText, idSchema } from '../common';

const storedColumnSchema = z.object({ field: z.enum(TIMING_FIELDS), heading: boundedText(MAX_TITLE_LENGTH) });

/** One system's columns as stored and sent to devices. */
const storedTimingColumnsSchema = z.array(storedColumnSchema).max(MAX_TIMING_COLUMNS);

/** An event's own columns per system; a system left out or null uses its standard columns. */
export const timingLayoutsSchema = z.object({
  NSW: storedTimingColumnsSchema.nullable().optional(),
  VIC: storedTimingColumnsSchema.nullable().optional(),
  'Live heats': storedTimingColumnsSchema.nullable().optional(),
});

/** One system's columns in a request: refused with the screen's own words when unusable. */
const timingColumnListSchema = z
  .array(z.object({ field: z.string().max(MAX_TITLE_LENGTH), heading: boundedText(MAX_TITLE_LENGTH) }))
  .max(MAX_TIMING_COLUMNS * 2)
  .superRefine((columns, ctx) => {
    for (const problem of timingColumnProblems(columns)) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.index === null ? [] : [problem.index, 'heading'],
      });
    }
  })
  .pipe(storedTimingColumnsSchema);

/** PUT /api/timing-file/columns: the event (its id, as its race-day row is keyed) and the systems
 *  whose columns change; null puts a system back on its standard columns, a system left out keeps
 *  its own. */
export const timingColumnsBodySchema = z.object({
  id: idSchema,
  timingColumns: z.object({
    NSW: timingColumnListSchema.nullable().optional(),
    VIC: timingColumnListSchema.nullable().optional(),
    'Live heats': timingColumnListSchema.nullable().optional(),
  }),
});
