// An uploaded spreadsheet read into the import's rows with their problems, off the request thread
// and within limits (docs/decisions.md 'Spreadsheet import'; server/README.md 'Uploads'): an
// .xlsx file's zip directory is checked first with yauzl (how much it unpacks to, how many parts),
// here, so a zip bomb is refused before any reading starts; then a worker reads the file
// (read-in-worker.ts).
// Every refusal is a message saying what to upload, never a stack trace or the file's content.
import { ERROR_CODES } from '../../../src/domain/errors';
import { HttpError } from '../../http-errors';
import { readInWorker } from './read-in-worker';
import { readImportTable } from '../../../src/domain/rules/spreadsheet-import';
import { isZip, type ImportTableRead } from './read-table';
import { FILE_MESSAGES, SpreadsheetRefusal, unreadable } from './refusals';
import { checkXlsxDirectory } from './xlsx-parts';

export { FILE_MESSAGES } from './refusals';

const CODES = { 413: ERROR_CODES.PAYLOAD_TOO_LARGE, 503: ERROR_CODES.OVERLOADED } as const;

const refusal = ({ status, message }: { status: number; message: string }) =>
  new HttpError(status, CODES[status as keyof typeof CODES] ?? ERROR_CODES.VALIDATION, message);

/** The participants' import: the file's rows read into participants with their problems. */
export async function readSpreadsheet(bytes: Buffer): Promise<ImportTableRead> {
  return readImportTable(await readSpreadsheetTable(bytes));
}

/** The file's first sheet as rows of text cells (the headings first), read within the limits. */
export async function readSpreadsheetTable(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw refusal({ status: 400, message: FILE_MESSAGES.empty });
  if (isZip(bytes)) {
    try {
      await checkXlsxDirectory(bytes);
    } catch (err) {
      throw refusal(err instanceof SpreadsheetRefusal ? err : unreadable());
    }
  }
  const answer = await readInWorker(bytes);
  if ('refused' in answer) throw refusal(answer.refused);
  return answer.table;
}
