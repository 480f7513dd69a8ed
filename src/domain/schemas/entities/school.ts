// School with its coordinator, principal and login user (spec section 3).
import { z } from 'zod';
import { SCHOOL_CATEGORIES, SCHOOL_GOV_OR_PRIVATE, SCHOOL_TYPES } from '../../constants/choices';
import { MIN_PASSWORD_LENGTH } from '../../constants/policy';
import { MESSAGES } from '../../messages';
import { normaliseRegion } from '../../rules/region';
import { SERVER_MESSAGES } from '../../server-messages';
import { idSchema, isoDateTimeSchema, stateIdSchema, versioned } from '../common';

export const coordinatorSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  mobile: z.string(),
  fax: z.string(),
  ausEnews: z.boolean(),
});

export const principalSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});

/** The coordinator's login. Answers never carry a password: null (the client shows ''). */
export const schoolUserSchema = z.object({
  email: z.string(),
  password: z.null(),
});

const schoolFields = {
  id: idSchema,
  name: z.string(),
  nickname: z.string(),
  address1: z.string(),
  address2: z.string(),
  town: z.string(),
  /** Sydney, Northern NSW or Southern NSW for state 3; '' elsewhere. */
  region: z.string(),
  postcode: z.string(),
  phone: z.string(),
  fax: z.string(),
  schoolType: z.enum(SCHOOL_TYPES),
  schoolCategory: z.enum(SCHOOL_CATEGORIES),
  schoolGovOrPrivate: z.enum(SCHOOL_GOV_OR_PRIVATE),
  StateId: stateIdSchema.nullable(),
  bpay: z.string(),
};

export const schoolSchema = z.object({
  ...schoolFields,
  /** Registration time; null for schools registered before 2013 ('Registered pre 2013'). */
  createdAt: isoDateTimeSchema.nullable(),
  coordinator: coordinatorSchema,
  principal: principalSchema,
  user: schoolUserSchema.optional(),
  ...versioned,
});
export type School = z.infer<typeof schoolSchema>;

const optionalEmail = z.union([z.literal(''), z.email({ error: MESSAGES.invalidEmail })]);
const password = z.string().min(MIN_PASSWORD_LENGTH, { error: SERVER_MESSAGES.passwordTooShort });

const schoolWriteFields = {
  ...schoolFields,
  name: z.string().trim().min(1),
  region: z.string().default(''),
  bpay: z.string().default(''),
  coordinator: coordinatorSchema.extend({ ausEnews: z.boolean().default(true) }),
  principal: principalSchema.extend({ email: optionalEmail }),
  ...versioned,
};

// Region is kept only for state 3 (spec section 4), whatever the client sent.
const withNormalRegion = <T extends { StateId: number | null; region: string }>(school: T): T => ({
  ...school,
  region: normaliseRegion(school.StateId, school.region),
});

/** POST /api/schools { school }: registration, with the coordinator's login (email + password). */
export const schoolRegistrationSchema = z
  .object({
    ...schoolWriteFields,
    user: z.object({ email: z.email({ error: MESSAGES.invalidEmail }), password }),
  })
  .transform(withNormalRegion);
export type SchoolRegistration = z.output<typeof schoolRegistrationSchema>;

/** PUT /api/school { school }: the profile; a blank password keeps the existing one. */
export const schoolProfileSchema = z
  .object({
    ...schoolWriteFields,
    user: z
      .object({
        email: z.email({ error: MESSAGES.invalidEmail }),
        password: z.union([z.literal(''), z.null(), password]).optional(),
      })
      .optional(),
  })
  .transform(withNormalRegion);
export type SchoolProfile = z.output<typeof schoolProfileSchema>;

/** Schools in the header picker and the BPAY grid. */
export const schoolListItemSchema = z.object({ id: idSchema, name: z.string() });
export const schoolBpaySchema = z.object({
  id: idSchema,
  name: z.string(),
  StateId: stateIdSchema.nullable(),
  bpay: z.string(),
  ...versioned,
});
export type SchoolBpay = z.infer<typeof schoolBpaySchema>;
