// A labelled native select (keyboard and touch friendly everywhere) with an optional placeholder.
import { useId, type SelectHTMLAttributes } from 'react';
import { FieldLabel } from './field-label';

/** A choice: its value, shown as is, or a value with its own label. */
type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** Text of the empty first option; none when omitted. */
  placeholder?: string;
  error?: string | null;
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  id,
  required,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const messageId = `${selectId}-message`;
  return (
    <div className="field">
      <FieldLabel htmlFor={selectId} label={label} required={required} />
      <select
        id={selectId}
        aria-required={required || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        style={{ minHeight: 44 }}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value: v, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
      {error && (
        <small id={messageId} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
