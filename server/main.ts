// Starts the server: configuration from the environment, the database (PGlite in DATA_DIR or
// PostgreSQL at DATABASE_URL), migrations, demo data on the first start, then listen. Several
// instances may start at once on one PostgreSQL (docs/deploy.md): they migrate and seed in turn.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { createMailer } from './integrations/mail';
import { selectIntegrations } from './integrations/select';
import { startHousekeeping } from './housekeeping';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    onIdleError: (err) => log.warn({ err }, 'database connection lost'),
  });
  const now = () => new Date();
  // Without a registry service configured the built-in table answers, filled on first start.
  const logins = await prepareDatabase(database, {
    demoSeed: config.demoSeed,
    builtInRegistry: !config.registry,
    now: now(),
  });

  const app = await buildApp(
    {
      config,
      db: database.db,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
      ...selectIntegrations(config, database.db),
      listen: database.listen,
      now,
    },
    { loggerInstance: log },
  );
  const stopHousekeeping = startHousekeeping(database.db, config, log);

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `Interschools is ready at ${url}  (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}, ready in ${Math.round(performance.now() - started)} ms)`,
  ];
  if (logins.length) {
    lines.push('Demo data seeded. Demo logins:');
    for (const l of logins) lines.push(`  ${l.role.padEnd(10)} ${l.username.padEnd(40)} ${l.password}`);
  }
  console.log(lines.join('\n'));

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopHousekeeping();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
