// How long one request waits on another, on in-memory PGlite with the app as the API tests build
// it: another school's read behind the largest saves (tests/api/batch-size.test.ts), another
// request while a hostile upload is read or refused (tests/api/upload-bombs.test.ts), how soon a
// request shed by admission control hears its 503 (tests/api/admission.test.ts), how soon a call
// to an athlete registry that never answers gives up (tests/api/registry-http.test.ts), and another
// school's reads while the largest batch of queued writes runs (tests/api/sync-batch.test.ts). The
// tests assert what happens, in which order; the times are here. Prints figures; never fails on
// time. Run by `npm run bench` (at the end of tests/bench/run.ts), or alone with
// `npx tsx tests/bench/waits.ts` (with BENCH_ONLY_BATCH=1, only the batches of queued writes).
import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { READING_CHANNEL } from '../../server/modules/spreadsheet-import/read-in-worker';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { seedReference } from '../../server/db/seed/reference';
import { createMemoryMailer } from '../../server/integrations/mail';
import type { AthleteRegistry } from '../../server/integrations/registry';
import { createHttpRegistry } from '../../server/integrations/registry/http';
import { selectIntegrations } from '../../server/integrations/select';
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_SCHOOL_LIST_ROWS,
  MAX_WRITE_BATCH_ROWS,
} from '../../src/domain/constants/limits';
import { MAX_SYNC_BATCH_ROWS, MAX_WRITES_PER_BATCH } from '../../src/domain/schemas/api/sync';
import { participants as participantsTable } from '../../server/db/schema';
import { createEvent, createSchool, createUser, PASSWORD } from '../api/support/factories';
import { startRegistryStub } from '../api/support/registry-stub';
import { appUnderTestEnv } from '../api/support/supplier-env';
import {
  bigPdf,
  HEADINGS,
  hugeCell,
  pngBomb,
  studentRows,
  understated,
  wideRows,
  xlsx,
  xlsxParts,
  zip,
} from '../api/support/bomb-files';

const fmt = (n: number) => n.toLocaleString('en-AU', { maximumFractionDigits: 1 });
const ms = (t0: number) => performance.now() - t0;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p50 = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
const max = (xs: number[]) => Math.max(...xs);

/** Fastify publishes here as a route's handler is entered (its diagnostics channel). */
const HANDLER_ENTERED = 'tracing:fastify.request.handler:start';

type Agent = { request(opts: InjectOptions): Promise<LightMyRequestResponse> };

