export { TextField, type TextFieldProps } from './text-field';
export { SelectField, type SelectFieldProps } from './select-field';
export { RequiredNote } from './field-label';
