// Property-based fuzzing (fast-check) of EVERY route the app registers. The routes are read from
// the app's route tree, so a route added later is fuzzed without touching this file. Each gets
// generated path params, query strings, headers and bodies, signed out, as a school user and as
// an admin: values shaped by the route's own zod schemas (from the shared contract, so some reach
// the handlers) with malformed ones mixed in at every level ('%00', very long and unicode text,
// negative and huge numbers, wrong types, big arrays, deep nesting, __proto__ / constructor keys,
// other content types, bodies over the size limit).
//
// Whatever arrives: no answer is a 5xx, every refusal carries the common error body, and no answer
// shows internals (stack frames, SQL or SQLSTATE text, file paths, error class dumps).
//
// And the batch of queued writes (POST /api/sync/batch): each queued route's fuzzed requests inside
// a batch answer as they do alone, and malformed batches are refused whole, nothing applied.
//
// Bounded and reproducible: a fixed seed per route and role, and a request budget spread over the
// routes (FUZZ_SEED and FUZZ_BUDGET override them). On a failure fast-check prints the seed, the
// path and the shrunk request, to replay with `fc.assert(..., { seed, path })`.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../src/domain/constants/limits';
import { ERROR_CODE_LIST } from '../../src/domain/errors';
import { MAX_SYNC_BATCH_BYTES, MAX_SYNC_BATCH_ROWS, MAX_WRITES_PER_BATCH } from '../../src/domain/schemas/api/sync';
import { SERVER_MESSAGES } from '../../src/domain/server-messages';
import { everyContractRoute, type RouteContract } from '../../src/domain/schemas';
import { participants, registryAthletes, teamEntries, teams } from '../../server/db/schema';
import { PASSWORD, createEvent, createSchool, createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { listenOnLoopback, oddTargetOf, rawRequest, type RawAnswer } from './support/request-targets';
import { registeredRoutes } from './support/routes';
import {
  QUEUED_ROUTES,
  WRITE_METHODS,
  appliedState,
  batchWrite,
  changeSeq,
  envelopeTakes,
  sendBatch,
  type BatchAnswers,
} from './support/batch';
import { startTestApp } from './support/test-app';

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_615);
/** Requests for the whole file, spread evenly over routes and roles (within MIN/MAX_RUNS). */
const BUDGET = Number(process.env.FUZZ_BUDGET ?? 3000);
const MIN_RUNS = 8;
const MAX_RUNS = 40;
const ROLES = ['signed out', 'school', 'admin'] as const;
type Role = (typeof ROLES)[number];

// ---- The app and what it registered ---------------------------------------------------------

const t = await startTestApp();
afterAll(async () => {
  await t.close();
});

const ROUTES = registeredRoutes(t.app);
const RUNS = Math.min(MAX_RUNS, Math.max(MIN_RUNS, Math.floor(BUDGET / Math.max(1, ROUTES.length * ROLES.length))));

/** The shared contract's description of a route, when it has one (its schemas shape the data). */
const CONTRACT = new Map<string, RouteContract>(
  everyContractRoute().map((r) => [`${r.method} ${r.url.replace(/\/+$/, '')}`, r]),
);

// ---- Rows to aim at, and signed-in callers ---------------------------------------------------

const known = { ids: [] as string[], snowIds: ['410052', '999999'], participant: '' };
let schoolId = '';
let eventId = '';
const emails = { school: '', admin: '' };

beforeAll(async () => {
  schoolId = (await createSchool(t.db)).id;
  eventId = (await createEvent(t.db)).id;
  emails.school = (await createUser(t.db, 'school', { schoolId })).email;
  emails.admin = (await createUser(t.db, 'admin')).email;
  const participantId = randomUUID();
  await t.db
    .insert(registryAthletes)
    .values({ snowId: '410052', firstname: 'Fuzz', lastname: 'Athlete', gender: 'Female', dob: null })
    .onConflictDoNothing();
  await t.db
    .insert(participants)
    .values({ id: participantId, schoolId, firstname: 'Fuzz', lastname: 'Row', snowId: '410052' });
  const [team] = await t.db
    .insert(teams)
    .values({
      schoolId,
      eventId,
      disciplineId: 1,
      division: 1,
      teamRank: 'A',
      gender: 'Female',
    })
    .returning();
  const entryId = randomUUID();
  await t.db.insert(teamEntries).values({
    id: entryId,
    teamId: team!.id,
    eventId,
    disciplineId: 1,
    schoolId,
    participantId,
    position: 1,
  });
  known.ids.push(schoolId, eventId, participantId, team!.id, entryId);
  known.participant = participantId;
});

/** Fresh callers for each route: a fuzzed route may log out, switch the session or lock out. */
async function callers(): Promise<Record<Role, Agent>> {
  // Past the login rate limits that fuzzing /api/login may have reached.
  t.clock.advance(16 * 60_000);
  const school = await signIn(t.app, emails.school, PASSWORD, eventId);
  const admin = await signIn(t.app, emails.admin);
  const picked = await admin.request({
    method: 'POST',
    url: '/api/session/',
    payload: { SchoolId: schoolId, EventId: eventId },
  });
  expect(picked.statusCode, picked.body).toBe(200);
  return { 'signed out': { cookie: '', request: (opts) => t.app.inject(opts) }, school, admin };
}

