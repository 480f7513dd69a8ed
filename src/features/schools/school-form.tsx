// The fields of a school, its coordinator, principal and login, shared by registration and the
// profile. Every field shows its own problem; the region appears only for state 3; the profile
// asks for the current password, which a new sign-in email or password needs. The state is chosen
// at registration; on the profile only an admin changes it, a school user reads it with whom to ask
// (docs/decisions.md "A school's state is the association's to set").
import type { ReactNode } from 'react';
import { RequiredNote, SelectField, TextField } from '../../components/fields';
import { MIN_PASSWORD_LENGTH } from '../../domain/constants/policy';
import {
  SCHOOL_CATEGORIES,
  SCHOOL_GOV_OR_PRIVATE,
  SCHOOL_TYPE_LABELS,
  SCHOOL_TYPES,
} from '../../domain/constants/choices';
import { MESSAGES } from '../../domain/messages';
import { regionChoices } from '../../domain/rules/region';
import {
  requiredSchoolFields,
  withState,
  type SchoolFormErrors,
  type SchoolFormMode,
  type SchoolFormValues,
} from '../../domain/rules/school-form';
import './school-form.css';

type Props = {
  mode: SchoolFormMode;
  values: SchoolFormValues;
  onChange(values: SchoolFormValues): void;
  /** Shown only once the user has tried to save (or the field was touched). */
  errors: SchoolFormErrors;
  states: readonly { id: number; name: string }[];
  disabled?: boolean;
  /** The state is shown, not chosen: the association sets it (a school user's profile). */
  stateLocked?: boolean;
};

/** Under a school user's read-only state. */
export const STATE_SET_BY_ASSOCIATION = 'Set by the association: ask an administrator to change it.';
const STATE_NOT_SET = 'Not set';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="school-form-section">
      <legend>{title}</legend>
      <div className="school-form-grid">{children}</div>
    </fieldset>
  );
}

/** The school's state: chosen, or shown when the association sets it; and its region, for a state
 *  that has regions. */
function StateAndRegion({
  values,
  onChange,
  errors,
  states,
  disabled,
  stateLocked,
  required,
}: Omit<Props, 'mode'> & { required: ReturnType<typeof requiredSchoolFields> }) {
  const regions = regionChoices(values.StateId === '' ? null : Number(values.StateId));
  return (
    <>
      {stateLocked ? (
        <TextField
          label="State"
          value={
            values.StateId === '' ? STATE_NOT_SET : (states.find((s) => String(s.id) === values.StateId)?.name ?? '')
          }
          onChange={() => undefined}
          readOnly
          hint={STATE_SET_BY_ASSOCIATION}
        />
      ) : (
        <SelectField
          label="State"
          value={values.StateId}
          placeholder="Choose a state"
          options={states.map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(v) => onChange(withState(values, v))}
          error={errors.StateId}
          required={required.has('StateId')}
          disabled={disabled}
        />
      )}
      {regions.length > 0 && (
        <SelectField
          label="Region"
          value={values.region}
          placeholder="Choose a region"
          options={regions}
          onChange={(v) => onChange({ ...values, region: v })}
          error={errors.region}
          required={required.has('region')}
          disabled={disabled}
        />
      )}
    </>
  );
}

