// The server side of the load benchmark (tests/bench/load.ts), run as a child process so the load
// generator does not share its event loop: the real app on one port and, on another, a bare
// Fastify (no plugins: no session, authorisation, idempotency, compression, headers or response
// schemas) whose routes run the same queries on the same database. The ratio between the two is
// what the platform costs per request. Demo data on in-memory PGlite, or on DATABASE_URL.
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { readChanges } from '../../server/db/changes';
import { openDatabase } from '../../server/db/client';
import { participants, users } from '../../server/db/schema';
import { DEMO_PASSWORDS, seedDemoData } from '../../server/db/seed/demo';
import { createMemoryMailer } from '../../server/integrations/mail';
import { selectIntegrations } from '../../server/integrations/select';
import { listEvents } from '../../server/modules/events/queries';
import { patchParticipant } from '../../server/modules/participants/service';
import type { SessionInfo } from '../../server/plugins/session';

const SCHOOL_USER = 'megan.hartley@snowyrange.test';

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
  await database.migrate();
  const db = database.db;
  await seedDemoData(db, { now: new Date() });

  const config = loadConfig({
    DATA_DIR: '.tmp/bench',
    STATIC_DIR: '.tmp/no-client',
    LOG_LEVEL: 'silent',
    ...(process.env.LOAD_ENV ? JSON.parse(process.env.LOAD_ENV) : {}),
  });
  const app = await buildApp({
    config,
    db,
    mailer: createMemoryMailer(),
    ...selectIntegrations(config, db),
    now: () => new Date(),
    listen: database.listen,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: SCHOOL_USER, password: DEMO_PASSWORDS.school },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const me = login.json() as { SchoolId: string; EventId: string };
  const [user] = await db.select().from(users).where(eq(users.email, SCHOOL_USER));
  const writable = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.schoolId, me.SchoolId))
    .limit(50);
  const cursor = Number(
    (
      (await db.execute(sql`select coalesce(max(seq), 0)::int as seq from change_log`)) as unknown as {
        rows: { seq: number }[];
      }
    ).rows[0]!.seq,
  );
  const scope = { schoolId: me.SchoolId, eventId: me.EventId };
  const session: SessionInfo = {
    tokenHash: '',
    userId: user!.id,
    email: user!.email,
    type: 'school',
    firstname: user!.firstname,
    lastname: user!.lastname,
    schoolId: me.SchoolId,
    eventId: me.EventId,
    firstSeasonLogin: false,
    at: new Date(),
  };

  const bare = Fastify({ logger: false });
  bare.get('/api/events', async () => listEvents(db, {}));
  bare.get('/api/sync/changes', async () => readChanges(db, scope, cursor, 1000));
  bare.patch<{ Params: { id: string }; Body: { firstname: string } }>('/api/v2/participants/:id', async (request) =>
    db.transaction((tx) =>
      patchParticipant(
        tx,
        { session, schoolId: me.SchoolId, eventId: me.EventId, athletes: new Map() },
        request.params.id,
        request.body,
      ),
    ),
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (f: typeof bare) => (f.server.address() as { port: number }).port;
  process.stdout.write(
    `${JSON.stringify({
      kind: database.kind,
      app: `http://127.0.0.1:${port(app as never)}`,
      bare: `http://127.0.0.1:${port(bare)}`,
      cookie,
      participantIds: writable.map((p) => p.id),
      cursor,
    })}\n`,
  );
  process.once('SIGTERM', () => {
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
