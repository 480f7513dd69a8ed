// Participant (spec section 3): kept across seasons; removal archives it (archived = 1).
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import {
  genderSchema,
  idSchema,
  numberFlagSchema,
  nullableIsoDateSchema,
  versioned,
  yearLevelSchema,
} from '../common';
import { teamEntrySchema } from './team';

export const participantSchema = z.object({
  id: idSchema,
  snowId: z.string().nullable(),
  /** 1 = active in the athlete registry; inactive ids are highlighted. */
  snowIdActive: numberFlagSchema,
  firstname: z.string(),
  lastname: z.string(),
  // '' for rows imported without them; the grid asks the user to fill them in.
  yearLevel: z.union([yearLevelSchema, z.literal('')]),
  gender: z.union([genderSchema, z.literal('')]),
  dob: nullableIsoDateSchema,
  email: z.string(),
  SchoolId: idSchema,
  archived: numberFlagSchema,
  /** Race entries in the current event. */
  entryCount: z.number().int().nonnegative().optional(),
  TeamEntries: z.array(teamEntrySchema).optional(),
  ...versioned,
});
export type Participant = z.infer<typeof participantSchema>;

const participantWriteFields = {
  snowId: z.string().trim().min(1).nullable(),
  snowIdActive: numberFlagSchema,
  firstname: z.string().trim().min(1),
  lastname: z.string().trim().min(1),
  yearLevel: yearLevelSchema,
  gender: genderSchema,
  dob: z.iso.date({ error: MESSAGES.invalidDate }).nullable(),
  email: z.union([z.literal(''), z.email({ error: MESSAGES.invalidEmail })]),
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
