// Column definitions of the team managers grid (spec section 2: given name, surname, mobile, and a
// season-pass checkbox when the invoice type is VIC) and its highlighting hook.
import type { CellClassName, GridColumn } from '../../components/data-grid';
import { phoneError } from '../../domain/rules/phone';
import type { TeamManagerGridRow } from './team-manager-rows';

const required = (value: unknown) => (String(value ?? '').trim() === '' ? 'Required' : null);

const nameAndPhone: GridColumn<TeamManagerGridRow>[] = [
  { key: 'firstname', title: 'Given name', validate: required, frozen: true },
  { key: 'lastname', title: 'Surname', validate: required, frozen: true },
  // The spec's rule and message: at least 7 digits once spaces, brackets, +, -, . and 'ext' go.
  { key: 'mobile', title: 'Mobile', width: 150, validate: (value) => phoneError(String(value ?? ''), 'teamManager') },
];
const seasonPassColumn: GridColumn<TeamManagerGridRow> = {
  key: 'seasonPass',
  title: 'Season pass',
  type: 'checkbox',
  width: 110,
};
const statusColumn: GridColumn<TeamManagerGridRow> = { key: 'status', title: 'Status', readOnly: true };

/** The grid's columns: the season pass only for the VIC invoice type. */
export function teamManagerColumns(withSeasonPass: boolean): GridColumn<TeamManagerGridRow>[] {
  return [...nameAndPhone, ...(withSeasonPass ? [seasonPassColumn] : []), statusColumn];
}

export const teamManagerCellClassName: CellClassName<TeamManagerGridRow> = (row, key) =>
  key === 'status' && row.failed ? 'cell-error' : undefined;