// ---- Generators --------------------------------------------------------------------------------

type Def = { type: string; [key: string]: unknown };
type Schema = { _zod: { def: Def } };
const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;
const checksOf = (def: Def) => ((def.checks ?? []) as Schema[]).map((c) => c._zod.def);

/** `[[[...0...]]]`, `depth` levels deep, as JSON text. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;
const nestedObjects = (depth: number) =>
  `${'{"a":'.repeat(Math.max(0, depth - 1))}{}${'}'.repeat(Math.max(0, depth - 1))}`;
/** The same, as a value (kept shallow enough for JSON.stringify). */
const nestedValue = (depth: number): unknown => (depth <= 0 ? 0 : [nestedValue(depth - 1)]);

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '0',
    '-1',
    '-0',
    '1e309',
    '99999999999999999999',
    'NaN',
    'null',
    'true',
    '__proto__',
    'constructor',
    'prototype',
    "' OR '1'='1",
    "'; DROP TABLE participants; --",
    '\\',
    '"',
    '../../etc/passwd',
    '\ud800',
    '\uffff',
    '\u{1d54f}',
    '\u202e',
    '\u0663\u0664',
    'Zoë Ñúñez',
    '410052',
    '4100521234567890',
    ' 410052 ',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 200, max: 60_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(101, 255, 2049, 20_000).map((n) => 'é'.repeat(n)),
);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 2 ** 63, 1e308, -1e308, 5e-324),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.integer({ min: MAX_JSON_DEPTH - 2, max: 200 }).map(nestedValue) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function stringFor(def: Def): fc.Arbitrary<string> {
  switch (def.format) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constantFrom(...known.ids));
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom(emails.school, emails.admin));
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'url':
      return fc.webUrl();
  }
  const regex = checksOf(def).find((c) => c.format === 'regex')?.pattern;
  if (regex instanceof RegExp) return fc.oneof(fc.stringMatching(regex), fc.constantFrom(...known.snowIds));
  return fc.string({ maxLength: 30 });
}

function numberFor(def: Def): fc.Arbitrary<number> {
  const integer = checksOf(def).some((c) => c.format === 'safeint' || c.format === 'int32');
  return integer
    ? fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -5, max: 5000 }))
    : fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100);
}

const memo = new WeakMap<object, fc.Arbitrary<unknown>>();

/** Mostly what the schema accepts, with a malformed value in about one place in eight. */
function valueFor(schema: unknown): fc.Arbitrary<unknown> {
  const cached = memo.get(schema as object);
  if (cached) return cached;
  const arb = fc.oneof({ weight: 7, arbitrary: validFor(defOf(schema)) }, { weight: 1, arbitrary: nastyValue });
  memo.set(schema as object, arb);
  return arb;
}

function validFor(def: Def): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const required = Object.keys(shape).filter(
        (k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]).type),
      );
      const model = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, valueFor(s)]));
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(valueFor(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(valueFor));
    case 'nullable':
      return fc.oneof(fc.constant(null), valueFor(def.innerType));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return valueFor(def.innerType);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(valueFor));
    case 'pipe': {
      // A JSON-encoded query (`filter`): generate the object it must decode to.
      const out = defOf(def.out);
      const from = valueFor(def.in);
      return out.type === 'object'
        ? fc.oneof(
            from,
            valueFor(def.out).map((v) => JSON.stringify(v)),
          )
        : from;
    }
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'string':
      return stringFor(def);
    case 'number':
      return numberFor(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), valueFor(def.valueType), { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Body = { payload?: string; contentType?: string };
const asJson = (payload: string): Body => ({ payload, contentType: 'application/json' });

/** JSON text with a prototype-pollution key put in front. */
function polluted(value: unknown, key: '__proto__' | 'constructor'): string {
  const member =
    key === '__proto__' ? '"__proto__":{"polluted":true}' : '"constructor":{"prototype":{"polluted":true}}';
  const text = JSON.stringify(value) ?? 'null';
  if (text === '{}') return `{${member}}`;
  if (text.startsWith('{')) return `{${member},${text.slice(1)}`;
  return `{${member},"value":${text}}`;
}

const RAW_BODIES = [
  '',
  '{',
  '[',
  'null',
  'true',
  '0',
  '"text"',
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":true}}',
  '[{"__proto__":{"polluted":true}}]',
  '{"a":{"constructor":{"prototype":{"polluted":true}}}}',
];

function bodyFor(contract: RouteContract | undefined): fc.Arbitrary<Body> {
  const shaped = contract?.body ? valueFor(contract.body) : fc.jsonValue({ maxDepth: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((v) => asJson(JSON.stringify(v) ?? 'null')) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => asJson(JSON.stringify(v))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('__proto__', 'constructor') as fc.Arbitrary<'__proto__' | 'constructor'>)
        .map(([v, k]) => asJson(polluted(v, k))),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map(asJson) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 1000, 20_000), fc.boolean())
        .map(([depth, arrays]) => asJson(arrays ? nestedArrays(depth) : nestedObjects(depth))),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 64 * 1024 })
        .map((extra) => asJson(JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES + extra) }))),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          contentType: fc.constantFrom(
            undefined,
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16',
          ),
          payload: fc.oneof(
            shaped.map((v) => JSON.stringify(v) ?? ''),
            fc.constant('a=1&b=%00'),
          ),
        },
        { requiredKeys: ['payload'] },
      ),
    },
  );
}

