// One row of the users grid: given name, surname, email, role, password and remove, each field
// labelled for the person it belongs to and showing its own problem beside it.
import { useId, type InputHTMLAttributes } from 'react';
import { ASSIGNABLE_ROLES } from '../../domain/constants/choices';
import { MAX_PASSWORD_LENGTH, MAX_EMAIL_LENGTH, MAX_PERSON_NAME_LENGTH } from '../../domain/constants/limits';
import { MESSAGES } from '../../domain/messages';
import type { UserDraft, UserField, UserProblems } from './user-drafts';

export const SELF_REMOVE_REASON = 'You cannot remove yourself.';

type Props = {
  draft: UserDraft;
  /** Who the row is, for the fields' labels: the stored email, or 'new user 2'. */
  who: string;
  isNew: boolean;
  isSelf: boolean;
  removed: boolean;
  disabled: boolean;
  problems: UserProblems;
  onChange(field: UserField, value: string): void;
  onToggleRemove(): void;
};

function Cell({
  field,
  label,
  value,
  problem,
  onChange,
  ...rest
}: {
  field: UserField;
  label: string;
  value: string;
  problem: string | undefined;
  onChange(field: UserField, value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  const id = useId();
  return (
    <td>
      <input
        id={id}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(field, e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        {...rest}
      />
      {problem && (
        <small id={`${id}-problem`} className="field-error">
          {problem}
        </small>
      )}
    </td>
  );
}

export function UserRow({ draft, who, isNew, isSelf, removed, disabled, problems, onChange, onToggleRemove }: Props) {
  const roleId = useId();
  const reasonId = useId();
  const off = disabled || removed;
  return (
    <tr style={removed ? { opacity: 0.6 } : undefined}>
      <Cell
        field="firstname"
        label={`Given name of ${who}`}
        value={draft.firstname}
        problem={problems.firstname}
        onChange={onChange}
        disabled={off}
        maxLength={MAX_PERSON_NAME_LENGTH}
        autoComplete="off"
      />
      <Cell
        field="lastname"
        label={`Surname of ${who}`}
        value={draft.lastname}
        problem={problems.lastname}
        onChange={onChange}
        disabled={off}
        maxLength={MAX_PERSON_NAME_LENGTH}
        autoComplete="off"
      />
      <Cell
        field="email"
        label={`Email of ${who}`}
        value={draft.email}
        problem={problems.email}
        onChange={onChange}
        disabled={off}
        type="email"
        maxLength={MAX_EMAIL_LENGTH}
        autoComplete="off"
      />
      <td>
        <select
          id={roleId}
          aria-label={`Role of ${who}`}
          value={draft.role}
          disabled={off}
          onChange={(e) => onChange('role', e.target.value)}
          aria-invalid={problems.role ? true : undefined}
          aria-describedby={problems.role ? `${roleId}-problem` : undefined}
        >
          {draft.role === '' && <option value="">Choose a role</option>}
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        {problems.role && (
          <small id={`${roleId}-problem`} className="field-error">
            {problems.role}
          </small>
        )}
      </td>
      <Cell
        field="newPassword"
        label={`Password of ${who}`}
        value={draft.newPassword}
        problem={problems.newPassword}
        onChange={onChange}
        disabled={off}
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        placeholder={isNew ? 'Required for a new user' : MESSAGES.profilePasswordPlaceholder}
      />
      <td>
        <button
          type="button"
          className="button"
          disabled={disabled || isSelf}
          onClick={onToggleRemove}
          aria-label={`${removed ? 'Keep' : MESSAGES.remove} ${who}`}
          aria-describedby={isSelf ? reasonId : undefined}
        >
          {removed ? 'Keep' : MESSAGES.remove}
        </button>
        {isSelf && (
          <small id={reasonId} className="field-hint">
            {' '}
            {SELF_REMOVE_REASON}
          </small>
        )}
      </td>
    </tr>
  );
}
