export { TextField, type TextFieldProps } from './text-field';
export { SelectField, type SelectFieldProps } from './select-field';
