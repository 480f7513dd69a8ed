// The school registration and profile form (spec sections 2, 4 and 5): its values as typed, what
// is wrong with them (field by field, before anything is sent) and the body the server takes.
// The region exists only for state 3 and is emptied for any other state; a blank profile password
// keeps the existing one; the coordinator's enews box starts ticked.
import { z } from 'zod';
import {
  SCHOOL_CATEGORIES,
  SCHOOL_GOV_OR_PRIVATE,
  SCHOOL_TYPES,
  type SchoolCategory,
  type SchoolGovOrPrivate,
  type SchoolType,
} from '../constants/choices';
import { MAX_EMAIL_LENGTH } from '../constants/limits';
import { MIN_PASSWORD_LENGTH } from '../constants/policy';
import { MESSAGES } from '../messages';
import type { School } from '../schemas/entities/school';
import { SERVER_MESSAGES } from '../server-messages';
import { isValidPhone } from './phone';
import { normaliseRegion, regionAllowed } from './region';

export type SchoolFormMode = 'register' | 'profile';

export type SchoolFormValues = {
  name: string;
  nickname: string;
  address1: string;
  address2: string;
  town: string;
  region: string;
  postcode: string;
  phone: string;
  fax: string;
  schoolType: string;
  schoolCategory: string;
  schoolGovOrPrivate: string;
  /** The state id as chosen in the list ('' before a choice). */
  StateId: string;
  coordinator: { firstname: string; lastname: string; phone: string; mobile: string; fax: string; ausEnews: boolean };
  principal: { firstname: string; lastname: string; email: string };
  /** `currentPassword`: the profile's, needed to change the sign-in email or password. */
  user: { email: string; password: string; currentPassword?: string };
};

/** Field paths as the form names them: 'name', 'coordinator.mobile', 'user.password'. */
export type SchoolFormErrors = Record<string, string>;

export function emptySchoolForm(): SchoolFormValues {
  return {
    name: '',
    nickname: '',
    address1: '',
    address2: '',
    town: '',
    region: '',
    postcode: '',
    phone: '',
    fax: '',
    schoolType: '',
    schoolCategory: '',
    schoolGovOrPrivate: '',
    StateId: '',
    coordinator: { firstname: '', lastname: '', phone: '', mobile: '', fax: '', ausEnews: true },
    principal: { firstname: '', lastname: '', email: '' },
    user: { email: '', password: '' },
  };
}

/** The profile as the form shows it: a null password (never sent by the server) shows empty. */
export function schoolFormFromSchool(school: School): SchoolFormValues {
  return {
    name: school.name,
    nickname: school.nickname,
    address1: school.address1,
    address2: school.address2,
    town: school.town,
    region: school.region,
    postcode: school.postcode,
    phone: school.phone,
    fax: school.fax,
    schoolType: school.schoolType,
    schoolCategory: school.schoolCategory,
    schoolGovOrPrivate: school.schoolGovOrPrivate,
    StateId: school.StateId === null ? '' : String(school.StateId),
    coordinator: { ...school.coordinator },
    principal: { ...school.principal },
    user: { email: school.user?.email ?? '', password: school.user?.password ?? '' },
  };
}

/** Choosing a state other than 3 empties the region (it is not shown for them). */
export function withState(values: SchoolFormValues, stateId: string): SchoolFormValues {
  const id = stateId === '' ? null : Number(stateId);
  return { ...values, StateId: stateId, region: normaliseRegion(id, values.region) };
}

const stateIdOf = (values: SchoolFormValues) => (values.StateId === '' ? null : Number(values.StateId));

const emailSchema = z.email().max(MAX_EMAIL_LENGTH);
const REQUIRED = 'Required.';
const PHONE = 'Enter a phone number of at least 7 digits.';
const CHOOSE = 'Choose one.';

/** The fields that must be filled in (marked on the form; schoolFormErrors says 'Required.'). */
export function requiredSchoolFields(values: SchoolFormValues, mode: SchoolFormMode): ReadonlySet<string> {
  const required = new Set([
    'name',
    'StateId',
    'schoolType',
    'schoolCategory',
    'schoolGovOrPrivate',
    'coordinator.firstname',
    'coordinator.lastname',
  ]);
  if (regionAllowed(stateIdOf(values))) required.add('region');
  // A profile of a school an admin made has no login: nothing to keep there.
  if (mode === 'register' || values.user.password !== '') required.add('user.email');
  if (mode === 'register') required.add('user.password');
  return required;
}

