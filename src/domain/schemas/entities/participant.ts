// Participant (spec section 3): kept across seasons; removal archives it (archived = 1).
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PERSON_NAME_LENGTH } from '../../constants/limits';
import { MESSAGES } from '../../messages';
import {
  boundedText,
  genderSchema,
  idSchema,
  numberFlagSchema,
  nullableIsoDateSchema,
  requiredText,
  snowIdSchema,
  storedEmailSchema,
  storedSnowIdSchema,
  versioned,
  yearLevelSchema,
} from '../common';
import { birthDateWriteSchema } from '../birth-date';
import { teamEntrySchema } from './team';

export const participantSchema = z.object({
  id: idSchema,
  snowId: storedSnowIdSchema.nullable(),
  /** 1 = active in the athlete registry; inactive ids are highlighted. */
  snowIdActive: numberFlagSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  // '' for rows imported without them; the grid asks the user to fill them in.
  yearLevel: z.union([yearLevelSchema, z.literal('')]),
  gender: z.union([genderSchema, z.literal('')]),
  dob: nullableIsoDateSchema,
  email: storedEmailSchema,
  SchoolId: idSchema,
  archived: numberFlagSchema,
  /** Race entries in the current event. */
  entryCount: z.number().int().nonnegative().optional(),
  TeamEntries: z.array(teamEntrySchema).optional(),
  ...versioned,
});
export type Participant = z.infer<typeof participantSchema>;

const participantWriteFields = {
  snowId: snowIdSchema.nullable(),
  snowIdActive: numberFlagSchema,
  firstname: requiredText(MAX_PERSON_NAME_LENGTH),
  lastname: requiredText(MAX_PERSON_NAME_LENGTH),
  yearLevel: yearLevelSchema,
  gender: genderSchema,
  dob: birthDateWriteSchema.nullable(),
  email: z.union([z.literal(''), z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH)]),
  archived: numberFlagSchema,
};

/** Request row: POST/PUT /api/v2/participants. SchoolId defaults to the session's school. */
export const participantWriteSchema = z.object({
  id: idSchema,
  ...participantWriteFields,
  snowIdActive: numberFlagSchema.optional(),
  email: participantWriteFields.email.default(''),
  archived: numberFlagSchema.optional(),
  SchoolId: idSchema.optional(),
  ...versioned,
});
export type ParticipantWrite = z.output<typeof participantWriteSchema>;

/** PATCH /api/v2/participants/{id}: any subset of the editable fields (no defaults, so a field
 *  not sent is never overwritten). */
export const participantPatchSchema = z.object(participantWriteFields).partial().extend(versioned);
export type ParticipantPatch = z.output<typeof participantPatchSchema>;

/** The fields a whole row carries: a row of PUT /api/v2/participants with all of them is saved
 *  whole (a new participant too); one with fewer changes only those of a participant on record,
 *  so a field this device did not touch never carries a stale value over another's change. */
const PARTICIPANT_WHOLE_ROW_FIELDS = [
  'snowId',
  'firstname',
  'lastname',
  'yearLevel',
  'gender',
  'dob',
  'email',
] as const;

/** A row of PUT /api/v2/participants: whole, or the id, version and the fields changed. */
export const participantSaveRowSchema = participantPatchSchema.extend({ id: idSchema, SchoolId: idSchema.optional() });
export type ParticipantSaveRow = z.output<typeof participantSaveRowSchema>;

export const isWholeParticipantRow = (row: ParticipantSaveRow): row is ParticipantSaveRow & ParticipantWrite =>
  PARTICIPANT_WHOLE_ROW_FIELDS.every((field) => row[field] !== undefined);
