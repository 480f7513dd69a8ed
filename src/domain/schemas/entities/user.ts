// Staff users of the admin users grid, and the session user every screen reads.
import { z } from 'zod';
import { ASSIGNABLE_ROLES, USER_TYPES } from '../../constants/choices';
import { MIN_PASSWORD_LENGTH } from '../../constants/policy';
import { MESSAGES } from '../../messages';
import { SERVER_MESSAGES } from '../../server-messages';
import { idSchema, nullableIdSchema, stateIdSchema, versioned } from '../common';
import { invoiceTypeSchema } from './event';

export const userTypeSchema = z.enum(USER_TYPES);
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

export const adminUserSchema = z.object({
  id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: assignableRoleSchema,
  ...versioned,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PUT /api/users rows: the password column writes newPassword; blank keeps the current one. */
export const adminUserWriteSchema = z.object({
  id: idSchema,
  firstname: z.string().trim().min(1),
  lastname: z.string().trim().min(1),
  email: z.email({ error: MESSAGES.invalidEmail }),
  role: assignableRoleSchema,
  newPassword: z
    .union([z.literal(''), z.string().min(MIN_PASSWORD_LENGTH, { error: SERVER_MESSAGES.passwordTooShort })])
    .optional(),
  ...versioned,
});
export type AdminUserWrite = z.infer<typeof adminUserWriteSchema>;

/** What POST /api/session answers: the chosen school and event and what the app shows of them. */
export const sessionSelectionSchema = z.object({
  SchoolId: nullableIdSchema,
  EventId: nullableIdSchema,
  eventName: z.string().nullable(),
  schoolName: z.string().nullable(),
  /** The event's level (Regional, State, National). */
  eventType: z.string().nullable(),
  invoiceType: invoiceTypeSchema.nullable(),
  eventStates: z.array(z.object({ id: stateIdSchema })),
});
export type SessionSelection = z.infer<typeof sessionSelectionSchema>;

/** The session user (spec section 3). The spec's 0 for no school or event is null here. */
export const sessionUserSchema = sessionSelectionSchema.extend({
  type: userTypeSchema,
  selectedSchool: nullableIdSchema,
  username: z.string(),
  firstname: z.string().optional(),
  lastname: z.string().optional(),
  firstSeasonLogin: z.boolean(),
  locked: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
