// Participants, their race entries, the new-season carry-over and the spreadsheet import.
import { SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import {
  MAX_BATCH_ROWS,
  MAX_EMAIL_LENGTH,
  MAX_IMPORT_ROWS,
  MAX_PERSON_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_WRITE_BATCH_ROWS,
} from '../../constants/limits';
import { MESSAGES } from '../../messages';
import { birthDateWriteSchema } from '../birth-date';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  filterTermsSchema,
  genderSchema,
  idParamsSchema,
  idSchema,
  jsonQuery,
  numberFlagSchema,
  okResponseSchema,
  requiredText,
  schoolEventParamsSchema,
  snowIdSchema,
  storedSnowIdSchema,
  teamGenderSchema,
  teamLetterSchema,
  yearLevelSchema,
} from '../common';
import {
  participantPatchSchema,
  participantSaveRowSchema,
  participantSchema,
  participantWriteSchema,
} from '../entities/participant';
import { teamEntrySchema } from '../entities/team';
import { defineRoute } from '../route';

const order = filterTermsSchema;
const include = filterTermsSchema;

/** The v2 calls' filter (sent JSON-encoded as ?filter=...). */
const participantsFilterSchema = z.object({
  where: z.object({ SchoolId: idSchema, archived: numberFlagSchema, snowId: snowIdSchema }).partial().optional(),
  order,
  include,
});
export type ParticipantsFilter = z.infer<typeof participantsFilterSchema>;
export const participantsQuerySchema = z.object({ filter: jsonQuery(participantsFilterSchema).optional() });

const teamEntriesFilterSchema = z.object({
  where: z
    .object({ TeamId: idSchema, ParticipantId: idSchema, EventId: idSchema, SchoolId: idSchema })
    .partial()
    .optional(),
  order,
  include,
});
export type TeamEntriesFilter = z.infer<typeof teamEntriesFilterSchema>;
const teamEntriesQuerySchema = z.object({ filter: jsonQuery(teamEntriesFilterSchema).optional() });

export const participantsBulkBodySchema = z.object({
  participants: z
    .array(participantSaveRowSchema)
    .max(MAX_WRITE_BATCH_ROWS, { error: `At most ${MAX_WRITE_BATCH_ROWS} participants can be saved at once.` }),
});

/** A participant's race entry with its team, for the race-entries dialog. */
const participantTeamEntrySchema = teamEntrySchema.extend({
  EventId: idSchema,
  DisciplineId: disciplineIdSchema,
  disciplineName: boundedText(MAX_TITLE_LENGTH),
  division: divisionSchema,
  teamRank: teamLetterSchema,
  teamGender: teamGenderSchema,
});
export type ParticipantTeamEntry = z.infer<typeof participantTeamEntrySchema>;

/** POST /api/v2/new-season-updates: carry last season's participants over (their new year
 *  levels) and archive the ones removed from the grid. A 409 answer means already done. */
export const newSeasonBodySchema = z.object({
  SchoolId: idSchema,
  year: z.number().int().min(1900).max(9999),
  participantsArchive: z.array(idSchema).max(MAX_BATCH_ROWS),
  participants: z
    .array(z.object({ id: idSchema, yearLevel: yearLevelSchema }))
    .max(MAX_BATCH_ROWS)
    .default([]),
});

