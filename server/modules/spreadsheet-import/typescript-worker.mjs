// Starts a TypeScript module in a worker thread. The server runs its TypeScript through tsx, and a
// new thread does not inherit tsx's loader on Node 20 (nor does `--import tsx` in its execArgv
// take effect), so this plain module registers the loader, then imports workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
