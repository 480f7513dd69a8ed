// Invite to a State or National event for a discipline, division and gender (spec section 3).
import { z } from 'zod';
import { INVITE_GENDERS, INVITE_LEVELS } from '../../constants/choices';
import { MAX_TITLE_LENGTH } from '../../constants/limits';
import { boundedText, disciplineIdSchema, idSchema, versioned } from '../common';

export const inviteSchema = z.object({
  id: idSchema,
  EventId: idSchema.optional(),
  DisciplineId: disciplineIdSchema,
  division: z.number().int().min(1).max(6),
  gender: z.enum(INVITE_GENDERS),
  stateNational: z.enum(INVITE_LEVELS),
  /** The discipline's name, joined in answers. */
  name: boundedText(MAX_TITLE_LENGTH).optional(),
  ...versioned,
});
export type Invite = z.infer<typeof inviteSchema>;

export const inviteWriteSchema = inviteSchema.omit({ name: true, EventId: true });
export type InviteWrite = z.infer<typeof inviteWriteSchema>;