export function SchoolFormFields({ mode, values, onChange, errors, states, disabled, stateLocked }: Props) {
  const required = requiredSchoolFields(values, mode);
  const text = (
    label: string,
    path: keyof SchoolFormValues,
    extra: { autoComplete?: string; type?: string; inputMode?: 'tel' | 'numeric' } = {},
  ) => (
    <TextField
      label={label}
      value={values[path] as string}
      onChange={(v) => onChange({ ...values, [path]: v })}
      error={errors[path]}
      required={required.has(path)}
      disabled={disabled}
      {...extra}
    />
  );
  const person = <K extends 'coordinator' | 'principal' | 'user'>(
    group: K,
    key: keyof SchoolFormValues[K] & string,
    label: string,
    extra: { autoComplete?: string; type?: string; inputMode?: 'tel'; placeholder?: string; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      value={values[group][key] as string}
      onChange={(v) => onChange({ ...values, [group]: { ...values[group], [key]: v } })}
      error={errors[`${group}.${key}`]}
      required={required.has(`${group}.${key}`)}
      disabled={disabled}
      {...extra}
    />
  );

  return (
    <>
      <RequiredNote />
      <Section title="School">
        {text('School name', 'name', { autoComplete: 'organization' })}
        {text('Nickname', 'nickname')}
        {text('Address line 1', 'address1', { autoComplete: 'address-line1' })}
        {text('Address line 2', 'address2', { autoComplete: 'address-line2' })}
        {text('Town', 'town', { autoComplete: 'address-level2' })}
        <StateAndRegion
          values={values}
          onChange={onChange}
          errors={errors}
          states={states}
          disabled={disabled}
          stateLocked={stateLocked}
          required={required}
        />
        {text('Postcode', 'postcode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {text('Phone', 'phone', { type: 'tel', autoComplete: 'tel' })}
        {text('Fax', 'fax', { type: 'tel' })}
        <SelectField
          label="School type"
          value={values.schoolType}
          placeholder="Choose"
          options={SCHOOL_TYPES.map((type) => ({ value: type, label: SCHOOL_TYPE_LABELS[type] }))}
          onChange={(v) => onChange({ ...values, schoolType: v })}
          error={errors.schoolType}
          required={required.has('schoolType')}
          disabled={disabled}
        />
        <SelectField
          label="School category"
          value={values.schoolCategory}
          placeholder="Choose"
          options={SCHOOL_CATEGORIES}
          onChange={(v) => onChange({ ...values, schoolCategory: v })}
          error={errors.schoolCategory}
          required={required.has('schoolCategory')}
          disabled={disabled}
        />
        <SelectField
          label="Government or independent"
          value={values.schoolGovOrPrivate}
          placeholder="Choose"
          options={SCHOOL_GOV_OR_PRIVATE}
          onChange={(v) => onChange({ ...values, schoolGovOrPrivate: v })}
          error={errors.schoolGovOrPrivate}
          required={required.has('schoolGovOrPrivate')}
          disabled={disabled}
        />
      </Section>
      <Section title="Coordinator">
        {person('coordinator', 'firstname', 'Given name', { autoComplete: 'given-name' })}
        {person('coordinator', 'lastname', 'Surname', { autoComplete: 'family-name' })}
        {person('coordinator', 'phone', 'Phone', { type: 'tel' })}
        {person('coordinator', 'mobile', 'Mobile', { type: 'tel' })}
        {person('coordinator', 'fax', 'Fax', { type: 'tel' })}
        <div className="field school-form-check">
          <label>
            <input
              type="checkbox"
              checked={values.coordinator.ausEnews}
              onChange={(e) =>
                onChange({ ...values, coordinator: { ...values.coordinator, ausEnews: e.target.checked } })
              }
              disabled={disabled}
            />{' '}
            Send me the association's news by email
          </label>
        </div>
      </Section>
      <Section title="Principal">
        {person('principal', 'firstname', 'Given name')}
        {person('principal', 'lastname', 'Surname')}
        {person('principal', 'email', 'Email', { type: 'email' })}
      </Section>
      <Section title="Sign-in">
        {person('user', 'email', 'Email', { type: 'email', autoComplete: 'username' })}
        {person('user', 'password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          placeholder:
            mode === 'register' ? MESSAGES.registrationPasswordPlaceholder : MESSAGES.profilePasswordPlaceholder,
          // The rule before the first try, not only after a refusal.
          hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
        })}
        {mode === 'profile' && (
          <TextField
            label="Current password"
            hint="Needed only to change the sign-in email or password: your own current password."
            type="password"
            autoComplete="current-password"
            value={values.user.currentPassword ?? ''}
            onChange={(v) => onChange({ ...values, user: { ...values.user, currentPassword: v } })}
            error={errors['user.currentPassword']}
            disabled={disabled}
          />
        )}
      </Section>
    </>
  );
}
