// The worker thread that reads one uploaded spreadsheet (started by read-in-worker.ts): the file's
// bytes arrive as workerData; the answer is the sheet's rows of text cells, or the refusal's status and message.
// Whatever else reading these bytes throws, they are unreadable: a crafted file gets a 400, never
// a 500. A worker that cannot even start fails on its own, and the server logs that.
import { parentPort, workerData } from 'node:worker_threads';
import { SpreadsheetRefusal, unreadable } from './refusals';
import { readSheetTable } from './read-table';

export type WorkerAnswer =
  { table: string[][] } | { refused: { status: SpreadsheetRefusal['status']; message: string } };

async function answer(): Promise<WorkerAnswer> {
  const { bytes } = workerData as { bytes: Uint8Array };
  try {
    return { table: await readSheetTable(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (err) {
    const refusal = err instanceof SpreadsheetRefusal ? err : unreadable();
    return { refused: { status: refusal.status, message: refusal.message } };
  }
}

parentPort!.postMessage(await answer());
