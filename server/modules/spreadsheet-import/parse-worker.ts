// What a spreadsheet reader thread runs for each file (started through reader-thread.mjs by
// read-in-worker.ts): the file's bytes in, the sheet's rows of text cells out, or the refusal's
// status and message. Whatever else reading these bytes throws, they are unreadable: a crafted
// file gets a 400, never a 500. A thread that cannot even start fails on its own, and the server
// logs that.
import { SpreadsheetRefusal, unreadable } from './refusals';
import { readSheetTable } from './read-table';

export type WorkerAnswer =
  { table: string[][] } | { refused: { status: SpreadsheetRefusal['status']; message: string } };

export async function readSpreadsheet(bytes: Uint8Array): Promise<WorkerAnswer> {
  try {
    return { table: await readSheetTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (err) {
    const refusal = err instanceof SpreadsheetRefusal ? err : unreadable();
    return { refused: { status: refusal.status, message: refusal.message } };
  }
}
