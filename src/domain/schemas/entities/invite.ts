// Invite to a State or National event for a discipline, division and gender (spec section 3), and
// the qualifiers confirmed from a race's results, who go on to the next level's event.
import { z } from 'zod';
import { INVITE_GENDERS, INVITE_LEVELS } from '../../constants/choices';
import { MAX_EMAIL_LENGTH, MAX_PERSON_NAME_LENGTH, MAX_TEAM_ENTRIES, MAX_TITLE_LENGTH } from '../../constants/limits';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  idSchema,
  isoDateTimeSchema,
  teamGenderSchema,
  versioned,
} from '../common';

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

/** A confirmed qualifier (docs/decisions.md, 'Results from the timing system'): a school's team, or
 *  one of its racers, that a race of `EventId` sends on to `ToEventId`, with its place and the
 *  racers it names as they were when an administrator confirmed it. A school reads its own. */
export const qualifierSchema = z.object({
  id: idSchema,
  /** The event whose race sent it. */
  EventId: idSchema,
  /** The next level's event it is invited to. */
  ToEventId: idSchema,
  SchoolId: idSchema,
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  gender: teamGenderSchema,
  kind: z.enum(['team', 'racer']),
  place: z.number().int().positive(),
  /** The team as results show it, e.g. 'Jindabyne Central A'. */
  teamName: boundedText(MAX_TITLE_LENGTH),
  /** A team's members, or the one racer. */
  racers: z.array(boundedText(MAX_PERSON_NAME_LENGTH * 2 + 1)).max(MAX_TEAM_ENTRIES),
  confirmedBy: boundedText(MAX_EMAIL_LENGTH),
  confirmedAt: isoDateTimeSchema,
  ...versioned,
});
export type Qualifier = z.infer<typeof qualifierSchema>;
