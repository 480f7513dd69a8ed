// Staff users of the admin users grid, and the session user every screen reads.
import { z } from 'zod';
import { ASSIGNABLE_ROLES, USER_TYPES } from '../../constants/choices';
import {
  MAX_CHOICE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_USERNAME_LENGTH,
} from '../../constants/limits';
import { MIN_PASSWORD_LENGTH, TEMP_ID_PREFIX } from '../../constants/policy';
import { MESSAGES } from '../../messages';
import { SERVER_MESSAGES } from '../../server-messages';
import {
  boundedText,
  idSchema,
  nullableIdSchema,
  requiredText,
  stateIdSchema,
  storedEmailSchema,
  versioned,
} from '../common';
import { invoiceTypeSchema } from './event';

const userTypeSchema = z.enum(USER_TYPES);
const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

export const adminUserSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  email: storedEmailSchema,
  role: assignableRoleSchema,
  ...versioned,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const TEMP_ID = new RegExp(`^${TEMP_ID_PREFIX}[A-Za-z0-9_-]{0,64}$`);

/** PUT /api/users rows: the password column writes newPassword; blank keeps the current one. A row
 *  just added in the grid has a temporary id beginning 'tempid'; the server gives it a real one. */
export const adminUserWriteSchema = z.object({
  id: z.union([idSchema, z.string().regex(TEMP_ID)]),
  firstname: requiredText(MAX_PERSON_NAME_LENGTH),
  lastname: requiredText(MAX_PERSON_NAME_LENGTH),
  email: z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH),
  role: assignableRoleSchema,
  newPassword: z
    .union([
      z.literal(''),
      z.string().min(MIN_PASSWORD_LENGTH, { error: SERVER_MESSAGES.passwordTooShort }).max(MAX_PASSWORD_LENGTH),
    ])
    .optional(),
  ...versioned,
});

/** What POST /api/session answers: the chosen school and event and what the app shows of them. */
export const sessionSelectionSchema = z.object({
  SchoolId: nullableIdSchema,
  EventId: nullableIdSchema,
  eventName: boundedText(MAX_TITLE_LENGTH).nullable(),
  schoolName: boundedText(MAX_TITLE_LENGTH).nullable(),
  /** The event's level (Regional, State, National). */
  eventType: boundedText(MAX_CHOICE_LENGTH).nullable(),
  invoiceType: invoiceTypeSchema.nullable(),
  eventStates: z.array(z.object({ id: stateIdSchema })),
});
export type SessionSelection = z.infer<typeof sessionSelectionSchema>;

/** The session user (spec section 3). The spec's 0 for no school or event is null here. */
export const sessionUserSchema = sessionSelectionSchema.extend({
  type: userTypeSchema,
  selectedSchool: nullableIdSchema,
  username: boundedText(MAX_USERNAME_LENGTH),
  firstname: boundedText(MAX_PERSON_NAME_LENGTH).optional(),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH).optional(),
  firstSeasonLogin: z.boolean(),
  locked: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