/** A path parameter: what its schema wants, nasty text, or URL syntax the router must survive. */
function paramFor(contract: RouteContract | undefined, name: string): fc.Arbitrary<string> {
  const shape = contract?.params ? (defOf(contract.params).shape as Record<string, unknown> | undefined) : undefined;
  const shaped = shape?.[name] ? valueFor(shape[name]) : nastyString;
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((v) => encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 2, arbitrary: nastyString.map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%00',
        '%zz',
        '%',
        '%2F',
        '%2e%2e',
        '..',
        '%E0%A4%A',
        '%C0%AF',
        '%ff%fe',
        '%20',
        '-1',
        '1e309',
      ),
    },
  );
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as their raw UTF-8 bytes. */
const encode = (text: string): string =>
  text
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return `%ED%${(0xa0 | ((c >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    })
    .join('');

const toQueryValue = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryFor(contract: RouteContract | undefined): fc.Arbitrary<string> {
  const shape = contract?.querystring ? ((defOf(contract.querystring).shape ?? {}) as Record<string, unknown>) : {};
  const named = Object.entries(shape).map(([key, schema]) =>
    fc.tuple(fc.constant(key), valueFor(schema).map(toQueryValue)),
  );
  const pair = fc.oneof(...(named.length ? [{ weight: 4, arbitrary: fc.oneof(...named) }] : []), {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(
        fc.constantFrom('filter', 'EventId', 'SchoolId', 'limit', 'cursor', '__proto__', 'constructor'),
        fc.string({ maxLength: 8 }),
      ),
      nastyString,
    ),
  });
  return fc
    .tuple(
      fc.array(pair, { maxLength: 4 }),
      fc.constantFrom(
        '',
        '',
        '',
        '&%00=%00',
        '&x=%zz',
        '&a[b][c]=1',
        '&&&=',
        '&filter=%7B%22where%22%3A',
        '&filter=%7B&filter=%7D',
      ),
    )
    .map(([pairs, raw]) => {
      const text = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') + raw;
      return text ? `?${text}` : '';
    });
}

const headerValue = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[\x21-\x7e]{0,64}$/),
  fc.constantFrom('-1', '0', '1', '99999999999999999999', '1e3', 'NaN', 'x'.repeat(5000)),
);
/** The write headers (plugins/idempotency), sometimes well formed. */
const headersArb = () =>
  fc.record(
    {
      'idempotency-key': fc.oneof(headerValue, fc.uuid()),
      'x-client-id': fc.oneof(headerValue, fc.uuid()),
      'x-client-seq': fc.oneof(headerValue, fc.integer({ min: 1, max: 1000 }).map(String)),
      'x-event-id': fc.oneof(headerValue, fc.constantFrom(...known.ids)),
    },
    { requiredKeys: [] },
  );

type Generated = { url: string; body?: Body; headers: Record<string, string> };

function requestFor(method: string, path: string): fc.Arbitrary<Generated> {
  const contract = CONTRACT.get(`${method} ${path}`);
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramFor(contract, n)));
  const withBody = method !== 'GET';
  return fc
    .record({
      params: names.length ? params : fc.constant([] as string[]),
      wildcard: path.includes('*') ? nastyString.map(encode) : fc.constant(''),
      query: queryFor(contract),
      body: withBody ? fc.option(bodyFor(contract), { freq: 8 }) : fc.constant(null),
      headers: fc.option(headersArb(), { freq: 3 }),
    })
    .map(({ params: values, wildcard, query, body, headers }) => {
      let i = 0;
      const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => values[i++] ?? '').replace('*', wildcard);
      return { url: filled + query, ...(body ? { body } : {}), headers: (headers ?? {}) as Record<string, string> };
    });
}

// ---- What every answer must be -------------------------------------------------------------------

const INTERNALS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(.*:\d+:\d+\)|(?:\n|\\n)\s+at \S/],
  ['a stack', /"stack"\s*:/],
  ['an error class dump', /\b[A-Z]?[a-zA-Z]*Error: |"name"\s*:\s*"\w*Error"/],
  ['SQLSTATE', /SQLSTATE|"(?:severity|routine|sqlState|constraint|table|schema)"\s*:/i],
  [
    'SQL text',
    /Failed query|syntax error at or near|\bselect\s+[^\n]{0,200}\bfrom\s+"|\binsert into "|\bupdate "[^"]+" set\b|\bdelete from "|duplicate key value|violates [\w-]+ constraint|\brelation "/i,
  ],
  ['a file path', /\/server\/|node_modules|file:\/\/|\.[cm]?[jt]sx?:\d+/],
];

const stats = { requests: 0, byStatus: new Map<number, number>() };

type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'> | RawAnswer;

function label(role: Role, method: string, gen: Generated, res: Answer): string {
  const body = gen.body?.payload;
  const shown = body === undefined ? '' : ` body(${body.length} chars)=${body.slice(0, 200)}`;
  return `${role} ${method} ${gen.url.slice(0, 300)}${shown} -> ${res.statusCode} ${res.body.slice(0, 400)}`;
}

function assertSafe(role: Role, method: string, gen: Generated, res: Answer) {
  stats.requests++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const why = () => label(role, method, gen, res);
  if (res.statusCode >= 500) throw new Error(`5xx: ${why()}`);
  for (const [what, pattern] of INTERNALS) {
    if (pattern.test(res.body)) throw new Error(`${what} in the answer: ${why()}`);
  }
  if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    const shaped =
      body.statusCode === res.statusCode &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      (ERROR_CODE_LIST as readonly unknown[]).includes(body.code);
    if (!shaped) throw new Error(`not the common error body: ${why()}`);
  }
}

function send(agent: Agent, method: string, gen: Generated): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...gen.headers };
  if (gen.body?.contentType) headers['content-type'] = gen.body.contentType;
  const opts: InjectOptions = {
    method: method as InjectOptions['method'],
    url: gen.url,
    headers,
    ...(gen.body?.payload !== undefined ? { payload: gen.body.payload } : {}),
  };
  return agent.request(opts);
}

/** A stable seed per route and role, derived from the base seed. */
function seedOf(text: string): number {
  let h = BASE_SEED | 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h | 0;
}

// ---- The properties --------------------------------------------------------------------------------

describe(`fuzzing ${ROUTES.length} routes, ${RUNS} requests each per role`, () => {
  it('found the routes', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
  });

  it.each(ROUTES)(
    '%s',
    async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const arb = requestFor(method, path);
      const agents = await callers();
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(arb, async (gen) => assertSafe(role, method, gen, await send(agents[role], method, gen))),
          { seed: seedOf(`${route} ${role}`), numRuns: RUNS },
        );
      }
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    },
    60_000,
  );
});

// The same requests with their target spelt otherwise (percent-encoded letters, doubled slashes,
// dot segments, ';' parameters, upper case, absolute form; one to three at once), over real HTTP
// as app.inject would tidy them: refused before any handler, whoever asks.
/** Refusals that come before any route's hooks or handler: the odd target (400), no such route
 *  (404), or what Node and the body parser refuse first (413 body, 415 type, 431 head). */
const REFUSED_BEFORE_ANY_HANDLER = [400, 404, 413, 415, 431];

describe(`fuzzing the request targets of ${ROUTES.length} routes`, () => {
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(t.app);
  });

  it.each(ROUTES)(
    '%s',
    async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      // Within Node's 16 KiB request head: past it Node itself answers 431 before any of our code.
      const short = (url: string) => (url.length > 2000 ? url.split('?')[0]! : url);
      const arb = requestFor(method, path).chain((gen) =>
        oddTargetOf(short(gen.url)).map((odd) => ({ ...gen, url: odd.target, how: odd.how })),
      );
      const agents = await callers();
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(arb, async (gen) => {
            const res = await rawRequest(port, {
              method,
              target: gen.url,
              cookie: agents[role].cookie || undefined,
              body: gen.body?.payload,
              contentType: gen.body?.contentType ?? (gen.body ? 'application/json' : undefined),
            });
            assertSafe(role, method, gen, res);
            if (!REFUSED_BEFORE_ANY_HANDLER.includes(res.statusCode))
              throw new Error(`spelt with ${gen.how.join(', ')}, not refused: ${label(role, method, gen, res)}`);
          }),
          { seed: seedOf(`${route} ${role} target`), numRuns: Math.max(4, Math.floor(RUNS / 3)) },
        );
      }
    },
    60_000,
  );
});

// ---- Batches of queued writes (POST /api/sync/batch) --------------------------------------------
// The fuzzed requests of every route the contract marks `queued: true`, each sent as the one write
// of a batch and then alone: inside the batch it gets an answer of the class it gets alone (never
// a 5xx), and a write refused there changed nothing. Then malformed batches (a write's fields of
// the wrong type or shape, paths spelt to reach another route, a queued route's path under
// another method, oversize): refused whole with a 4xx, nothing applied.

const QUEUED = ROUTES.filter((route) => QUEUED_ROUTES.has(route));
const BATCH_RUNS = RUNS;
const ENVELOPE_RUNS = 4 * RUNS;

/** A write's body: a JSON value (a batch carries nothing else), shaped by the route's schema. */
function batchBodyFor(contract: RouteContract | undefined): fc.Arbitrary<unknown> {
  const shaped = contract?.body ? valueFor(contract.body) : fc.jsonValue({ maxDepth: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom('__proto__', 'constructor') as fc.Arbitrary<'__proto__' | 'constructor'>)
        .map(([v, k]) => JSON.parse(polluted(v, k)) as unknown),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(MAX_JSON_DEPTH - 4, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 500).map(nestedValue),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 16 * 1024 }).map((extra) => ({ pad: 'x'.repeat(MAX_BODY_BYTES + extra) })),
    },
  );
}

/** Write headers as a batch sends its writes with, fresh (a write of its own, never a replay). */
const freshWriteHeaders = (): Record<string, string> => ({
  'x-client-id': randomUUID(),
  'x-client-seq': '1',
  'idempotency-key': randomUUID(),
});

/** The answers inside a batch, each checked as an answer of its own. */
function answersOf(role: Role, what: string, gen: Generated, res: LightMyRequestResponse): BatchAnswers['answers'] {
  const { answers } = res.json() as BatchAnswers;
  for (const answer of answers) {
    const body = JSON.stringify(answer.body) ?? '';
    assertSafe(role, what, gen, { statusCode: answer.status, body, headers: { 'content-type': 'application/json' } });
  }
  return answers;
}

const classOf = (status: number) => Math.floor(status / 100);
/** A write sent again once applied (by the batch before it) may find its row gone or taken. */
const REPEATED_WRITE = [404, 409, 422];

describe(`fuzzing ${QUEUED.length} queued routes inside a batch, ${BATCH_RUNS} requests each per role`, () => {
  // One set of callers for them all: a queued route neither signs out nor switches the session.
  let agents: Record<Role, Agent>;
  beforeAll(async () => {
    agents = await callers();
  });

  it('found the queued routes', () => {
    expect(QUEUED.length).toBeGreaterThan(5);
    expect(QUEUED).toHaveLength(QUEUED_ROUTES.size);
  });

  it.each(QUEUED)(
    '%s',
    async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const arb = fc.record({
        // Within the batch's bound on a write's path (the query left off, as the targets' fuzz does).
        url: requestFor(method, path).map((gen) => (gen.url.length > 2000 ? gen.url.split('?')[0]! : gen.url)),
        body: fc.option(batchBodyFor(CONTRACT.get(route)), { freq: 8, nil: undefined }),
      });
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(arb, async ({ url, body }) => {
            const write = batchWrite(method, url, body);
            const hasBody = body !== undefined && body !== null;
            const gen: Generated = {
              url,
              headers: freshWriteHeaders(),
              ...(hasBody ? { body: asJson(JSON.stringify(body)) } : {}),
            };
            const before = await changeSeq(t.db);
            const batch = await sendBatch(t.app, role === 'signed out' ? null : agents[role], { writes: [write] });
            assertSafe(role, `${method} in a batch`, gen, batch);
            const applied = async () => (await changeSeq(t.db)) !== before;
            let status = batch.statusCode;
            if (status === 200) {
              const answers = answersOf(role, `${method} in a batch`, gen, batch);
              if (answers.length !== 1) throw new Error(`not one answer: ${label(role, method, gen, batch)}`);
              status = answers[0]!.status;
            } else {
              if (await applied()) throw new Error(`refused yet applied: ${label(role, method, gen, batch)}`);
              // Refused whole, signed out or past the batch's own bounds (its schema, bytes and
              // rows), which a device's writes keep to. Any other refusal (the body's keys, its
              // depth) the write meets alone too.
              if (status === 401 || status === 413 || !envelopeTakes([write])) return;
            }
            const why = () => `in a batch ${status}: ${label(role, method, gen, batch)}`;
            if (status >= 300 && (await applied())) throw new Error(`refused yet applied, ${why()}`);
            const alone = await send(agents[role], method, gen);
            assertSafe(role, method, gen, alone);
            const same =
              classOf(alone.statusCode) === classOf(status) ||
              (status < 300 && REPEATED_WRITE.includes(alone.statusCode));
            if (!same) throw new Error(`alone ${alone.statusCode} ${alone.body.slice(0, 300)}, ${why()}`);
          }),
          // Signed out, every batch is a 401 whatever it holds.
          { seed: seedOf(`${route} ${role} batch`), numRuns: role === 'signed out' ? 2 : BATCH_RUNS },
        );
      }
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    },
    60_000,
  );
});

// ---- Malformed batches ------------------------------------------------------------------------

/** Any JSON value that is not a string. */
const notAString = fc.constantFrom<unknown>(null, 0, 1, -1, 1.5, true, false, [], {}, ['PATCH'], { value: 'x' });
const queuedPaths = () =>
  [...QUEUED_ROUTES].map((route) => {
    const [, url] = route.split(' ') as [string, string];
    return url.replace(/:[A-Za-z_]\w*/g, () => known.participant);
  });
/** Spellings of a queued route's path, and query tricks. `refused`: it could be read as another
 *  route (or is not a path of ours), so a batch holding it is refused whole; the others still name
 *  the same queued route, which then decides (a write of its own). */
const SPELLINGS: readonly { how: string; spell: (path: string) => string; refused: boolean }[] = [
  { how: 'a dot segment', spell: (p) => p.replace('/api/', '/api/./'), refused: true },
  { how: 'a parent segment', spell: (p) => p.replace('/api/', '/api/x/../'), refused: true },
  { how: 'a trailing parent segment', spell: (p) => `${p}/..`, refused: true },
  { how: 'parent segments to another route', spell: (p) => `${p}/../../users`, refused: true },
  { how: 'an encoded parent segment', spell: (p) => p.replace('/api/', '/api/%2e%2e/'), refused: true },
  { how: 'a half-encoded parent segment', spell: (p) => p.replace('/api/', '/api/.%2E/'), refused: true },
  { how: 'an encoded slash', spell: (p) => p.replace(/\/(?=[^/]*$)/, '%2F'), refused: true },
  { how: 'an encoded slash in lower case', spell: (p) => p.replace(/\/(?=[^/]*$)/, '%2f'), refused: true },
  { how: 'an encoded backslash', spell: (p) => p.replace(/\/(?=[^/]*$)/, '%5C'), refused: true },
  { how: 'a backslash', spell: (p) => p.replace(/\/(?=[^/]*$)/, '\\'), refused: true },
  { how: 'a doubled slash', spell: (p) => p.replace('/api/', '/api//'), refused: true },
  { how: 'a leading doubled slash', spell: (p) => `/${p}`, refused: true },
  { how: 'absolute form', spell: (p) => `http://attacker.test${p}`, refused: true },
  { how: 'a network path', spell: (p) => `//attacker.test${p}`, refused: true },
  { how: 'a fragment', spell: (p) => `${p}#fragment`, refused: true },
  { how: 'a trailing slash', spell: (p) => `${p}/`, refused: true },
  { how: 'upper case', spell: (p) => p.toUpperCase(), refused: true },
  { how: 'an encoded letter in /api', spell: (p) => p.replace('/api/', '/%61pi/'), refused: true },
  { how: 'a NUL', spell: (p) => `${p}\u0000`, refused: true },
  { how: 'a leading space', spell: (p) => ` ${p}`, refused: true },
  { how: 'a line feed', spell: (p) => `${p}\n`, refused: true },
  { how: 'over 2000 characters', spell: (p) => `${p}/${'x'.repeat(2000)}`, refused: true },
  { how: 'another route, the path in its query', spell: (p) => `/api/users?${p}`, refused: true },
  { how: 'the sign-in, the path in its query', spell: (p) => `/api/login?${p}`, refused: true },
  { how: 'another route, an encoded ?', spell: (p) => `/api/users%3F${p}`, refused: true },
  { how: 'another route, the path in its fragment', spell: (p) => `/api/users#${p}`, refused: true },
  { how: 'a ; parameter', spell: (p) => `${p};jsessionid=1`, refused: false },
  {
    how: 'an encoded letter at the end',
    spell: (p) => p.replace(/[a-z](?=[^/]*$)/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    refused: false,
  },
  { how: 'an encoded NUL', spell: (p) => `${p}%00`, refused: false },
  { how: 'parent segments in the query', spell: (p) => `${p}?/../../users`, refused: false },
  { how: 'a query with a fragment', spell: (p) => `${p}?x=/../users#y`, refused: false },
  { how: 'an empty query', spell: (p) => `${p}??`, refused: false },
  { how: 'a malformed query', spell: (p) => `${p}?%00=%zz&__proto__[x]=1`, refused: false },
];

