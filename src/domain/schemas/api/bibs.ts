// Bib generation, the bib list and manual assignment (spec section 7; docs/decisions.md).
import { ADMINS, RACE_DAY_READERS } from '../../constants/access';
import { z } from 'zod';
import {
  MAX_BATCH_ROWS,
  MAX_CHOICE_LENGTH,
  MAX_CHOICES,
  MAX_PAGE_ROWS,
  MAX_PERSON_NAME_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../constants/limits';
import { DEFAULT_BIB_LIST_ROWS } from '../../constants/race-day';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  queryInt,
  storedSnowIdSchema,
  teamGenderSchema,
  teamLetterSchema,
} from '../common';
import { bibSchema, positionSchema } from '../entities/team';
import { defineRoute } from '../route';

/** POST /api/bibs/generate { bibForm }: consecutive numbers from startNumber, in start-list
 *  order, over one discipline, one or more divisions and a gender. */
const bibFormSchema = z.object({
  EventId: idSchema.optional(),
  DisciplineId: disciplineIdSchema,
  divisions: z.array(divisionSchema).min(1).max(MAX_CHOICES),
  gender: teamGenderSchema,
  startNumber: bibSchema,
});
export type BibForm = z.infer<typeof bibFormSchema>;
const bibGenerateBodySchema = z.object({ bibForm: bibFormSchema });

const bibAssignmentSchema = z.object({ teamEntryId: idSchema, bib: bibSchema });
export const bibGenerateResponseSchema = z.object({
  assigned: z.array(bibAssignmentSchema),
  /** Manual bibs left as they were (reported, never overwritten). */
  keptManual: z.array(bibAssignmentSchema),
  nextNumber: bibSchema,
});

/** GET /api/bibList with the bibListForm as query (50 rows a page by default). */
const bibListQuerySchema = z.object({
  EventId: idSchema.optional(),
  DisciplineId: queryInt.optional(),
  division: queryInt.optional(),
  gender: teamGenderSchema.optional(),
  SchoolId: idSchema.optional(),
  limit: queryInt.pipe(z.number().int().positive().max(MAX_PAGE_ROWS)).default(DEFAULT_BIB_LIST_ROWS),
  offset: queryInt.pipe(z.number().int().nonnegative()).default(0),
});

export const bibListRowSchema = z.object({
  teamEntryId: idSchema,
  bib: bibSchema.nullable(),
  bibManual: z.boolean(),
  snowId: storedSnowIdSchema.nullable(),
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  gender: boundedText(MAX_CHOICE_LENGTH),
  yearLevel: boundedText(MAX_CHOICE_LENGTH),
  SchoolId: idSchema,
  schoolName: boundedText(MAX_TITLE_LENGTH),
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  teamRank: teamLetterSchema,
  teamGender: teamGenderSchema,
  position: positionSchema,
});
export type BibListRow = z.infer<typeof bibListRowSchema>;

/** Bibs are handed over only when a school is ready (docs/decisions.md, Entries). */
export const bibReadinessSchema = z.object({
  SchoolId: idSchema,
  schoolName: boundedText(MAX_TITLE_LENGTH),
  participantWaiversComplete: z.boolean(),
  volunteerWaiversComplete: z.boolean(),
  volunteersRegistered: z.boolean(),
  invoicePaid: z.boolean(),
  ready: z.boolean(),
});
export type BibReadiness = z.infer<typeof bibReadinessSchema>;

const bibListResponseSchema = z.object({
  rows: z.array(bibListRowSchema),
  total: z.number().int().nonnegative(),
  schools: z.array(bibReadinessSchema),
});

/** POST /api/bibs/manual-assign: a list of { bib, teamEntryId }; bib null clears it. A bib held
 *  by another entry of the event and discipline is refused (BIB_TAKEN) naming the holder. */
export const manualAssignBodySchema = z
  .array(z.object({ teamEntryId: idSchema, bib: bibSchema.nullable() }))
  .min(1)
  .max(MAX_BATCH_ROWS);
const manualAssignResponseSchema = z.object({ assigned: z.number().int().nonnegative() });

export const bibsApi = {
  generate: defineRoute({
    method: 'POST',
    url: '/api/bibs/generate',
    access: ADMINS,
    body: bibGenerateBodySchema,
    response: bibGenerateResponseSchema,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/bibList',
    access: RACE_DAY_READERS,
    querystring: bibListQuerySchema,
    response: bibListResponseSchema,
  }),
  manualAssign: defineRoute({
    queued: true,
    method: 'POST',
    url: '/api/bibs/manual-assign',
    access: ADMINS,
    body: manualAssignBodySchema,
    response: manualAssignResponseSchema,
  }),
};
