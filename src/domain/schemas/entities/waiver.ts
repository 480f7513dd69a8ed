// Waiver of a participant or a volunteer (spec section 3).
import { z } from 'zod';
import { WAIVER_TYPES } from '../../constants/choices';
import { MAX_EMAIL_LENGTH, MAX_PERSON_NAME_LENGTH, MAX_TITLE_LENGTH } from '../../constants/limits';
import {
  boundedText,
  idSchema,
  noneableIdInput,
  nullableIdSchema,
  snowIdSchema,
  storedSnowIdSchema,
  versioned,
  wholeWhenNew,
} from '../common';

const waiverTypeSchema = z.enum(WAIVER_TYPES);

export const waiverSchema = z.object({
  id: idSchema,
  type: waiverTypeSchema,
  /** The full name as the waiver form took it. */
  name: boundedText(MAX_TITLE_LENGTH),
  givenName: boundedText(MAX_PERSON_NAME_LENGTH),
  surname: boundedText(MAX_PERSON_NAME_LENGTH),
  completed: z.boolean(),
  /** Who entered it (a user's name or email). */
  createdBy: boundedText(MAX_EMAIL_LENGTH),
  snowId: storedSnowIdSchema.nullable().optional(),
  /** The participant or volunteer the waiver was matched to, if any. */
  ParticipantId: nullableIdSchema.optional(),
  VolunteerId: nullableIdSchema.optional(),
  SchoolId: idSchema.optional(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type Waiver = z.infer<typeof waiverSchema>;

/** Request row (PUT /api/waivers): whole for a new waiver; a waiver on record (its version given)
 *  may come as its id, version and only the fields changed. */
export const waiverWriteSchema = z
  .object({
    id: idSchema,
    type: waiverTypeSchema.optional(),
    name: boundedText(MAX_TITLE_LENGTH).optional(),
    givenName: boundedText(MAX_PERSON_NAME_LENGTH).optional(),
    surname: boundedText(MAX_PERSON_NAME_LENGTH).optional(),
    completed: z.boolean().optional(),
    /** '' or null: no snow id. */
    snowId: z
      .union([z.literal(''), snowIdSchema])
      .nullable()
      .optional(),
    ParticipantId: noneableIdInput.optional(),
    VolunteerId: noneableIdInput.optional(),
    ...versioned,
  })
  .superRefine(wholeWhenNew({ type: 'string', completed: 'boolean' }));
export type WaiverWrite = z.output<typeof waiverWriteSchema>;
