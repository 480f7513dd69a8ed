// Reads an uploaded spreadsheet in a reader thread (parse-worker.ts), so the server keeps
// answering while a large or hostile file is read. A reader's memory is capped, a read is stopped
// after READ_TIME_LIMIT_MS (its thread with it), and at most READERS files are read at once,
// leaving a core to the server (the others wait a moment, then are told to try again): a flood of
// uploads can take neither the server's memory nor all of its processors, and holds no request for
// long. The threads are piscina's pool, kept between files: starting one (tsx's loader, exceljs)
// costs about two seconds of a core, more than reading most files. An idle one ends after IDLE_MS.
import { channel } from 'node:diagnostics_channel';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { createAdmission } from '../../plugins/admission';
import type { WorkerAnswer } from './parse-worker';
import { FILE_MESSAGES, READ_TIME_LIMIT_MS } from './refusals';

const READERS = Math.min(2, Math.max(1, availableParallelism() - 1));
const MAX_WAIT_MS = 2_000;
const IDLE_MS = 5 * 60_000;
/** A file within the limits needs well under half of this; past it the file is refused. */
const WORKER_HEAP_MB = 256;

/** Published as a file is handed to a reader (before any of it is read). */
export const READING_CHANNEL = 'interschools:spreadsheet-read';
const reading = channel(READING_CHANNEL);

export type ReadAnswer = WorkerAnswer | { refused: { status: number; message: string } };

const refused = (status: 413 | 503, message: string): ReadAnswer => ({ refused: { status, message } });

const readers = createAdmission({ maxConcurrent: READERS, maxQueueMs: MAX_WAIT_MS });

let pool: Piscina<Uint8Array, WorkerAnswer> | undefined;
const readerPool = () =>
  (pool ??= new Piscina({
    filename: fileURLToPath(new URL('./reader-thread.mjs', import.meta.url)),
    minThreads: 0,
    maxThreads: READERS,
    idleTimeout: IDLE_MS,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  }));

async function read(bytes: Buffer): Promise<ReadAnswer> {
  // The reader takes this copy's memory; the request's buffer stays the request's.
  const copy = new Uint8Array(bytes);
  reading.publish({ bytes: copy.byteLength });
  try {
    return await readerPool().run(copy, {
      transferList: [copy.buffer],
      signal: AbortSignal.timeout(READ_TIME_LIMIT_MS),
    });
  } catch (err) {
    const { name, code } = err as { name?: string; code?: string };
    if (name === 'AbortError') return refused(413, FILE_MESSAGES.tooSlow);
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return refused(413, FILE_MESSAGES.tooMuch);
    throw err;
  }
}

export async function readInWorker(bytes: Buffer): Promise<ReadAnswer> {
  if (!(await readers.enter())) return refused(503, FILE_MESSAGES.busy);
  try {
    return await read(bytes);
  } finally {
    readers.leave();
  }
}
