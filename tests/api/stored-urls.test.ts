// Stored addresses (security review, point 6): every address a user can type or send and that is
// later shown to every user as a link or a picture (a race result's and an overall result's file,
// a trophy's pictures) is kept only when it is an http(s) web address without credentials or one
// of this server's own files ('/api/files/<id>'). Anything else answers 400 naming the field and
// stores nothing, whether sent directly or queued by a device (POST /api/sync/batch). The demo
// seed's addresses pass the same rule.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resultOveralls, resultRaces, trophies } from '../../server/db/schema';
import { planDemo } from '../../server/db/seed/demo-plan';
import { readAthletesCsv } from '../../server/integrations/registry/load';
import { isSafeStoredUrl, isSafeStoredUrlList, STORED_URL_MESSAGE } from '../../src/domain/rules/stored-url';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Agent;

beforeEach(async () => {
  t = await startTestApp();
  ({ admin } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
});

const OWN_FILE = '/api/files/AbCdEfGhIjKlMnOpQrStUvWx';
const WEB = 'https://results.example.test/2026/alpine.pdf';

/** Addresses no field may store. */
const UNSAFE = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(document.cookie)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example.test/r.pdf',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  '//evil.example.test/a.png',
  '/a.png',
  'https://user:pass@evil.example.test/a.pdf',
  `/api/files/../files/x${OWN_FILE.slice(11)}`,
];

const race = (fileUrl: string) => ({
  id: randomUUID(),
  DisciplineId: 1,
  division: 2,
  gender: 'Female',
  teamIndividual: 'Team',
  fileUrl,
});
const overall = (fileUrl: string) => ({
  id: randomUUID(),
  pointscore: 'Skiing',
  schoolType: 'Secondary',
  gender: 'Co-Ed',
  fileUrl,
});
const trophy = (imageURL: string) => ({
  id: randomUUID(),
  name: 'Cup',
  disciplineId: 1,
  division: 2,
  gender: 'female',
  state: 'NSW',
  imageURL,
  type: 'team',
});

const putResults = (body: Record<string, unknown>) =>
  admin.request({
    method: 'PUT',
    url: '/api/results',
    payload: { multi: true, racesDeleted: [], overallDeleted: [], ...body },
  });
const putTrophies = (body: Record<string, unknown>) =>
  admin.request({ method: 'PUT', url: '/api/v2/Trophies', payload: { trophiesDeleted: [], ...body } });

type Field = {
  name: string;
  /** Sends one row holding the address; answers the response. */
  send(url: string): ReturnType<typeof putResults>;
  /** The field's path as the 400 names it. */
  path: string;
  /** The addresses stored now. */
  stored(): Promise<string[]>;
};

const FIELDS: Field[] = [
  {
    name: "a race result's file",
    send: (url) => putResults({ races: [race(url)] }),
    path: 'body.races.0.fileUrl',
    stored: async () => (await t.db.select().from(resultRaces)).map((r) => r.fileUrl),
  },
  {
    name: "an overall result's file",
    send: (url) => putResults({ overalls: [overall(url)] }),
    path: 'body.overalls.0.fileUrl',
    stored: async () => (await t.db.select().from(resultOveralls)).map((r) => r.fileUrl),
  },
  {
    name: "a trophy's pictures",
    send: (url) => putTrophies({ trophies: [trophy(url)] }),
    path: 'body.trophies.0.imageURL',
    stored: async () => (await t.db.select().from(trophies)).map((r) => r.imageUrl),
  },
];

describe.each(FIELDS)('$name', (field) => {
  it('refuses an unsafe address with 400 naming the field, and stores nothing', async () => {
    for (const url of UNSAFE) {
      const res = await field.send(url);
      expect(res.statusCode, `${JSON.stringify(url)}: ${res.body}`).toBe(400);
      expect(res.json().fields, JSON.stringify(url)).toContainEqual({ path: field.path, message: STORED_URL_MESSAGE });
    }
    expect(await field.stored()).toEqual([]);
  });

  it('stores a web address and one of our own files as sent, and none', async () => {
    for (const url of [WEB, 'http://results.example.test/r.pdf', OWN_FILE, '']) {
      const res = await field.send(url);
      expect(res.statusCode, `${JSON.stringify(url)}: ${res.body}`).toBe(200);
    }
    expect((await field.stored()).sort()).toEqual(['', OWN_FILE, WEB, 'http://results.example.test/r.pdf'].sort());
  });

  it('refuses a whole save when one of its rows holds an unsafe address', async () => {
    const res = await (field.path.startsWith('body.trophies')
      ? putTrophies({ trophies: [trophy(WEB), trophy('javascript:alert(1)')] })
      : field.path.startsWith('body.races')
        ? putResults({ races: [race(WEB), race('javascript:alert(1)')] })
        : putResults({ overalls: [overall(WEB), overall('javascript:alert(1)')] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toContainEqual({
      path: field.path.replace('.0.', '.1.'),
      message: STORED_URL_MESSAGE,
    });
    expect(await field.stored()).toEqual([]);
  });
});

describe("a trophy's pictures (several addresses joined by '|')", () => {
  it('stores web addresses and our own files together', async () => {
    const imageURL = `https://images.example.test/cup.jpg|${OWN_FILE}`;
    const res = await putTrophies({ trophies: [trophy(imageURL)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ imageURL }]);
  });

  it('refuses the list when any one address is unsafe', async () => {
    for (const imageURL of [
      `https://images.example.test/cup.jpg|javascript:alert(1)`,
      `data:image/svg+xml,<svg onload=alert(1)>|${OWN_FILE}`,
      `${OWN_FILE}|| javascript:alert(1)`,
    ]) {
      const res = await putTrophies({ trophies: [trophy(imageURL)] });
      expect(res.statusCode, imageURL).toBe(400);
      expect(res.json().fields).toContainEqual({ path: 'body.trophies.0.imageURL', message: STORED_URL_MESSAGE });
    }
    expect(await t.db.select().from(trophies)).toEqual([]);
  });
});

describe('a write a device queued (POST /api/sync/batch)', () => {
  it('is refused like the same request sent directly, storing nothing', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/sync/batch',
      payload: {
        writes: [
          {
            method: 'PUT',
            path: '/api/v2/Trophies',
            clientId: randomUUID(),
            seq: 1,
            idempotencyKey: randomUUID(),
            body: { trophies: [trophy('javascript:alert(1)')], trophiesDeleted: [] },
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answer] = res.json().answers;
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ path: 'body.trophies.0.imageURL', message: STORED_URL_MESSAGE });
    expect(await t.db.select().from(trophies)).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('stores only addresses the rule accepts', async () => {
    const hashes = { admin: 'a', auditor: 'b', racedept: 'c', school: 'd' };
    const rows = planDemo(new Date('2026-06-15T09:00:00Z'), await readAthletesCsv(), hashes);
    const files = [...rows.resultRaces, ...rows.resultOveralls].map((r) => r.fileUrl ?? '');
    const pictures = rows.trophies.map((r) => r.imageUrl ?? '');
    expect(files.filter((url) => url !== '')).not.toHaveLength(0);
    expect(pictures.filter((url) => url !== '')).not.toHaveLength(0);
    expect(files.filter((url) => url !== '' && !isSafeStoredUrl(url))).toEqual([]);
    expect(pictures.filter((url) => !isSafeStoredUrlList(url))).toEqual([]);
  });
});