/** The app on a fresh in-memory PGlite, configured as tests/api/support/test-app.ts does. */
async function startApp(opts: { env?: Record<string, string>; registry?: (db: Db) => AthleteRegistry } = {}) {
  const database = await openDatabase({});
  await database.migrate();
  await seedReference(database.db);
  const config = loadConfig(appUnderTestEnv('.tmp/bench-waits', opts.env));
  const built = selectIntegrations(config, database.db);
  const app = await buildApp({
    config,
    db: database.db,
    mailer: createMemoryMailer(),
    ...built,
    registry: opts.registry?.(database.db) ?? built.registry,
    now: () => new Date(),
    listen: database.listen,
  });
  await app.ready();
  const signIn = async (email: string, EventId?: string): Promise<Agent> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: PASSWORD, EventId },
    });
    if (res.statusCode !== 200) throw new Error(`login ${res.statusCode} ${res.body}`);
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    return { request: (o) => app.inject({ ...o, headers: { ...(o.headers ?? {}), cookie } }) };
  };
  /** A school in an event, its coordinator signed in, and an admin who picked them. */
  const schoolInEvent = async () => {
    const schoolId = (await createSchool(database.db)).id;
    const eventId = (await createEvent(database.db)).id;
    const school = await signIn((await createUser(database.db, 'school', { schoolId })).email, eventId);
    const admin = await signIn((await createUser(database.db, 'admin')).email);
    const picked = await admin.request({
      method: 'POST',
      url: '/api/session/',
      payload: { SchoolId: schoolId, EventId: eventId },
    });
    if (picked.statusCode !== 200) throw new Error(`pick ${picked.statusCode} ${picked.body}`);
    return { schoolId, eventId, school, admin };
  };
  return {
    app: app as FastifyInstance,
    db: database.db,
    signIn,
    schoolInEvent,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Sends `send` and, once the server has it in hand (`until` resolves, or it is answered first),
 * `other`; answers both times, and whether the other came back first.
 */
async function whileUnderWay(
  send: () => Promise<LightMyRequestResponse>,
  inHand: (resolve: () => void) => () => void,
  other: () => Promise<LightMyRequestResponse>,
) {
  let resolveHeld!: () => void;
  const held = new Promise<void>((resolve) => (resolveHeld = resolve));
  const stop = inHand(resolveHeld);
  try {
    const t0 = performance.now();
    let done = false;
    const answer = send().then((res) => {
      done = true;
      return { res, ms: ms(t0) };
    });
    await Promise.race([held, answer]);
    const t1 = performance.now();
    const otherRes = await other();
    const otherMs = ms(t1);
    const meanwhile = !done;
    return { ...(await answer), otherRes, otherMs, meanwhile };
  } finally {
    stop();
  }
}

/** Waits for the handler of `method url` to be entered. */
const handlerOf = (method: string, url: string) => (resolve: () => void) => {
  const listener = (message: unknown) => {
    const { route } = message as { route: { method: string; url: string } };
    if (route.method === method && route.url === url) resolve();
  };
  subscribe(HANDLER_ENTERED, listener);
  return () => unsubscribe(HANDLER_ENTERED, listener);
};

/** Waits for an uploaded spreadsheet to be handed to a reader thread. */
const readerStarts = (resolve: () => void) => {
  const listener = () => resolve();
  subscribe(READING_CHANNEL, listener);
  return () => unsubscribe(READING_CHANNEL, listener);
};

async function otherSchoolBehindTheLargestSaves(runs = 5) {
  console.log(`\nanother school's read (GET /api/school) sent once the save's handler is running (${runs} runs each)`);
  const t = await startApp();
  try {
    const { school, eventId } = await t.schoolInEvent();
    const other = await t.signIn(
      (await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id })).email,
      eventId,
    );
    const saves = [
      {
        label: `PUT /api/teamManagers (${MAX_SCHOOL_LIST_ROWS} managers)`,
        url: '/api/teamManagers',
        body: () => ({
          multi: true,
          teamManagersDeleted: [],
          teamManagers: Array.from({ length: MAX_SCHOOL_LIST_ROWS }, (_, i) => ({
            id: randomUUID(),
            firstname: `M${i}`,
            lastname: 'Bench',
            mobile: '0400 000 000',
          })),
        }),
      },
      {
        label: `PUT /api/v2/participants (${MAX_WRITE_BATCH_ROWS} participants)`,
        url: '/api/v2/participants',
        body: () => ({
          participants: Array.from({ length: MAX_WRITE_BATCH_ROWS }, (_, i) => ({
            id: randomUUID(),
            snowId: null,
            firstname: `Bench${i}`,
            lastname: 'Save',
            yearLevel: '7',
            gender: 'Female',
            dob: null,
            email: '',
          })),
        }),
      },
    ];
    for (const save of saves) {
      const saveMs: number[] = [];
      const waits: number[] = [];
      for (let i = 0; i < runs; i++) {
        const payload = save.body();
        const m = await whileUnderWay(
          () => school.request({ method: 'PUT', url: save.url, payload }),
          handlerOf('PUT', save.url),
          () => other.request({ method: 'GET', url: '/api/school' }),
        );
        if (m.res.statusCode !== 200 || m.otherRes.statusCode !== 200)
          throw new Error(`${save.label}: ${m.res.statusCode}, the read ${m.otherRes.statusCode}`);
        saveMs.push(m.ms);
        waits.push(m.otherMs);
      }
      console.log(
        `  ${save.label.padEnd(46)} save p50 ${fmt(p50(saveMs))} ms, max ${fmt(max(saveMs))}; ` +
          `the read waited p50 ${fmt(p50(waits))} ms, max ${fmt(max(waits))}`,
      );
    }
  } finally {
    await t.close();
  }
}

/** The largest batches a device's session may send (by rows, and by writes), and another school's
 *  reads sent one after another while each runs: each write of a batch is admitted on its own, so
 *  the reads are served between them. */
