// The school form's rules: what a coordinator is told before anything is sent, the region only
// for NSW, a blank profile password kept, and the body the server takes.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import {
  emptySchoolForm,
  schoolFormBody,
  schoolFormErrors,
  schoolFormFromSchool,
  withState,
  type SchoolFormValues,
} from '../../src/domain/rules/school-form';
import { schoolRegistrationSchema, type School } from '../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';

const filled = (): SchoolFormValues => ({
  ...withState(emptySchoolForm(), '3'),
  name: ' Alpine College ',
  region: 'Sydney',
  schoolType: 'Co-ed',
  schoolCategory: 'p-12',
  schoolGovOrPrivate: 'Gov.',
  phone: '(02) 9999 1234',
  coordinator: { firstname: 'Kim', lastname: 'Ng', phone: '', mobile: '0400 123 456', fax: '', ausEnews: true },
  principal: { firstname: '', lastname: '', email: '' },
  user: { email: 'kim@alpine.example', password: 'long enough password' },
});

describe('the school form', () => {
  it('starts empty with the enews box ticked', () => {
    expect(emptySchoolForm().coordinator.ausEnews).toBe(true);
  });

  it('asks for what registration needs, field by field', () => {
    const errors = schoolFormErrors(emptySchoolForm(), 'register');
    expect(Object.keys(errors).sort()).toEqual([
      'StateId',
      'coordinator.firstname',
      'coordinator.lastname',
      'name',
      'schoolCategory',
      'schoolGovOrPrivate',
      'schoolType',
      'user.email',
      'user.password',
    ]);
    expect(schoolFormErrors(filled(), 'register')).toEqual({});
  });

  it('checks phones (7 digits), emails and the password length', () => {
    const v = filled();
    const errors = schoolFormErrors(
      {
        ...v,
        phone: '12 34',
        principal: { ...v.principal, email: 'not-an-email' },
        user: { email: 'kim@alpine.example', password: 'short' },
      },
      'register',
    );
    expect(errors.phone).toMatch(/7 digits/);
    expect(errors['principal.email']).toBe(MESSAGES.invalidEmail);
    expect(errors['user.password']).toBe(SERVER_MESSAGES.passwordTooShort);
  });

  it('needs a region for NSW only, and empties it when another state is chosen', () => {
    expect(schoolFormErrors({ ...filled(), region: '' }, 'register').region).toBeTruthy();
    const vic = withState(filled(), '7');
    expect(vic.region).toBe('');
    expect(schoolFormErrors(vic, 'register').region).toBeUndefined();
  });

  it('keeps a blank profile password, shows a null one empty, and builds a body the server accepts', () => {
    const school = {
      ...schoolFormBody(filled(), '0190a6c4-0000-7000-8000-000000000001'),
      bpay: '',
      createdAt: null,
      version: 3,
    } as unknown as School;
    const form = schoolFormFromSchool({ ...school, user: { email: 'kim@alpine.example', password: null } });
    expect(form.user.password).toBe('');
    expect(schoolFormErrors(form, 'profile')).toEqual({});
    const body = schoolFormBody(filled(), '0190a6c4-0000-7000-8000-000000000001');
    expect(body.name).toBe('Alpine College');
    expect(body.StateId).toBe(3);
    expect(schoolRegistrationSchema.safeParse(body).success).toBe(true);
  });
});