/** Each queued route's path (its parameters a row's id) under each write method it is not queued
 *  with: a route of its own that is not queued, or none. */
const otherMethods = () =>
  [...QUEUED_ROUTES].flatMap((route) => {
    const [queuedMethod, url] = route.split(' ') as [string, string];
    const path = url.replace(/:[A-Za-z_]\w*/g, () => known.participant);
    return WRITE_METHODS.filter((m) => m !== queuedMethod && !QUEUED_ROUTES.has(`${m} ${url}`)).map((method) => ({
      method,
      path,
    }));
  });

type Change = { what: string; write: Record<string, unknown>; drop?: string; notQueued?: boolean };

/** Made once the rows to aim at exist. */
const changeArb = (): fc.Arbitrary<Change> =>
  fc.oneof(
    fc
      .oneof(
        notAString,
        fc.constantFrom(
          'GET',
          'HEAD',
          'OPTIONS',
          'TRACE',
          'CONNECT',
          'patch',
          'Patch',
          ' PATCH',
          'PATCH ',
          '',
          'PATCH\u0000',
        ),
        nastyString,
      )
      .map((method) => ({ what: 'method', write: { method } })),
    fc
      .oneof(
        notAString,
        nastyString,
        fc.tuple(fc.constantFrom(...SPELLINGS), fc.constantFrom(...queuedPaths())).map(([{ spell }, p]) => spell(p)),
      )
      .map((path) => ({ what: 'path', write: { path } })),
    // A queued route's path under a method it is not queued with (drawn more often: the batch's
    // own check is all that refuses it whole).
    ...Array.from({ length: 3 }, () =>
      fc.constantFrom(...otherMethods()).map((write) => ({ what: 'another method', write, notQueued: true })),
    ),
    fc
      .oneof(
        notAString,
        nastyString,
        fc.constantFrom(
          '',
          'not-a-uuid',
          known.participant.replace(/-/g, ''),
          `{${known.participant}}`,
          `${known.participant} `,
          `${known.participant}\u0000`,
        ),
      )
      .map((clientId) => ({ what: 'clientId', write: { clientId } })),
    fc
      .oneof(
        fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 53, 2 ** 63, 1e308, -1e308, '1', '01', '', null, true, [], {}, [1]),
        nastyNumber,
      )
      .map((seq) => ({ what: 'seq', write: { seq } })),
    fc
      .oneof(fc.constantFrom<unknown>('', 'x'.repeat(201), 'x'.repeat(20_000), null, 0, [], {}), nastyString)
      .map((idempotencyKey) => ({ what: 'idempotencyKey', write: { idempotencyKey } })),
    ...(['schoolId', 'eventId'] as const).map((field) =>
      fc
        .oneof(
          notAString,
          nastyString,
          // Well formed: an id of nothing, or of another kind of row (the write's own route decides).
          fc.uuid(),
          fc.constantFrom(...known.ids),
        )
        .map((value) => ({ what: field, write: { [field]: value } })),
    ),
    fc
      .constantFrom('method', 'path', 'clientId', 'seq', 'idempotencyKey')
      .map((drop) => ({ what: `no ${drop}`, write: {}, drop })),
    fc
      .record({
        key: fc.constantFrom('headers', 'url', 'remoteAddress', 'cookie', 'query', 'payload', '__proto__'),
        value: fc.jsonValue({ maxDepth: 2 }),
      })
      .map(({ key, value }) => ({ what: `a key ${key}`, write: { [key]: value } })),
    nastyValue.map((body) => ({ what: 'body', write: { body } })),
  );

