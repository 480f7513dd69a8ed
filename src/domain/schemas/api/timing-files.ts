// The timing files' calls (docs/timing-files.md): the file of a system for one discipline, one or
// more divisions and a gender, as CSV or Excel (the device builds the same file offline); and the
// admin's columns of a system for an event, saved through the outbox like any edit.
import { ADMINS, RACE_OFFICIALS } from '../../constants/access';
import { z } from 'zod';
import { MAX_NUMBER_LIST_LENGTH } from '../../constants/limits';
import { FILE_SYSTEM_SLUGS } from '../../constants/timing-files';
import { disciplineIdSchema, idSchema, queryInt, teamGenderSchema } from '../common';
import { defineRoute } from '../route';
import { raceEventRowSchema } from './race-day-feed';
import { timingColumnsBodySchema } from './timing-columns';

const timingFileQuerySchema = z.object({
  /** 'nsw-system', 'vic-system' or 'live-heats', as the screens' addresses name them. */
  system: z.enum(FILE_SYSTEM_SLUGS),
  EventId: idSchema.optional(),
  DisciplineId: queryInt.pipe(disciplineIdSchema),
  /** One or more divisions, comma-separated: '1,2'. */
  divisions: z
    .string()
    .max(MAX_NUMBER_LIST_LENGTH)
    .regex(/^\d+(,\d+)*$/)
    .transform((text) => text.split(',').map(Number)),
  gender: teamGenderSchema,
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const timingFilesApi = {
  /** The file itself (text/csv or the .xlsx workbook), not JSON. */
  file: defineRoute({
    method: 'GET',
    url: '/api/timing-file',
    access: RACE_OFFICIALS,
    querystring: timingFileQuerySchema,
    response: z.string(),
  }),
  /** Answers the event's race-day row with its columns (none when its start lists are not shown). */
  saveColumns: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/timing-file/columns',
    access: ADMINS,
    body: timingColumnsBodySchema,
    response: z.array(raceEventRowSchema),
  }),
};
