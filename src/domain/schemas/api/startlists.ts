// Start lists and start marshall sheets of race day (the timing files' calls: timing-files.ts).
import { ADMINS, RACE_DAY_READERS, RACE_OFFICIALS } from '../../constants/access';
import { z } from 'zod';
import {
  MAX_BATCH_ROWS,
  MAX_PAGE_ROWS,
  MAX_PERSON_NAME_LENGTH,
  MAX_CHOICE_LENGTH,
  MAX_KEY_LENGTH,
  MAX_TITLE_LENGTH,
} from '../../constants/limits';
import { DEFAULT_START_MARSHALL_ROWS, RACE_MARKS, RUNS, START_MARSHALL_TYPES } from '../../constants/race-day';
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

const personName = boundedText(MAX_PERSON_NAME_LENGTH);
const schoolName = boundedText(MAX_TITLE_LENGTH);
import { bibSchema, positionSchema } from '../entities/team';
import { defineRoute } from '../route';

/** GET /api/startlist with the startlistForm as query. */
const startlistQuerySchema = z.object({
  EventId: idSchema.optional(),
  DisciplineId: queryInt.pipe(disciplineIdSchema),
  division: queryInt.pipe(divisionSchema),
  gender: teamGenderSchema,
});

const startlistMemberSchema = z.object({
  teamEntryId: idSchema,
  position: positionSchema,
  ParticipantId: idSchema.nullable(),
  firstname: personName,
  lastname: personName,
  snowId: storedSnowIdSchema.nullable(),
  yearLevel: boundedText(MAX_CHOICE_LENGTH),
  bib: bibSchema.nullable(),
});

export const startlistTeamSchema = z.object({
  TeamId: idSchema,
  SchoolId: idSchema,
  schoolName,
  teamRank: teamLetterSchema,
  gender: teamGenderSchema,
  division: divisionSchema,
  startOrder: z.number().int().positive(),
  members: z.array(startlistMemberSchema),
});
export type StartlistTeam = z.infer<typeof startlistTeamSchema>;

const startlistResponseSchema = z.object({
  EventId: idSchema,
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  teams: z.array(startlistTeamSchema),
});

/** GET /api/startMarshall with the startMarshallForm as query. */
export const startMarshallQuerySchema = startlistQuerySchema.extend({
  type: z.enum(START_MARSHALL_TYPES),
  run: z.enum(RUNS),
  limit: queryInt.pipe(z.number().int().positive().max(MAX_PAGE_ROWS)).default(DEFAULT_START_MARSHALL_ROWS),
  offset: queryInt.pipe(z.number().int().nonnegative()).default(0),
});

export const startMarshallRowSchema = z.object({
  order: z.number().int().positive(),
  teamEntryId: idSchema,
  bib: bibSchema.nullable(),
  firstname: personName,
  lastname: personName,
  schoolName,
  teamRank: teamLetterSchema,
  position: positionSchema,
  /** The start hut's mark for this run (beyond the spec: DNS or started, made on a tablet). */
  mark: z.enum(RACE_MARKS).nullable().optional(),
});
export type StartMarshallRow = z.infer<typeof startMarshallRowSchema>;

const startMarshallResponseSchema = z.object({
  type: z.enum(START_MARSHALL_TYPES),
  run: z.enum(RUNS),
  rows: z.array(startMarshallRowSchema),
  total: z.number().int().nonnegative(),
});

/** POST /api/startlist/draw: an admin draws (or redraws) a race's start order, until bibs are given. */
const startDrawBodySchema = z.object({
  EventId: idSchema.optional(),
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
});

/** PUT /api/raceMarks: start hut marks; a null mark clears the entry's mark for that run. */
const raceMarksBodySchema = z.object({
  marks: z
    .array(
      z.object({
        /** The device's key of the mark ('<teamEntryId>:<run>', as the race-day feed names it); the
         *  server keys marks by entry and run and reads nothing from it. */
        id: boundedText(MAX_KEY_LENGTH).optional(),
        teamEntryId: idSchema,
        run: z.enum(RUNS),
        mark: z.enum(RACE_MARKS).nullable(),
      }),
    )
    .min(1)
    .max(MAX_BATCH_ROWS),
});
const raceMarksResponseSchema = z.object({ saved: z.number().int().nonnegative() });

export const startlistsApi = {
  startlist: defineRoute({
    method: 'GET',
    url: '/api/startlist',
    access: RACE_DAY_READERS,
    querystring: startlistQuerySchema,
    response: startlistResponseSchema,
  }),
  startMarshall: defineRoute({
    method: 'GET',
    url: '/api/startMarshall',
    access: RACE_OFFICIALS,
    querystring: startMarshallQuerySchema,
    response: startMarshallResponseSchema,
  }),
  draw: defineRoute({
    method: 'POST',
    url: '/api/startlist/draw',
    access: ADMINS,
    body: startDrawBodySchema,
    response: startlistResponseSchema,
  }),
  marks: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/raceMarks',
    access: RACE_OFFICIALS,
    body: raceMarksBodySchema,
    response: raceMarksResponseSchema,
  }),
};