/** Whole batches that are not a list of writes, or too many of them. */
const WHOLE: readonly { what: string; status: number; payload: () => unknown }[] = [
  { what: 'no writes', status: 400, payload: () => ({ writes: [] }) },
  { what: 'writes missing', status: 400, payload: () => ({}) },
  { what: 'writes null', status: 400, payload: () => ({ writes: null }) },
  { what: 'writes an object', status: 400, payload: () => ({ writes: { 0: goodWrite() } }) },
  { what: 'writes a string', status: 400, payload: () => ({ writes: 'PATCH' }) },
  { what: 'a write null', status: 400, payload: () => ({ writes: [null] }) },
  { what: 'a write a string', status: 400, payload: () => ({ writes: ['PATCH /api/school'] }) },
  { what: 'the body a list', status: 400, payload: () => [goodWrite()] },
  {
    what: `${MAX_WRITES_PER_BATCH + 1} writes`,
    status: 400,
    payload: () => ({ writes: Array.from({ length: MAX_WRITES_PER_BATCH + 1 }, () => goodWrite()) }),
  },
  {
    what: `${MAX_SYNC_BATCH_ROWS + 1} rows in one write`,
    status: 413,
    payload: () => ({
      writes: [
        batchWrite('PUT', '/api/v2/participants', {
          participants: Array.from({ length: MAX_SYNC_BATCH_ROWS + 1 }, () => ({ firstname: 'Row' })),
          participantsDeleted: [],
        }),
      ],
    }),
  },
  {
    what: `${MAX_SYNC_BATCH_ROWS + 1} rows over several writes`,
    status: 413,
    payload: () => ({
      writes: Array.from({ length: 3 }, () =>
        batchWrite('PUT', '/api/teamManagers', {
          multi: true,
          teamManagers: Array.from({ length: Math.ceil((MAX_SYNC_BATCH_ROWS + 1) / 3) }, () => ({ id: randomUUID() })),
          teamManagersDeleted: [],
        }),
      ),
    }),
  },
  {
    what: `over ${MAX_SYNC_BATCH_BYTES} bytes`,
    status: 413,
    payload: () => ({ writes: [goodWrite({ firstname: 'x'.repeat(MAX_SYNC_BATCH_BYTES) })] }),
  },
  {
    what: 'nested too deep',
    status: 400,
    payload: () => ({ writes: [goodWrite(nestedValue(MAX_JSON_DEPTH + 1))] }),
  },
];

