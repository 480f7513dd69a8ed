// Waiver of a participant or a volunteer (spec section 3).
import { z } from 'zod';
import { WAIVER_TYPES } from '../../constants/choices';
import { idSchema, noneableIdInput, nullableIdSchema, versioned } from '../common';

export const waiverTypeSchema = z.enum(WAIVER_TYPES);

export const waiverSchema = z.object({
  id: idSchema,
  type: waiverTypeSchema,
  name: z.string(),
  givenName: z.string(),
  surname: z.string(),
  completed: z.boolean(),
  createdBy: z.string(),
  snowId: z.string().nullable().optional(),
  /** The participant or volunteer the waiver was matched to, if any. */
  ParticipantId: nullableIdSchema.optional(),
  VolunteerId: nullableIdSchema.optional(),
  SchoolId: idSchema.optional(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type Waiver = z.infer<typeof waiverSchema>;

export const waiverWriteSchema = z.object({
  id: idSchema,
  type: waiverTypeSchema,
  name: z.string().default(''),
  givenName: z.string().default(''),
  surname: z.string().default(''),
  completed: z.boolean(),
  snowId: z.string().nullable().optional(),
  ParticipantId: noneableIdInput.optional(),
  VolunteerId: noneableIdInput.optional(),
  ...versioned,
});
export type WaiverWrite = z.output<typeof waiverWriteSchema>;
