// An uploaded spreadsheet as a table of text cells: .xlsx by its zip signature (read with exceljs,
// first worksheet; dates as ISO dates, numbers as typed), anything else must be UTF-8 text read as
// CSV (papaparse; a leading BOM dropped). A file that is neither is refused with a message saying
// what to upload, never a stack trace.
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ERROR_CODES } from '../../../src/domain/errors';
import { HttpError } from '../../http-errors';

export const FILE_MESSAGES = {
  notSpreadsheet: 'This file is not a spreadsheet: choose an .xlsx or .csv file.',
  unreadable: 'This spreadsheet could not be read. Save it again as .xlsx or .csv and try again.',
  empty: 'The file has no rows to import.',
} as const;

const refuse = (message: string, status = 400) => new HttpError(status, ERROR_CODES.VALIDATION, message);

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(FILE_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(FILE_MESSAGES.empty);
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    table[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

function readCsv(bytes: Buffer): string[][] {
  // Text, or not a spreadsheet at all (an image, a PDF, an old .xls).
  if (bytes.includes(0)) throw refuse(FILE_MESSAGES.notSpreadsheet, 415);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(FILE_MESSAGES.notSpreadsheet, 415);
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data;
}

export async function readSpreadsheet(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw refuse(FILE_MESSAGES.empty);
  const table = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  if (table.filter((r) => r.some((c) => c.trim() !== '')).length < 2) throw refuse(FILE_MESSAGES.empty);
  return table;
}
