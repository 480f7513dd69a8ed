// Serves the built client (dist/) and answers index.html for every other GET outside the API, so
// hash routes and a reload on any path land in the app.
//
// Caching: files under /assets/ carry a content hash in their names, so they are cached for a
// year and never revalidated. Everything else (index.html, sw.js, the manifest, icons) must be
// revalidated every time: a stale index.html would point at assets that no longer exist and a
// stale sw.js would keep an old version of the app alive.
//
// Compression: the build writes .br and .gz beside each asset (vite.config.ts), which are served
// as they are (preCompressed); what has none is compressed on the fly by @fastify/compress.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../src/domain/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/utils/');
/** A hashed file this build does not have (another release's, mid-upgrade): 404, never index.html,
 *  which a script tag or the service worker's precache would take for the file. A 404 also lets
 *  the proxy ask the other instance (docs/deploy.md 'nginx'). */
const isAsset = (url: string) => url.startsWith('/assets/');

/** Longest path echoed in a 404's message. */
const MAX_PATH_SHOWN = 200;

export const clientFilesPlugin = fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const hasClient = existsSync(path.join(staticDir, 'index.html'));
    if (hasClient) {
      // Every route declares who may call it (plugins/authz.ts): the app's own files are public.
      let servingFiles = true;
      app.addHook('onRoute', (route) => {
        if (servingFiles) route.config = { ...route.config, auth: 'public' };
      });
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: ['index.html'],
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const hashed = path.relative(staticDir, filePath).startsWith(`assets${path.sep}`);
          reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        },
      });
      servingFiles = false;
    }
    app.setNotFoundHandler((request, reply) => {
      if (!isApi(request.url) && !isAsset(request.url) && hasClient && request.method === 'GET') {
        return reply.header('cache-control', REVALIDATE).sendFile('index.html');
      }
      return reply.code(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No route for ${request.method} ${request.url.split('?')[0]!.slice(0, MAX_PATH_SHOWN)}`,
        code: ERROR_CODES.NOT_FOUND,
      });
    });
  },
  { name: 'client-files' },
);
