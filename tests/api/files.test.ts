// Uploaded files (beyond the spec; docs/decisions.md 'Race day'): result PDFs and trophy pictures,
// admin only, told apart by their bytes (not their declared type), bounded in size (413), kept
// under the data dir by a random id and served back to signed-in users with their own type,
// inline, never sniffed, privately cached. Trophy pictures are shrunk to at most 480 px wide.
// Housekeeping deletes the files no result or trophy links to, once they are 30 days old.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNUSED_FILE_RETENTION_MS, runHousekeeping } from '../../server/housekeeping';
import { FILE_MESSAGES, filesDir, sniffFile } from '../../server/modules/files/service';
import { createUser } from './support/factories';
import { signIn, type Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dataDir: string;
let admin: Agent;
let school: Agent;

/** The smallest well-formed one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const image = (width: number, format: 'png' | 'jpeg' | 'webp') => {
  const picture = sharp({
    create: { width, height: Math.round(width / 2), channels: 3, background: { r: 200, g: 30, b: 30 } },
  });
  return picture[format]().toBuffer();
};

const upload = (agent: Agent, kind: 'results' | 'trophies', body: Buffer | string, contentType: string) =>
  agent.request({ method: 'POST', url: `/api/files/${kind}`, payload: body, headers: { 'content-type': contentType } });
const idOf = (url: string) => url.replace('/api/files/', '');

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'files-test-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
  ({ admin, school } = await schoolInEvent(t));
});
afterEach(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('result files', () => {
  it('keeps a PDF by a random id and serves it back to signed-in users', async () => {
    const res = await upload(admin, 'results', PDF, 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
    expect(await readdir(filesDir(dataDir))).toEqual([idOf(url)]);
    const served = await school.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['cache-control'])).toMatch(/^private/);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    // A second upload is a second file.
    const second = (await upload(admin, 'results', PDF, 'application/octet-stream')).json() as { url: string };
    expect(second.url).not.toBe(url);
  });

  it('decides by the bytes: anything but a PDF is 415 with a clear message, whatever its declared type', async () => {
    for (const [body, type] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'],
      [await image(20, 'png'), 'application/pdf'],
      [Buffer.from('just text'), 'text/plain'],
      [Buffer.alloc(0), 'application/pdf'],
    ] as const) {
      const res = await upload(admin, 'results', body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toMatch(/PDF|empty/);
    }
    const json = await admin.request({ method: 'POST', url: '/api/files/results', payload: { pdf: '%PDF-' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(FILE_MESSAGES.notPdf);
    expect(await readdir(filesDir(dataDir)).catch(() => [])).toEqual([]);
  });

  it('refuses a PDF over 10 MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(admin, 'results', big, 'application/pdf')).statusCode).toBe(413);
  });
});

describe('trophy images', () => {
  it('takes PNG, JPEG and WebP by their bytes, shrinks wide ones to 480 px and serves them with their type', async () => {
    for (const [format, width, expected] of [
      ['png', 1200, 480],
      ['jpeg', 900, 480],
      ['webp', 300, 300],
    ] as const) {
      const res = await upload(admin, 'trophies', await image(width, format), 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(200);
      const served = await school.request({ method: 'GET', url: (res.json() as { url: string }).url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      expect(sniffFile(served.rawPayload)).toBe(format);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width, format).toBe(expected);
      expect(meta.format).toBe(format === 'jpeg' ? 'jpeg' : format);
    }
  });

  it('refuses a PDF, text, a broken picture (415) and one over 5 MB (413)', async () => {
    const png = await image(40, 'png');
    for (const body of [PDF, Buffer.from('GIF89a....'), png.subarray(0, 30)]) {
      const res = await upload(admin, 'trophies', body, 'image/png');
      expect(res.statusCode).toBe(415);
      expect([FILE_MESSAGES.notImage, FILE_MESSAGES.badImage]).toContain(res.json().message);
    }
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(admin, 'trophies', big, 'image/png')).statusCode).toBe(413);
  });
});

describe('who may', () => {
  it('uploads for admins only; reads for signed-in users; unknown ids are 404, bad ids 400', async () => {
    for (const agent of [
      school,
      await signIn(t.app, (await createUser(t.db, 'auditor')).email),
      await signIn(t.app, (await createUser(t.db, 'racedept')).email),
    ]) {
      expect((await upload(agent, 'results', PDF, 'application/pdf')).statusCode).toBe(403);
      expect((await upload(agent, 'trophies', await image(10, 'png'), 'image/png')).statusCode).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/files/results',
          payload: PDF,
          headers: { 'content-type': 'application/pdf' },
        })
      ).statusCode,
    ).toBe(401);
    const { url } = (await upload(admin, 'results', PDF, 'application/pdf')).json() as { url: string };
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await school.request({ method: 'GET', url: '/api/files/AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await school.request({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
    expect((await school.request({ method: 'GET', url: '/api/files/short' })).statusCode).toBe(400);
  });
});

describe('files nothing links to', () => {
  it('are deleted by housekeeping once they are 30 days old; linked and recent ones stay', async () => {
    const url = async (kind: 'results' | 'trophies') =>
      (
        (
          await upload(
            admin,
            kind,
            kind === 'results' ? PDF : await image(20, 'png'),
            kind === 'results' ? 'application/pdf' : 'image/png',
          )
        ).json() as { url: string }
      ).url;
    const [raceFile, overallFile, picture, orphan, recent] = [
      await url('results'),
      await url('results'),
      await url('trophies'),
      await url('results'),
      await url('trophies'),
    ];
    const origin = 'https://entries.example.test';
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/results',
      payload: {
        multi: true,
        racesDeleted: [],
        overallDeleted: [],
        races: [
          {
            id: randomUUID(),
            DisciplineId: 1,
            division: 1,
            gender: 'Male',
            teamIndividual: 'Team',
            fileUrl: `${origin}${raceFile!}`,
          },
        ],
        overalls: [
          {
            id: randomUUID(),
            pointscore: 'Skiing',
            schoolType: 'Primary',
            gender: 'Male',
            fileUrl: `${origin}${overallFile!}`,
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const trophy = await admin.request({
      method: 'PUT',
      url: '/api/v2/Trophies',
      payload: {
        trophiesDeleted: [],
        trophies: [
          {
            id: randomUUID(),
            gender: 'male',
            type: 'team',
            imageURL: `https://elsewhere.example.test/cup.jpg|${picture!}`,
          },
        ],
      },
    });
    expect(trophy.statusCode, trophy.body).toBe(200);
    // On the app's clock, as the sessions are: housekeeping also ends sessions idle by that clock.
    const now = t.clock.now();
    const old = new Date(now.getTime() - UNUSED_FILE_RETENTION_MS - 60_000);
    for (const u of [raceFile, overallFile, picture, orphan])
      await utimes(path.join(filesDir(dataDir), idOf(u!)), old, old);

    await runHousekeeping(t.db, t.deps.config, now);
    expect((await readdir(filesDir(dataDir))).sort()).toEqual(
      [raceFile, overallFile, picture, recent].map((u) => idOf(u!)).sort(),
    );
    expect((await school.request({ method: 'GET', url: orphan! })).statusCode).toBe(404);
    expect((await school.request({ method: 'GET', url: raceFile! })).statusCode).toBe(200);
  });
});
