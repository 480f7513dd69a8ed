// A hashed asset the build does not have (another release's, while two instances on two releases
// serve behind one proxy during an upgrade: docs/deploy.md) is a 404, not index.html: a script tag
// or the service worker's precache would take the page for the script, and the proxy asks the
// other instance only on a 404. Every other path outside the API still gets index.html.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SUPPLIER_ENV } from './support/supplier-env';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Interschools</title>');
  await writeFile(path.join(dir, 'assets', 'app-new123.js'), 'console.log(1)');
  app = await buildApp({
    ...t.deps,
    config: loadConfig({
      ...process.env,
      ...SUPPLIER_ENV,
      DATA_DIR: '.tmp/test-data',
      STATIC_DIR: dir,
      LOG_LEVEL: 'silent',
    }),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('serves the assets it has, 404s one it has not, and index.html for any other path', async () => {
  expect((await app.inject({ url: '/assets/app-new123.js' })).statusCode).toBe(200);
  const missing = await app.inject({ url: '/assets/app-old456.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.body).not.toContain('Interschools');
  expect(missing.json()).toMatchObject({ statusCode: 404 });
  const page = await app.inject({ url: '/team/grid' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Interschools');
});
