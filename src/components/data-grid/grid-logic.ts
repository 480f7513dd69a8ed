// The grid's pure logic, apart from Handsontable so it is tested directly: validators with the
// spec's messages, the list of invalid cells (which blocks Save), and the flexible height.
import { GRID_MAX_HEIGHT_PX, GRID_MIN_HEIGHT_PX, GRID_ROW_HEIGHT_PX } from '../../domain/constants/ui';
import { validateEmail } from '../../domain/rules/email';
import { validateGridDate } from '../../domain/rules/grid-date';
import type { GridColumn, GridRow, InvalidCell } from './grid-types';

/** Height of the column header row, counted once (it holds no control: dense on touch too). */
const HEADER_HEIGHT_PX = GRID_ROW_HEIGHT_PX + 2;

/** The grid's height: the rows (31 px each, taller on touch) plus the header, between 120 and 650 px. */
export function gridHeight(rowCount: number, rowHeight: number = GRID_ROW_HEIGHT_PX): number {
  const wanted = HEADER_HEIGHT_PX + Math.max(0, rowCount) * rowHeight + 2;
  return Math.min(GRID_MAX_HEIGHT_PX, Math.max(GRID_MIN_HEIGHT_PX, wanted));
}

function asText(value: unknown): string {
  return value == null ? '' : String(value);
}

/** dd/mm/yyyy cells: 'Invalid date format, please use dd/mm/yyyy'; empty allowed. */
export function dateCellValidator(currentYear: number = new Date().getFullYear()) {
  return (value: unknown): string | null => validateGridDate(asText(value), currentYear);
}

/** Email cells: 'Invalid email address.'; empty allowed. */
export function emailCellValidator(value: unknown): string | null {
  return validateEmail(asText(value));
}

/** A dropdown cell must hold one of its choices (empty allowed). */
export function choiceCellValidator(choices: readonly string[], message: string) {
  return (value: unknown): string | null => {
    const text = asText(value).trim();
    return text === '' || choices.includes(text) ? null : message;
  };
}

/** The column's validator: its own, else the one its type implies. */
function columnValidator<Row extends GridRow>(
  column: GridColumn<Row>,
): ((value: unknown, row: Row) => string | null) | undefined {
  if (column.validate) return column.validate;
  if (column.type === 'date') return dateCellValidator();
  if (column.type === 'email') return emailCellValidator;
  return undefined;
}

export function validateCell<Row extends GridRow>(column: GridColumn<Row>, row: Row): string | null {
  const validate = columnValidator(column);
  return validate ? validate(row[column.key], row) : null;
}

/** Every invalid cell, row by row, but those of quiet rows (use-quiet-rows.ts). Save is blocked
 *  while this is not empty. */
export function findInvalidCells<Row extends GridRow>(
  columns: readonly GridColumn<Row>[],
  rows: readonly Row[],
  quietRow?: (row: Row) => boolean,
): InvalidCell[] {
  const invalid: InvalidCell[] = [];
  rows.forEach((row, rowIndex) => {
    if (quietRow?.(row)) return;
    for (const column of columns) {
      const message = validateCell(column, row);
      if (message) invalid.push({ rowIndex, key: column.key, title: column.title, value: row[column.key], message });
    }
  });
  return invalid;
}
