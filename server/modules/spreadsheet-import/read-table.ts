// An uploaded spreadsheet read into its rows of text cells (and for the participants' import, into
// that import's rows with their problems): .xlsx by its zip
// signature, anything else as CSV text. Runs in the reading worker (parse-worker.ts), bounded by
// the limits its readers enforce.
import { readImportTable } from '../../../src/domain/rules/spreadsheet-import';
import { readCsvTable } from './csv-table';
import { FILE_MESSAGES, SpreadsheetRefusal } from './refusals';

export type ImportTableRead = ReturnType<typeof readImportTable>;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

const empty = () => new SpreadsheetRefusal(400, FILE_MESSAGES.empty);

/** The file's first sheet as rows of text cells, the headings first. */
export async function readSheetTable(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw empty();
  // exceljs takes a few hundred milliseconds to load, which a CSV file need not wait for.
  const table = isZip(bytes) ? await (await import('./xlsx-table')).readXlsxTable(bytes) : readCsvTable(bytes);
  // A heading and at least one row.
  if (table.filledRows < 2) throw empty();
  return table.rows().map((row) => [...row]);
}

/** The file read as the participants' import reads it. */
export async function readTable(bytes: Buffer): Promise<ImportTableRead> {
  return readImportTable(await readSheetTable(bytes));
}
