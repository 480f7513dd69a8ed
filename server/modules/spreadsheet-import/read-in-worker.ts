// Reads an uploaded spreadsheet in a worker thread (parse-worker.ts), so the server keeps
// answering while a large or hostile file is read. The worker's memory is capped, it is stopped
// after READ_TIME_LIMIT_MS, and at most READERS files are read at once, leaving a core to the
// server (the others wait a moment, then are told to try again): a flood of uploads can take
// neither the server's memory nor all of its processors, and holds no request for long.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createAdmission } from '../../plugins/admission';
import type { WorkerAnswer } from './parse-worker';
import { FILE_MESSAGES, READ_TIME_LIMIT_MS } from './refusals';

const BOOT = new URL('./typescript-worker.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url).href;

const READERS = Math.min(2, Math.max(1, availableParallelism() - 1));
const MAX_WAIT_MS = 2_000;
/** A file within the limits needs well under half of this; past it the file is refused. */
const WORKER_HEAP_MB = 256;

export type ReadAnswer = WorkerAnswer | { refused: { status: number; message: string } };

const refused = (status: 413 | 503, message: string): ReadAnswer => ({ refused: { status, message } });

const readers = createAdmission({ maxConcurrent: READERS, maxQueueMs: MAX_WAIT_MS });

function runWorker(bytes: Buffer): Promise<ReadAnswer> {
  // The worker takes this copy's memory; the request's buffer stays the request's.
  const copy = new Uint8Array(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => resolve(refused(413, FILE_MESSAGES.tooSlow))), READ_TIME_LIMIT_MS);
    worker.once('message', (answer: WorkerAnswer) => settle(() => resolve(answer)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve(refused(413, FILE_MESSAGES.tooMuch));
        else reject(err);
      }),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The spreadsheet reader stopped without an answer (exit code ${code})`))),
    );
  });
}

export async function readInWorker(bytes: Buffer): Promise<ReadAnswer> {
  if (!(await readers.enter())) return refused(503, FILE_MESSAGES.busy);
  try {
    return await runWorker(bytes);
  } finally {
    readers.leave();
  }
}
