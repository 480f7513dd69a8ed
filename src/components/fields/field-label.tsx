// A field's visible label. A required field is marked with an asterisk for the eye (drawn by CSS
// with empty alternative text, so the field's name and the label's text stay the words alone; the
// form says what the mark means) and aria-required for assistive technology. The browser's own
// required check is not used: the form explains each problem in its words.
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={required ? 'label-required' : undefined}>
      {label}
    </label>
  );
}

/** Said once above a form whose required fields are marked. */
export function RequiredNote() {
  return (
    <p className="field-required-note">
      <span className="field-required" aria-hidden="true">
        *
      </span>{' '}
      Required
    </p>
  );
}
