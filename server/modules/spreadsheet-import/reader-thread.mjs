// The module each spreadsheet reader thread starts with (read-in-worker.ts): the server runs its
// TypeScript through tsx, and a new thread does not inherit tsx's loader on Node 20 (nor does
// `--import tsx` in its execArgv take effect), so this plain module registers the loader, then
// hands the pool the reader of parse-worker.ts.
import { register } from 'tsx/esm/api';

register();
const { readSpreadsheet } = await import('./parse-worker.ts');
export default readSpreadsheet;
