// A labelled text input with its message: every field has a visible label and says what is wrong
// next to itself (aria-invalid + aria-describedby), large enough to touch.
import { useId, type InputHTMLAttributes } from 'react';
import { FieldLabel } from './field-label';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field; marks it invalid. */
  error?: string | null;
  hint?: string;
}

export function TextField({ label, value, onChange, error, hint, id, required, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? messageId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input
        id={inputId}
        aria-required={required || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        style={{ minHeight: 44 }}
        {...rest}
      />
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={messageId} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
