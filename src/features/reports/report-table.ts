// The logic of a report's table, apart from React: columns described by a small config, the
// text a cell shows, sorting (numbers as numbers, dates by date, text as people read it, empty
// cells last), filtering by typed text across columns, and the table as a CSV file. Pure, so a
// unit test proves what a user sees and what the exported file holds.
import { csvText, type CsvCell } from '../../domain/rules/csv';
import { isoDateToDisplay, localIsoDate } from '../../domain/rules/grid-date';
import { formatMoney } from '../../domain/rules/money';

export type ColumnKind = 'text' | 'number' | 'money' | 'date';
export type CellValue = string | number | boolean | null | undefined;

export type ReportColumn<R> = {
  /** The row field shown (unless `value` says otherwise); also the column's key for sorting. */
  key: string;
  label: string;
  kind?: ColumnKind;
  /** A cell computed from the row (a full name, a looked-up name); default: row[key]. */
  value?: (row: R) => CellValue;
};

type SortDirection = 'ascending' | 'descending';
export type SortState = { key: string; direction: SortDirection } | null;

export function cellValue<R>(row: R, column: ReportColumn<R>): CellValue {
  if (column.value) return column.value(row);
  return (row as Record<string, unknown>)[column.key] as CellValue;
}

/** What the table shows in a cell: money as '$1,234.50', dates as dd/mm/yyyy, Yes or No. */
export function displayCell(value: CellValue, kind: ColumnKind = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (kind === 'money' && typeof value === 'number') return formatMoney(value);
  if (kind === 'date' && typeof value === 'string') return isoDateToDisplay(value) || value;
  return String(value);
}

const collator = new Intl.Collator('en-AU', { numeric: true, sensitivity: 'base' });

function isEmpty(value: CellValue): boolean {
  return value === null || value === undefined || value === '';
}

/** Ascending order of two cells of a column; empty cells sort after every value. */
function compareCells(a: CellValue, b: CellValue, kind: ColumnKind = 'text'): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  if ((kind === 'number' || kind === 'money') && typeof a === 'number' && typeof b === 'number') return a - b;
  // ISO dates and date-times order as text; a date before a date-time of the same day.
  if (kind === 'date') return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in the sort's order (stable: equal rows keep the server's order); empty cells stay
 *  last whichever the direction. */
export function sortRows<R>(rows: readonly R[], columns: readonly ReportColumn<R>[], sort: SortState): R[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: cellValue(row, column) }))
    .sort((x, y) => {
      if (isEmpty(x.value) || isEmpty(y.value)) return compareCells(x.value, y.value, column.kind) || x.index - y.index;
      return sign * compareCells(x.value, y.value, column.kind) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** The row count under the filter: '12 rows', or '3 of 12 rows' while filtered. */
export function rowCountText(shown: number, total: number): string {
  const noun = total === 1 ? 'row' : 'rows';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}

/** A click (or Enter) on a column header: a new column sorts ascending, the same one flips. */
export function nextSort(current: SortState, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}

/** The rows where every typed word appears in some cell as shown (case and accents ignored). */
export function filterRows<R>(rows: readonly R[], columns: readonly ReportColumn<R>[], typed: string): R[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = columns.map((c) => fold(displayCell(cellValue(row, c), c.kind))).join('\u0000');
    return words.every((word) => text.includes(word));
  });
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A cell as exported: numbers and money as plain numbers (a spreadsheet adds them up), dates as
 *  YYYY-MM-DD (unambiguous in every locale), Yes or No, text as is. */
function exportCell(value: CellValue, kind: ColumnKind = 'text'): CsvCell {
  if (isEmpty(value)) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (kind === 'date') return String(value).slice(0, 10);
  return String(value);
}

/** The header row, then one row per report row, as exported. */
export function exportTable<R>(rows: readonly R[], columns: readonly ReportColumn<R>[]): CsvCell[][] {
  return [columns.map((c) => c.label), ...rows.map((row) => columns.map((c) => exportCell(cellValue(row, c), c.kind)))];
}

/** The rows (as shown: filtered and sorted) as a CSV file's text. */
export function reportCsv<R>(rows: readonly R[], columns: readonly ReportColumn<R>[]): string {
  return csvText(exportTable(rows, columns));
}

/** A file name from a report's title and the day on this device: 'Race entries per school' ->
 *  'race-entries-per-school-2025-11-29.csv' (the local date the report's 'As of' shows, not UTC's). */
export function reportFileName(title: string, extension: 'csv' | 'xlsx', date = new Date()): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'report';
  return `${slug}-${localIsoDate(date)}.${extension}`;
}