/** The write a malformed batch is made from: one its callers may send, applied when taken. */
const goodWrite = (body: unknown = { firstname: 'Enveloped' }) =>
  batchWrite('PATCH', `/api/v2/participants/${known.participant}`, body);

type AppliedState = Awaited<ReturnType<typeof appliedState>>;

/** A batch that was refused (any 4xx) changed nothing; one that was taken answered every write. */
async function assertBatchRefusedOrTaken(
  role: Role,
  gen: Generated,
  res: LightMyRequestResponse,
  before: AppliedState,
  mustRefuse: boolean,
) {
  assertSafe(role, 'POST', gen, res);
  const why = () => label(role, 'POST', gen, res);
  if (res.statusCode !== 200) {
    if (res.statusCode < 400) throw new Error(`neither taken nor refused: ${why()}`);
    const after = await appliedState(t.db);
    if (JSON.stringify(after) !== JSON.stringify(before))
      throw new Error(`refused yet applied (${JSON.stringify(before)} -> ${JSON.stringify(after)}): ${why()}`);
    return;
  }
  if (mustRefuse) throw new Error(`taken: ${why()}`);
  const answers = answersOf(role, 'POST', gen, res);
  // Taken whole, so every write named a queued route: none is refused inside as not queued.
  if (answers.some((a) => (a.body as { message?: unknown } | null)?.message === SERVER_MESSAGES.notQueuedWrite))
    throw new Error(`a write not queued got past the batch's check: ${why()}`);
}

