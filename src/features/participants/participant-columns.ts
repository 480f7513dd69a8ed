// Column definitions of the participants grid (spec section 2) and its highlighting hook.
import {
  choiceCellValidator,
  dateCellValidator,
  emailCellValidator,
  type CellClassName,
  type GridColumn,
} from '../../components/data-grid';
import { GENDERS, YEAR_LEVELS } from '../../domain/constants/choices';
import type { ParticipantGridRow } from './participant-rows';

const required = (value: unknown) => (String(value ?? '').trim() === '' ? 'Required' : null);

export function participantColumns(currentYear: number): GridColumn<ParticipantGridRow>[] {
  return [
    { key: 'snowId', title: 'Snow Id', width: 110 },
    { key: 'firstname', title: 'Given name', validate: required, frozen: true },
    { key: 'lastname', title: 'Surname', validate: required, frozen: true },
    {
      key: 'yearLevel',
      title: 'Year level',
      type: 'dropdown',
      source: YEAR_LEVELS,
      width: 90,
      validate: choiceCellValidator(YEAR_LEVELS, 'Choose a year level: K or 1 to 12'),
    },
    {
      key: 'gender',
      title: 'Gender',
      type: 'dropdown',
      source: GENDERS,
      width: 100,
      validate: choiceCellValidator(GENDERS, 'Choose Male or Female'),
    },
    { key: 'dob', title: 'Date of birth', type: 'date', width: 120, validate: dateCellValidator(currentYear) },
    { key: 'email', title: 'Email', type: 'email', validate: emailCellValidator },
    { key: 'status', title: 'Status', readOnly: true },
  ];
}

/** Inactive snow ids (snowIdActive 0) stand out; the status cell shows a refusal or a pending lookup. */
export const participantCellClassName: CellClassName<ParticipantGridRow> = (row, key) => {
  if (key === 'snowId' && row.inactive) return 'cell-warning';
  if (key === 'status' && row.failed) return 'cell-error';
  if (key === 'status' && row.lookupPending) return 'cell-muted';
  if (key === 'status' && row.inactive) return 'cell-warning';
  return undefined;
};
