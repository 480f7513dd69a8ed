// Periodic clean-up: idle sessions, spent reset tokens, old rate-limit attempts, tombstones past
// their retention, applied-write records no device can still replay, and uploaded files no result
// or trophy links to any more. Runs hourly and at start. Beside it, every few minutes and at start,
// the money sweep (modules/money/reconcile.ts): payments whose payer never came back from the
// gateway are recorded and invoices that have become due are issued. The accounting worker
// (modules/accounting/worker.ts) starts and stops with it.
import { lt, or, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { purgeTombstones } from './db/changes';
import { appliedWrites, authAttempts, passwordResets, resultOveralls, resultRaces, trophies } from './db/schema';
import { fileIdsIn, purgeUnusedFiles } from './modules/files';
import { purgeIdleSessions } from './plugins/session';
import { selectAccounting } from './integrations/select';
import { selectGateway } from './integrations/payments/select';
import { startAccountingWorker } from './modules/accounting';
import { sweepMoney } from './modules/money';

const DAY = 86_400_000;
const TOMBSTONE_RETENTION_MS = 30 * DAY;
const APPLIED_WRITE_RETENTION_MS = 90 * DAY;
/** An unlinked upload is kept this long: the save naming it may still be queued on a device. */
export const UNUSED_FILE_RETENTION_MS = 30 * DAY;
/** How often the money sweep runs: an invoice released today is issued within this. */
const MONEY_SWEEP_MS = 5 * 60_000;

/** Every stored file a result or a trophy links to. */
async function linkedFiles(db: Db): Promise<Set<string>> {
  const [races, overalls, pictures] = await Promise.all([
    db.select({ url: resultRaces.fileUrl }).from(resultRaces),
    db.select({ url: resultOveralls.fileUrl }).from(resultOveralls),
    db.select({ url: trophies.imageUrl }).from(trophies),
  ]);
  return fileIdsIn([...races, ...overalls, ...pictures].map((r) => r.url));
}

export async function runHousekeeping(db: Db, config: Config, now = new Date()): Promise<void> {
  await purgeIdleSessions(db, config.sessionIdleMs, now);
  await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)));
  await db.delete(authAttempts).where(lt(authAttempts.at, new Date(now.getTime() - DAY)));
  await purgeTombstones(db, new Date(now.getTime() - TOMBSTONE_RETENTION_MS));
  await db
    .delete(appliedWrites)
    .where(lt(appliedWrites.createdAt, new Date(now.getTime() - APPLIED_WRITE_RETENTION_MS)));
  await purgeUnusedFiles(config.dataDir, await linkedFiles(db), new Date(now.getTime() - UNUSED_FILE_RETENTION_MS));
}

export function startHousekeeping(db: Db, config: Config, log: FastifyBaseLogger): () => void {
  const accounting = selectAccounting(config, db);
  const money = { db, accounting, gateway: selectGateway(config, db), now: () => new Date() };
  const run = () => runHousekeeping(db, config).catch((err) => log.error({ err }, 'housekeeping failed'));
  // Invoices and payments copied to the accounting system, in the background.
  const stopAccounting = startAccountingWorker(money, log);
  let sweeping = false;
  const sweep = async () => {
    // A sweep still running (a slow accounting system) is not overtaken by the next.
    if (sweeping) return;
    sweeping = true;
    await sweepMoney(money, log).finally(() => {
      sweeping = false;
    });
  };
  void sweep().then(run);
  const timers = [setInterval(run, 3_600_000), setInterval(() => void sweep(), MONEY_SWEEP_MS)];
  for (const timer of timers) timer.unref();
  return () => {
    timers.forEach(clearInterval);
    stopAccounting();
  };
}
