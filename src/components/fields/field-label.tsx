// A field's visible label. A required field is marked with an asterisk for the eye (the form says
// what it means) and aria-required for assistive technology, which also keeps the field's name
// free of the mark. The browser's own required check is not used: the form explains each problem.
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required && <span className="field-required" aria-hidden="true"> *</span>}
    </label>
  );
}

/** Said once above a form whose required fields are marked. */
export function RequiredNote() {
  return <p className="field-required-note"><span className="field-required" aria-hidden="true">*</span> Required</p>;
}
