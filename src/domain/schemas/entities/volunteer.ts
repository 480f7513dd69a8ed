// Volunteer, volunteer slot with its preferences, and the volunteer spots an event offers.
import { z } from 'zod';
import { VOLUNTEER_POSITIONS } from '../../constants/disciplines';
import {
  MAX_EMAIL_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_VOLUNTEER_PREFERENCES,
} from '../../constants/limits';
import { MESSAGES } from '../../messages';
import { isValidPhone } from '../../rules/phone';
import { isPositionOffered, volunteerPositions } from '../../rules/volunteer-positions';
import { hasDisciplineDivisionGender } from '../../rules/volunteer-preferences';
import { volunteerPositionNotOfferedMessage } from '../../server-messages';
import {
  boundedText,
  disciplineIdSchema,
  divisionSchema,
  genderSchema,
  idSchema,
  noneableIdInput,
  nullableIdSchema,
  requiredText,
  storedEmailSchema,
  stringFlagSchema,
  versioned,
  wholeWhenNew,
} from '../common';

export const volunteerSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  mobile: boundedText(MAX_PHONE_LENGTH),
  email: storedEmailSchema,
  seasonPass: stringFlagSchema,
  SchoolId: idSchema.optional(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type Volunteer = z.infer<typeof volunteerSchema>;

/** Request row (PUT /api/volunteers): whole for a new volunteer; one on record (its version given)
 *  may come as its id, version and only the fields changed. */
export const volunteerWriteSchema = z
  .object({
    id: idSchema,
    firstname: requiredText(MAX_PERSON_NAME_LENGTH).optional(),
    lastname: requiredText(MAX_PERSON_NAME_LENGTH).optional(),
    mobile: boundedText(MAX_PHONE_LENGTH).refine(isValidPhone, { message: MESSAGES.volunteerPhoneRequired }).optional(),
    email: z.union([z.literal(''), z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH)]).optional(),
    seasonPass: stringFlagSchema.optional(),
    ...versioned,
  })
  .superRefine(wholeWhenNew({ firstname: 'string', lastname: 'string', mobile: 'string' }))
  .transform((row) =>
    row.version === undefined ? { ...row, email: row.email ?? '', seasonPass: row.seasonPass ?? '0' } : row,
  );
export type VolunteerWrite = z.output<typeof volunteerWriteSchema>;

/** A row with every field: a new volunteer can be created from it. */
export const isWholeVolunteerRow = (
  row: VolunteerWrite,
): row is VolunteerWrite &
  Required<Pick<VolunteerWrite, 'firstname' | 'lastname' | 'mobile' | 'email' | 'seasonPass'>> =>
  row.firstname !== undefined &&
  row.lastname !== undefined &&
  row.mobile !== undefined &&
  row.email !== undefined &&
  row.seasonPass !== undefined;

const volunteerPositionSchema = z.enum(VOLUNTEER_POSITIONS);

export const volunteerPreferenceSchema = z.object({
  DisciplineId: disciplineIdSchema.nullable(),
  division: divisionSchema.nullable(),
  gender: genderSchema.nullable(),
  position: volunteerPositionSchema.nullable(),
  isLocked: z.boolean(),
});

export const volunteerSlotSchema = z.object({
  id: idSchema,
  /** null = no volunteer yet (the spec's 0). */
  VolunteerId: nullableIdSchema,
  /** The first preference is the one that counts (spec section 3). */
  preferences: z.array(volunteerPreferenceSchema),
  SchoolId: idSchema.optional(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type VolunteerSlot = z.infer<typeof volunteerSlotSchema>;

// Request-only: a preference may be sent half-filled; missing choices become null.
const choice = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

const volunteerPreferenceWriteSchema = z
  .object({
    DisciplineId: choice(disciplineIdSchema),
    division: choice(divisionSchema),
    gender: choice(genderSchema),
    position: choice(volunteerPositionSchema),
    isLocked: z.boolean().default(false),
  })
  .superRefine((pref, ctx) => {
    // Only the positions the discipline offers (spec section 9), never one saved quietly unlocked.
    if (pref.DisciplineId !== null && pref.position !== null && !isPositionOffered(pref.DisciplineId, pref.position)) {
      ctx.addIssue({
        code: 'custom',
        path: ['position'],
        message: volunteerPositionNotOfferedMessage(volunteerPositions(pref.DisciplineId)),
      });
    }
  });

/** Request row (PUT /api/volunteers slots): VolunteerId 0 or null means none. A slot with a
 *  volunteer needs discipline, division and gender (spec message). The VIC-only rule needs the
 *  event's invoice type, so the server applies it with slotValidationMessage. */
export const volunteerSlotWriteSchema = z
  .object({
    id: idSchema,
    VolunteerId: noneableIdInput,
    preferences: z.array(volunteerPreferenceWriteSchema).max(MAX_VOLUNTEER_PREFERENCES).default([]),
    ...versioned,
  })
  .superRefine((slot, ctx) => {
    if (slot.VolunteerId && !hasDisciplineDivisionGender(slot.preferences[0])) {
      ctx.addIssue({ code: 'custom', path: ['preferences', 0], message: MESSAGES.preferenceIncomplete });
    }
  });

/** Places an event offers per discipline and division, by gender. */
export const volunteerSpotSchema = z.object({
  DisciplineId: disciplineIdSchema,
  division: divisionSchema,
  male: z.number().int().nonnegative(),
  female: z.number().int().nonnegative(),
  EventId: idSchema.optional(),
  ...versioned,
});
export type VolunteerSpot = z.infer<typeof volunteerSpotSchema>;