/** A spreadsheet row as the import reads it (src/domain/rules/spreadsheet-import.ts). */
export const importRowSchema = z.object({
  snowId: snowIdSchema.nullable(),
  firstname: requiredText(MAX_PERSON_NAME_LENGTH),
  lastname: requiredText(MAX_PERSON_NAME_LENGTH),
  yearLevel: yearLevelSchema,
  gender: genderSchema,
  dob: birthDateWriteSchema.nullable(),
  email: z.union([z.literal(''), z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH)]),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /api/xls-import: the uploaded file (xlsx or csv, the body itself) read into rows, each
 *  with its problems; nothing is written. `existing`: the school already has this person (the
 *  import updates them). */
const xlsImportResponseSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int().positive(),
      values: z.object({
        snowId: storedSnowIdSchema.nullable(),
        firstname: boundedText(MAX_PERSON_NAME_LENGTH),
        lastname: boundedText(MAX_PERSON_NAME_LENGTH),
        gender: z.union([genderSchema, z.literal('')]),
        dob: z.iso.date().nullable(),
        yearLevel: z.union([yearLevelSchema, z.literal('')]),
        email: boundedText(MAX_EMAIL_LENGTH),
      }),
      problems: z.array(boundedText(MAX_TEXT_LENGTH)),
      existing: z.boolean(),
    }),
  ),
  total: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
});
export type XlsImportAnswer = z.infer<typeof xlsImportResponseSchema>;

/** POST /api/xls-import/confirm: the reviewed valid rows, written in one transaction, each found
 *  again by snow id (else name and date of birth), so importing the same file twice adds nobody. */
const xlsImportConfirmBodySchema = z.object({ rows: z.array(importRowSchema).min(1).max(MAX_IMPORT_ROWS) });
export const xlsImportConfirmResponseSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});

export const participantsApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v2/participants',
    access: SCHOOL_READERS,
    querystring: participantsQuerySchema,
    response: z.array(participantSchema),
  }),
  /** Creates, or updates the participant with the same snow id in the same school. */
  create: defineRoute({
    queued: true,
    method: 'POST',
    url: '/api/v2/participants',
    access: SCHOOL_EDITORS,
    body: participantWriteSchema,
    response: participantSchema,
  }),
  patch: defineRoute({
    queued: true,
    method: 'PATCH',
    url: '/api/v2/participants/:id',
    access: SCHOOL_EDITORS,
    params: idParamsSchema,
    body: participantPatchSchema,
    response: participantSchema,
  }),
  /** Bulk save; rows with archived 1 lose their race entries in the current event. */
  saveAll: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/v2/participants',
    access: SCHOOL_EDITORS,
    body: participantsBulkBodySchema,
    response: z.array(participantSchema),
  }),
  teamEntriesOf: defineRoute({
    method: 'GET',
    url: '/api/v2/participants/:id/team-entries',
    access: SCHOOL_READERS,
    params: idParamsSchema,
    response: z.array(participantTeamEntrySchema),
  }),
  teamEntries: defineRoute({
    method: 'GET',
    url: '/api/v2/team-entries',
    access: SCHOOL_READERS,
    querystring: teamEntriesQuerySchema,
    response: z.array(teamEntrySchema),
  }),
  deleteTeamEntry: defineRoute({
    queued: true,
    method: 'DELETE',
    url: '/api/v2/team-entries/:id',
    access: SCHOOL_EDITORS,
    params: idParamsSchema,
    response: okResponseSchema,
  }),
  ofSchoolEvent: defineRoute({
    method: 'GET',
    url: '/api/schools/:SchoolId/events/:EventId/participants',
    access: SCHOOL_READERS,
    params: schoolEventParamsSchema,
    response: z.array(participantSchema),
  }),
  year12: defineRoute({
    method: 'GET',
    url: '/api/participants/year12',
    access: SCHOOL_READERS,
    response: z.array(participantSchema),
  }),
  newSeasonUpdates: defineRoute({
    queued: true,
    method: 'POST',
    url: '/api/v2/new-season-updates',
    access: SCHOOL_EDITORS,
    body: newSeasonBodySchema,
    response: okResponseSchema,
  }),
  /** The body is the file itself (xlsx or csv), not JSON. */
  xlsImport: defineRoute({
    method: 'POST',
    url: '/api/xls-import',
    access: SCHOOL_EDITORS,
    response: xlsImportResponseSchema,
  }),
  xlsImportConfirm: defineRoute({
    method: 'POST',
    url: '/api/xls-import/confirm',
    access: SCHOOL_EDITORS,
    body: xlsImportConfirmBodySchema,
    response: xlsImportConfirmResponseSchema,
  }),
};
