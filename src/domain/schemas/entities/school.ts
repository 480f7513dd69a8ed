// School with its coordinator, principal and login user (spec section 3).
import { z } from 'zod';
import { SCHOOL_CATEGORIES, SCHOOL_GOV_OR_PRIVATE, SCHOOL_TYPES } from '../../constants/choices';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_CHOICE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_POSTCODE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TOWN_LENGTH,
} from '../../constants/limits';
import { MIN_PASSWORD_LENGTH } from '../../constants/policy';
import { MESSAGES } from '../../messages';
import { normaliseRegion } from '../../rules/region';
import { SERVER_MESSAGES } from '../../server-messages';
import {
  boundedText,
  idSchema,
  isoDateTimeSchema,
  requiredText,
  stateIdSchema,
  storedEmailSchema,
  versioned,
} from '../common';

const personName = boundedText(MAX_PERSON_NAME_LENGTH);
const phone = boundedText(MAX_PHONE_LENGTH);

const coordinatorSchema = z.object({
  firstname: personName,
  lastname: personName,
  phone,
  mobile: phone,
  fax: phone,
  ausEnews: z.boolean(),
});

const principalSchema = z.object({
  firstname: personName,
  lastname: personName,
  email: storedEmailSchema,
});

/** The coordinator's login. Answers never carry a password: null (the client shows ''). */
const schoolUserSchema = z.object({
  email: storedEmailSchema,
  password: z.null(),
});

const schoolFields = {
  id: idSchema,
  name: boundedText(MAX_TITLE_LENGTH),
  nickname: boundedText(MAX_TITLE_LENGTH),
  address1: boundedText(MAX_ADDRESS_LINE_LENGTH),
  address2: boundedText(MAX_ADDRESS_LINE_LENGTH),
  town: boundedText(MAX_TOWN_LENGTH),
  /** Sydney, Northern NSW or Southern NSW for state 3; '' elsewhere. */
  region: boundedText(MAX_CHOICE_LENGTH),
  postcode: boundedText(MAX_POSTCODE_LENGTH),
  phone,
  fax: phone,
  schoolType: z.enum(SCHOOL_TYPES),
  schoolCategory: z.enum(SCHOOL_CATEGORIES),
  schoolGovOrPrivate: z.enum(SCHOOL_GOV_OR_PRIVATE),
  StateId: stateIdSchema.nullable(),
  bpay: boundedText(MAX_REFERENCE_LENGTH),
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

const email = z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH);
const optionalEmail = z.union([z.literal(''), email]);
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: SERVER_MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH);

const schoolWriteFields = {
  ...schoolFields,
  name: requiredText(MAX_TITLE_LENGTH),
  region: schoolFields.region.default(''),
  bpay: schoolFields.bpay.default(''),
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
    user: z.object({ email, password }),
  })
  .transform(withNormalRegion);
export type SchoolRegistration = z.output<typeof schoolRegistrationSchema>;

/** PUT /api/school { school }: the profile; a blank password keeps the existing one. A new
 *  sign-in email or password needs the signed-in user's current password. */
export const schoolProfileSchema = z
  .object({
    ...schoolWriteFields,
    user: z
      .object({
        /** '' for a school without a login (made by an admin): nothing to change. */
        email: optionalEmail,
        password: z.union([z.literal(''), z.null(), password]).optional(),
        currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
      })
      .optional(),
  })
  .transform(withNormalRegion);
export type SchoolProfile = z.output<typeof schoolProfileSchema>;

/** Schools in the header picker and the BPAY grid. */
export const schoolListItemSchema = z.object({ id: idSchema, name: schoolFields.name });
export const schoolBpaySchema = z.object({
  id: idSchema,
  name: schoolFields.name,
  StateId: stateIdSchema.nullable(),
  bpay: schoolFields.bpay,
  ...versioned,
});
export type SchoolBpay = z.infer<typeof schoolBpaySchema>;
