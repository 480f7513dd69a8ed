// What every answer carries: the security headers (CSP, frame-ancestors, nosniff, Referrer-Policy,
// Permissions-Policy; HSTS and the Secure cookie only over https), compression of JSON and of the
// client's files, and the caching rules: hashed assets for a year, the shell revalidated always.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createUser } from './support/factories';
import type { Agent } from './support/http';
import { schoolInEvent } from './support/scenario';
import { startTestApp, type TestApp } from './support/test-app';

/** A client build in miniature: the shell, one hashed asset with its .br and .gz, the worker. */
async function fakeClient(dir: string) {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Interschools</title><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js'), script);
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
  await writeFile(path.join(dir, 'sw.js'), `self.addEventListener('install', () => {}); // ${'y'.repeat(2000)}`);
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Interschools"}');
}

let t: TestApp;
let school: Agent;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'interschools-client-'));
  await fakeClient(clientDir);
  t = await startTestApp({ env: { STATIC_DIR: clientDir } });
  ({ school } = await schoolInEvent(t));
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(String(headers['permissions-policy'])).toContain('camera=()');
}

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/states'],
    ['an API refusal', '/api/v2/participants'],
    ['an unknown API path', '/api/no-such-call'],
    ['the shell', '/'],
    ['a hashed asset', '/assets/index-AbC123.js'],
    ['the service worker', '/sw.js'],
    ['a client route', '/participant/index'],
  ])('are on %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expectSecurityHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and a Secure session cookie when the public address is https', async () => {
    const https = await startTestApp({ env: { PUBLIC_URL: 'https://entries.example.org' } });
    try {
      const user = await createUser(https.db, 'admin');
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res.headers);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('compression', () => {
  it('sends JSON brotli- or gzip-compressed to a client that accepts it', async () => {
    const plain = await school.request({ method: 'GET', url: '/api/sync/changes?cursor=0' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await school.request({
      method: 'GET',
      url: '/api/sync/changes?cursor=0',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const fromBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(fromBr.cursor).toBe(plain.json().cursor);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gz = await school.request({
      method: 'GET',
      url: '/api/sync/changes?cursor=0',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).cursor).toBe(plain.json().cursor);
  });

  it("serves an asset's precompressed copy, and compresses the service worker on the fly", async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('console.log');

    const worker = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(worker.rawPayload).toString()).toContain("addEventListener('install'");
  });
});

describe('caching', () => {
  it('keeps hashed assets for a year without revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/team/grid'])(
    'revalidates %s every time',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('never stores API answers', async () => {
    const res = await school.request({ method: 'GET', url: '/api/states' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
