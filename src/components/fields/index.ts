export { TextField } from './text-field';
export { SelectField } from './select-field';
export { RequiredNote } from './field-label';
