// The table a spreadsheet reader fills row by row, refusing the file the moment it passes a limit
// (docs/decisions.md 'Spreadsheet import': 5,000 rows; and MAX_IMPORT_COLUMNS, MAX_IMPORT_CELL_LENGTH),
// so a reader never holds more than a file within the limits would give it.
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../src/domain/constants/limits';
import { FILE_MESSAGES, SpreadsheetRefusal } from './refusals';

/** The last row a sheet may have (Excel's). */
export const MAX_SHEET_ROW = 1_048_576;

const tooManyColumns = () => new SpreadsheetRefusal(413, FILE_MESSAGES.tooManyColumns);
const cellTooLong = (row: number) => new SpreadsheetRefusal(400, FILE_MESSAGES.cellTooLong(row));

const NO_CELLS: readonly string[] = Object.freeze([]);

export class BoundedTable {
  /** Rows with something in them, by their number in the sheet (the heading is row 1). */
  private readonly filled = new Map<number, string[]>();
  private lastRow = 0;
  private dataRows = 0;

  /** Adds a row (its cells by column, gaps allowed); blank rows count for nothing. */
  add(rowNumber: number, cells: readonly (string | undefined)[]): void {
    if (cells.length > MAX_IMPORT_COLUMNS && cells.slice(MAX_IMPORT_COLUMNS).some((c) => c?.trim()))
      throw tooManyColumns();
    const row = Array.from(cells.slice(0, MAX_IMPORT_COLUMNS), (c) => c ?? '');
    if (row.some((c) => c.length > MAX_IMPORT_CELL_LENGTH)) throw cellTooLong(rowNumber);
    if (row.every((c) => c.trim() === '')) return;
    if (rowNumber > 1 && !this.filled.has(rowNumber) && ++this.dataRows > MAX_IMPORT_ROWS) {
      throw new SpreadsheetRefusal(413, FILE_MESSAGES.tooManyRows);
    }
    this.filled.set(rowNumber, row);
    this.lastRow = Math.max(this.lastRow, rowNumber);
  }

  /** How many rows have something in them, the heading included. */
  get filledRows(): number {
    return this.filled.size;
  }

  /** Every row from the first to the last filled one; blank rows share one empty list. */
  rows(): (readonly string[])[] {
    return Array.from({ length: this.lastRow }, (_, i) => this.filled.get(i + 1) ?? NO_CELLS);
  }
}
