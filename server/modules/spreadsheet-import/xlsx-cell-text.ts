// A cell from exceljs's streaming reader as the text the import reads, as the import has always
// read .xlsx cells: strings as they are (rich text joined), numbers as typed, dates as ISO dates,
// TRUE/FALSE as 'true'/'false', formulas by their result, errors and anything else blank.
// The streaming reader, unlike exceljs's whole-workbook reader, leaves a formula's result a plain
// number even where the cell shows a date (a date of birth copied with =Sheet2!E2); that is
// finished here with exceljs's own date rules. A number cell whose text is not a number comes as
// NaN, read as blank rather than 'NaN'.
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

const { isDateFmt, excelToDate } = createRequire(import.meta.url)('exceljs/lib/utils/utils') as {
  isDateFmt(format: string | undefined): boolean;
  excelToDate(serial: number, date1904: boolean): Date;
};

const isoDate = (date: Date) => (Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : '');

function text(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('result' in value) return text(value.result as ExcelJS.CellValue);
  return '';
}

export function cellText(cell: ExcelJS.Cell, date1904: boolean): string {
  const { value } = cell;
  if (
    value !== null &&
    typeof value === 'object' &&
    'formula' in value &&
    typeof value.result === 'number' &&
    Number.isFinite(value.result) &&
    isDateFmt(cell.numFmt)
  ) {
    return isoDate(excelToDate(value.result, date1904));
  }
  return text(value);
}
