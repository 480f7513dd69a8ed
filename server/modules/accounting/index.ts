// The accounting module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { enqueue, queuePayments } from './queue';
export { kickAccounting, startAccountingWorker } from './worker';