async function otherSchoolDuringTheLargestBatch(runs = 5) {
  console.log(`\nanother school's reads (GET /api/school) while the largest batches run (${runs} runs each)`);
  const t = await startApp();
  try {
    const { school, schoolId, eventId } = await t.schoolInEvent();
    const other = await t.signIn(
      (await createUser(t.db, 'school', { schoolId: (await createSchool(t.db)).id })).email,
      eventId,
    );
    const clientId = randomUUID();
    let seq = 0;
    const write = (method: string, url: string, body: unknown) => ({
      method,
      path: url,
      clientId,
      seq: ++seq,
      idempotencyKey: randomUUID(),
      body,
    });
    const child = (i: number) => ({
      id: randomUUID(),
      snowId: null,
      firstname: `Batch${i}`,
      lastname: 'Bench',
      yearLevel: '7',
      gender: 'Female',
      dob: null,
      email: '',
    });
    const perSave = MAX_WRITE_BATCH_ROWS;
    const ids = (
      await t.db
        .insert(participantsTable)
        .values(
          Array.from({ length: MAX_WRITES_PER_BATCH }, (_, i) => ({
            schoolId,
            firstname: `P${i}`,
            lastname: 'Bench',
            gender: 'Female',
            yearLevel: '7',
          })),
        )
        .returning()
    ).map((p) => p.id);
    const batches = [
      {
        label: `saves of ${perSave} participants, ${MAX_SYNC_BATCH_ROWS} rows in all`,
        writes: () =>
          Array.from({ length: MAX_SYNC_BATCH_ROWS / perSave }, () =>
            write('PUT', '/api/v2/participants', { participants: Array.from({ length: perSave }, (_, i) => child(i)) }),
          ),
      },
      {
        label: `${MAX_WRITES_PER_BATCH} one-row changes`,
        writes: () =>
          ids.map((id, i) => write('PATCH', `/api/v2/participants/${id}`, { firstname: `Changed${seq}-${i}` })),
      },
    ];
    for (const batch of batches) {
      const batchMs: number[] = [];
      const reads: number[] = [];
      for (let i = 0; i < runs; i++) {
        const payload = { writes: batch.writes() };
        let done = false;
        let started!: () => void;
        const underWay = new Promise<void>((resolve) => (started = resolve));
        const stop = handlerOf('POST', '/api/sync/batch')(started);
        const t0 = performance.now();
        const sent = school.request({ method: 'POST', url: '/api/sync/batch', payload }).then((res) => {
          done = true;
          return res;
        });
        await Promise.race([underWay, sent]);
        while (!done) {
          const t1 = performance.now();
          const read = await other.request({ method: 'GET', url: '/api/school' });
          if (read.statusCode !== 200) throw new Error(`the read during ${batch.label}: ${read.statusCode}`);
          reads.push(ms(t1));
        }
        const res = await sent;
        batchMs.push(ms(t0));
        stop();
        const answers = (res.json() as { answers: { status: number }[] }).answers;
        if (res.statusCode !== 200 || answers.some((a) => a.status !== 200))
          throw new Error(`${batch.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      console.log(
        `  ${batch.label.padEnd(46)} batch p50 ${fmt(p50(batchMs))} ms, max ${fmt(max(batchMs))}; ` +
          `${reads.length} reads meanwhile took p50 ${fmt(p50(reads))} ms, max ${fmt(max(reads))}`,
      );
    }
  } finally {
    await t.close();
  }
}

async function uploadsWhileOthersAreServed() {
  console.log('\nhostile uploads, and GET /api/states sent once the server has the upload in hand (one run each)');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-waits-'));
  const t = await startApp({ env: { DATA_DIR: dataDir } });
  try {
    const { school, admin } = await t.schoolInEvent();
    const importFile = (body: Buffer) => () =>
      school.request({
        method: 'POST',
        url: '/api/xls-import',
        headers: { 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const uploadFile = (kind: 'results' | 'trophies', body: Buffer, type: string) => () =>
      admin.request({ method: 'POST', url: `/api/files/${kind}`, headers: { 'content-type': type }, payload: body });
    const wide = await xlsxParts(wideRows());
    const huge = await xlsxParts(hugeCell());
    const files: [string, Buffer, (body: Buffer) => () => Promise<LightMyRequestResponse>, typeof readerStarts][] = [
      ['200,000 rows x 100 cells', zip(wide), importFile, readerStarts],
      ['one 400 MB cell', zip(huge), importFile, readerStarts],
      ['200,000 rows x 100 cells, sizes understated', zip(wide, understated), importFile, readerStarts],
      ['one 400 MB cell, sizes understated', zip(huge, understated), importFile, readerStarts],
      [`${MAX_IMPORT_ROWS + 1} students`, await xlsx(studentRows(MAX_IMPORT_ROWS + 1)), importFile, readerStarts],
      [
        `${MAX_IMPORT_ROWS} students x ${MAX_IMPORT_COLUMNS} columns`,
        await xlsx(studentRows(MAX_IMPORT_ROWS, MAX_IMPORT_COLUMNS - HEADINGS.length)),
        importFile,
        readerStarts,
      ],
      [
        'PNG of 20000 x 20000 pixels',
        pngBomb(),
        (b) => uploadFile('trophies', b, 'image/png'),
        handlerOf('POST', '/api/files/trophies'),
      ],
      [
        'PDF of 10 MB',
        bigPdf(),
        (b) => uploadFile('results', b, 'application/pdf'),
        handlerOf('POST', '/api/files/results'),
      ],
    ];
    for (const [what, body, upload, inHand] of files) {
      const rss = process.memoryUsage().rss;
      let peak = rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const m = await whileUnderWay(upload(body), inHand, () => school.request({ method: 'GET', url: '/api/states' }));
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `  ${`${what} (${fmt(body.length / 1024)} KB)`.padEnd(58)} ${m.res.statusCode} in ${fmt(m.ms)} ms; ` +
          `the other ${m.otherRes.statusCode} ${m.meanwhile ? 'meanwhile' : 'after it'} in ${fmt(m.otherMs)} ms; ` +
          `rss +${Math.round((peak - rss) / 1024 / 1024)} MB`,
      );
    }
  } finally {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function shedRequestsHearSoon() {
  // 150 ms a lookup, two at a time, a second's line: about a dozen of 40 can be served in time.
  const LOOKUP_MS = 150;
  console.log(
    `\nadmission: 40 lookups at once, the registry ${LOOKUP_MS} ms a lookup, MAX_CONCURRENT_REQUESTS 2, MAX_QUEUE_MS 1000`,
  );
  const t = await startApp({
    env: { MAX_CONCURRENT_REQUESTS: '2', MAX_QUEUE_MS: '1000' },
    registry: () => ({
      lookup: async () => {
        await new Promise((r) => setTimeout(r, LOOKUP_MS));
        return null;
      },
      count: async () => 0,
    }),
  });
  try {
    const { school } = await t.schoolInEvent();
    const lookup = async (i: number) => {
      const t0 = performance.now();
      const res = await school.request({ method: 'GET', url: `/api/snowracer/${600000 + i}` });
      return { status: res.statusCode, ms: ms(t0) };
    };
    await Promise.all([lookup(0), lookup(1)]); // the server learns how long a lookup takes
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => lookup(i + 2)));
    for (const status of [503, 404]) {
      const times = answers.filter((a) => a.status === status).map((a) => a.ms);
      console.log(
        `  ${status === 503 ? 'refused 503' : 'served (404)'}: ${String(times.length).padStart(2)}` +
          (times.length ? `, answered after p50 ${fmt(p50(times))} ms, max ${fmt(max(times))}` : ''),
      );
    }
  } finally {
    await t.close();
  }
}

async function registryTimeout(runs = 5) {
  const TIMEOUT_MS = 300;
  const stub = await startRegistryStub();
  try {
    stub.mode = 'hang';
    const registry = createHttpRegistry({ url: stub.url, apiKey: stub.apiKey, timeoutMs: TIMEOUT_MS });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const error = await registry.count().then(
        () => 'answered',
        (err: Error) => err.message,
      );
      times.push(ms(t0));
      if (!/timed out/.test(error)) throw new Error(`a registry that never answers: ${error}`);
    }
    console.log(
      `\nregistry call to a registry that never answers (timeout ${TIMEOUT_MS} ms): given up after p50 ${fmt(p50(times))} ms, max ${fmt(max(times))} (${runs} runs)`,
    );
  } finally {
    await stub.close();
  }
}

export async function benchWaits() {
  if (!process.env.BENCH_ONLY_BATCH) await otherSchoolBehindTheLargestSaves();
  await otherSchoolDuringTheLargestBatch();
  if (!process.env.BENCH_ONLY_BATCH) await uploadsWhileOthersAreServed();
  if (!process.env.BENCH_ONLY_BATCH) await shedRequestsHearSoon();
  if (!process.env.BENCH_ONLY_BATCH) await registryTimeout();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWaits().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
