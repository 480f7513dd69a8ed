// Why an uploaded spreadsheet is not read, in words for the coordinator who chose the file: each
// says what to do, and names the limit it met; none repeats what the file holds. The readers run
// in a worker thread, so a refusal is a plain status and message that crosses to the server.
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../src/domain/constants/limits';

/** How much an .xlsx file may hold once unpacked (its parts together), and in how many parts. A
 *  sheet of 5,000 rows with 100 columns filled unpacks to about 30 MB. */
export const MAX_XLSX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const MAX_XLSX_PARTS = 1000;
/** How long reading one file may take before it is given up. */
export const READ_TIME_LIMIT_MS = 10_000;

const count = (n: number) => n.toLocaleString('en-AU');

export const FILE_MESSAGES = {
  notSpreadsheet: 'This file is not a spreadsheet: choose an .xlsx or .csv file.',
  unreadable: 'This spreadsheet could not be read. Save it again as .xlsx or .csv and try again.',
  empty: 'The file has no rows to import.',
  tooManyRows: `The file has more than ${count(MAX_IMPORT_ROWS)} rows: split it and import each part.`,
  tooManyColumns: `The file has more than ${MAX_IMPORT_COLUMNS} columns: keep the template's columns and delete the others.`,
  cellTooLong: (row: number) =>
    `A cell in row ${count(row)} has more than ${count(MAX_IMPORT_CELL_LENGTH)} characters: shorten it and try again.`,
  tooMuch: `This spreadsheet holds too much to read (more than ${MAX_XLSX_UNPACKED_BYTES / 1024 / 1024} MB once unpacked): copy the students' rows into a new file and try again.`,
  tooSlow: `This spreadsheet took too long to read (over ${READ_TIME_LIMIT_MS / 1000} seconds): copy the students' rows into a new file and try again.`,
  busy: 'Other spreadsheets are being read just now: try again in a minute.',
} as const;

/** A file refused for what it holds. */
export class SpreadsheetRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetRefusal';
  }
}

export const unreadable = () => new SpreadsheetRefusal(400, FILE_MESSAGES.unreadable);
export const tooMuch = () => new SpreadsheetRefusal(413, FILE_MESSAGES.tooMuch);