describe('fuzzing malformed batches', () => {
  let agents: Record<Role, Agent>;
  beforeAll(async () => {
    agents = await callers();
  });

  it.each(ROLES)(
    'as %s',
    async (role) => {
      const agent = agents[role];
      const arb = fc.record({
        changes: fc.array(changeArb(), { minLength: 1, maxLength: 2 }),
        goodFirst: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ changes, goodFirst }) => {
          // Spread, not assigned: a '__proto__' key stays a key of the write.
          let write: Record<string, unknown> = goodWrite();
          for (const change of changes) {
            write = { ...write, ...change.write };
            if (change.drop) delete write[change.drop];
          }
          const writes = [...(goodFirst ? [goodWrite()] : []), write];
          const payload = { writes };
          const gen: Generated = {
            url: `/api/sync/batch (${changes.map((c) => c.what).join(', ')})`,
            headers: {},
            body: asJson(JSON.stringify(payload)),
          };
          const before = await appliedState(t.db);
          const res = await agent.request({ method: 'POST', url: '/api/sync/batch', payload });
          const refusedByItsSchema = !envelopeTakes(writes);
          const notQueued = changes.some((c) => c.notQueued) && !changes.some((c) => c.what === 'path');
          const onlyNotQueued = changes.every((c) => c.notQueued);
          await assertBatchRefusedOrTaken(role, gen, res, before, refusedByItsSchema || notQueued);
          if (role === 'signed out') return;
          if (refusedByItsSchema && res.statusCode !== 400)
            throw new Error(`not a 400: ${label(role, 'POST', gen, res)}`);
          if (onlyNotQueued && res.json().message !== SERVER_MESSAGES.notQueuedWrite)
            throw new Error(`not refused as not queued: ${label(role, 'POST', gen, res)}`);
        }),
        // Signed out, every batch is a 401 (or refused sooner) whatever it holds.
        { seed: seedOf(`malformed batches ${role}`), numRuns: role === 'signed out' ? 10 : ENVELOPE_RUNS },
      );
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    },
    60_000,
  );

  it('refuses whole every spelling of a queued path that could be another route, and a queued path under another method', async () => {
    // As the admin, who may send every queued route: each refusal is the batch's, not the route's.
    const role = 'admin';
    const sampled = [[...QUEUED_ROUTES].find((r) => r.includes(':')), [...QUEUED_ROUTES].find((r) => !r.includes(':'))];
    const cases = [
      ...sampled.flatMap((route) => {
        const [method, url] = route!.split(' ') as [string, string];
        const path = url.replace(/:[A-Za-z_]\w*/g, () => known.participant);
        return SPELLINGS.map(({ how, spell, refused }) => ({
          what: `${route} spelt with ${how}`,
          write: { method, path: spell(path) },
          refused,
          notQueued: false,
        }));
      }),
      ...otherMethods().map((write) => ({
        what: `${write.method} ${write.path}`,
        write,
        refused: true,
        notQueued: true,
      })),
    ];
    expect(cases.length).toBeGreaterThan(SPELLINGS.length);
    for (const { what, write, refused, notQueued } of cases) {
      // A write the caller may send first: refused with the rest all the same.
      const payload = { writes: [goodWrite(), { ...goodWrite(), ...write }] };
      const gen: Generated = { url: `/api/sync/batch (${what})`, headers: {}, body: asJson(JSON.stringify(payload)) };
      const before = await appliedState(t.db);
      const res = await agents[role].request({ method: 'POST', url: '/api/sync/batch', payload });
      await assertBatchRefusedOrTaken(role, gen, res, before, refused);
      if (refused) expect(res.statusCode, label(role, 'POST', gen, res)).toBe(400);
      if (notQueued) expect(res.json().message, label(role, 'POST', gen, res)).toBe(SERVER_MESSAGES.notQueuedWrite);
    }
  });

  it.each(WHOLE.map((w) => [w.what, w] as const))('%s', async (_what, { what, status, payload }) => {
    for (const role of ROLES) {
      const body = payload();
      const gen: Generated = { url: `/api/sync/batch (${what})`, headers: {}, body: asJson(JSON.stringify(body)) };
      const before = await appliedState(t.db);
      const res = await agents[role].request({ method: 'POST', url: '/api/sync/batch', payload: body as object });
      await assertBatchRefusedOrTaken(role, gen, res, before, true);
      if (role !== 'signed out') expect(res.statusCode, label(role, 'POST', gen, res)).toBe(status);
    }
  });
});

afterAll(() => {
  const statuses = [...stats.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.log(`fuzz: ${stats.requests} requests over ${ROUTES.length} routes x ${ROLES.length} roles (${statuses})`);
});