export function schoolFormErrors(values: SchoolFormValues, mode: SchoolFormMode): SchoolFormErrors {
  const errors: SchoolFormErrors = {};
  const required = requiredSchoolFields(values, mode);
  const need = (path: string, value: string) => {
    if (value.trim() === '') errors[path] = REQUIRED;
  };
  const phone = (path: string, value: string) => {
    if (value.trim() !== '' && !isValidPhone(value)) errors[path] = PHONE;
  };
  const email = (path: string, value: string, required: boolean) => {
    if (value.trim() === '') {
      if (required) errors[path] = REQUIRED;
    } else if (!emailSchema.safeParse(value.trim()).success) {
      errors[path] = MESSAGES.invalidEmail;
    }
  };
  need('name', values.name);
  phone('phone', values.phone);
  phone('fax', values.fax);
  if (!(SCHOOL_TYPES as readonly string[]).includes(values.schoolType)) errors.schoolType = CHOOSE;
  if (!(SCHOOL_CATEGORIES as readonly string[]).includes(values.schoolCategory)) errors.schoolCategory = CHOOSE;
  if (!(SCHOOL_GOV_OR_PRIVATE as readonly string[]).includes(values.schoolGovOrPrivate))
    errors.schoolGovOrPrivate = CHOOSE;
  if (values.StateId === '') errors.StateId = CHOOSE;
  if (required.has('region') && values.region === '') errors.region = CHOOSE;
  need('coordinator.firstname', values.coordinator.firstname);
  need('coordinator.lastname', values.coordinator.lastname);
  phone('coordinator.phone', values.coordinator.phone);
  phone('coordinator.mobile', values.coordinator.mobile);
  phone('coordinator.fax', values.coordinator.fax);
  email('principal.email', values.principal.email, false);
  email('user.email', values.user.email, required.has('user.email'));
  const password = values.user.password;
  if (required.has('user.password') && password === '') errors['user.password'] = REQUIRED;
  else if (password !== '' && password.length < MIN_PASSWORD_LENGTH)
    errors['user.password'] = SERVER_MESSAGES.passwordTooShort;
  return errors;
}

/** The body's school (POST /api/schools, PUT /api/school): trimmed, region normalised. Sent only
 *  once schoolFormErrors has nothing to say, so the three choices are among the spec's. */
export function schoolFormBody(values: SchoolFormValues, id: string, version?: number) {
  const t = (s: string) => s.trim();
  const stateId = stateIdOf(values);
  return {
    id,
    name: t(values.name),
    nickname: t(values.nickname),
    address1: t(values.address1),
    address2: t(values.address2),
    town: t(values.town),
    region: normaliseRegion(stateId, values.region),
    postcode: t(values.postcode),
    phone: t(values.phone),
    fax: t(values.fax),
    schoolType: values.schoolType as SchoolType,
    schoolCategory: values.schoolCategory as SchoolCategory,
    schoolGovOrPrivate: values.schoolGovOrPrivate as SchoolGovOrPrivate,
    StateId: stateId,
    coordinator: {
      firstname: t(values.coordinator.firstname),
      lastname: t(values.coordinator.lastname),
      phone: t(values.coordinator.phone),
      mobile: t(values.coordinator.mobile),
      fax: t(values.coordinator.fax),
      ausEnews: values.coordinator.ausEnews,
    },
    principal: {
      firstname: t(values.principal.firstname),
      lastname: t(values.principal.lastname),
      email: t(values.principal.email),
    },
    user: {
      email: t(values.user.email),
      password: values.user.password,
      ...(values.user.currentPassword ? { currentPassword: values.user.currentPassword } : {}),
    },
    ...(version === undefined ? {} : { version }),
  };
}

export type LoginChange = { email: boolean; password: boolean };

/** What a profile save changes of the sign-in: a new email (case aside) or a new password. */
export function profileLoginChange(values: SchoolFormValues, baseline: SchoolFormValues): LoginChange {
  return {
    email: values.user.email.trim().toLowerCase() !== baseline.user.email.trim().toLowerCase(),
    password: values.user.password !== '',
  };
}

export const changesLogin = (change: LoginChange) => change.email || change.password;

/** The profile's own rule: a sign-in change needs the current password (the server checks it). */
export function profileLoginErrors(values: SchoolFormValues, baseline: SchoolFormValues): SchoolFormErrors {
  return changesLogin(profileLoginChange(values, baseline)) && !values.user.currentPassword
    ? { 'user.currentPassword': SERVER_MESSAGES.currentPasswordRequired }
    : {};
}

/** Whether the form differs from what it started from (the password counts once typed). */
export function schoolFormChanged(values: SchoolFormValues, baseline: SchoolFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(baseline);
}
