// `npm run chaos`: the long chaos run (CHAOS_EDITS edits, 10,000 by default) against one server on
// the embedded database (CHAOS_TARGET=single, the default) or two servers on one PostgreSQL behind
// nginx (CHAOS_TARGET=cluster). Prints the figures; exits non-zero only when an edit was lost,
// doubled or refused without showing on its device, or something else did not add up, never
// because the run was slow.
import { figuresTable } from './figures';
import { runChaos } from './harness';
import type { ChaosTarget } from './target';

const edits = Number(process.env.CHAOS_EDITS ?? 10_000);
const devices = Number(process.env.CHAOS_DEVICES ?? 6);
const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : undefined;
const which = process.env.CHAOS_TARGET ?? 'single';
/** CHAOS_TRACE=file: every write request and its answer, written there when a problem is found. */
const traceFile = process.env.CHAOS_TRACE || undefined;

async function startTarget(): Promise<ChaosTarget> {
  if (which === 'single') return (await import('./single-target')).startSingle();
  // Needs nginx and PostgreSQL: loaded only when asked for.
  if (which === 'cluster') return (await import('./cluster-target')).startCluster();
  throw new Error(`CHAOS_TARGET must be single or cluster, not '${which}'`);
}

const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const target = await startTarget();
const figures = await runChaos(target, { edits, devices, seed, log, traceFile }).finally(() => target.stop());
console.log(`\nChaos run\n${figuresTable(figures)}`);
const failed = figures.lost > 0 || figures.doubled > 0 || figures.invisible > 0 || figures.problems.length > 0;
process.exit(failed ? 1 : 0);
