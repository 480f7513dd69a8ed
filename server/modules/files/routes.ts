// Uploaded files (docs/decisions.md 'Race day': a result links its published PDF; trophies show
// pictures). Calls beyond the spec:
// - POST /api/files/results (admin): the body is the PDF itself, at most 10 MB (413 beyond).
// - POST /api/files/trophies (admin): the body is a PNG, JPEG or WebP picture, at most 5 MB; kept
//   resized to at most 480 px wide.
// Both decide what the file is from its bytes (415 with a clear message otherwise, whatever the
// declared content type) and answer { url: '/api/files/<id>' }.
// - GET /api/files/:id (any signed-in user): the file, with the type its bytes show, shown inline,
//   never sniffed by the browser, cached privately.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, MAX_RESULT_FILE_BYTES, MAX_TROPHY_IMAGE_BYTES, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { notFound } from '../../http-errors';
import { readStoredFile, storeResultFile, storeTrophyImage } from './service';

const FILE_CACHE = 'private, max-age=86400';
const FILE_NOT_FOUND = 'That file does not exist (any more). Upload it again.';

export const fileRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config }) => {
  const api = API.results;
  // Any declared type but JSON arrives as raw bytes here (this plugin's routes only); the service
  // reads what it is. JSON keeps its own parser, and is refused as not a file.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    api.uploadResultFile.url,
    {
      bodyLimit: MAX_RESULT_FILE_BYTES,
      schema: routeSchema(api.uploadResultFile),
    },
    async (request) => storeResultFile(config.dataDir, request.body),
  );

  app.post(
    api.uploadTrophyImage.url,
    {
      bodyLimit: MAX_TROPHY_IMAGE_BYTES,
      schema: routeSchema(api.uploadTrophyImage),
    },
    async (request) => storeTrophyImage(config.dataDir, request.body),
  );

  app.get(
    api.file.url,
    {
      // eslint-disable-next-line no-restricted-syntax -- answers the file's bytes, not JSON
      schema: { params: api.file.params },
      // The app marks every /api/ answer no-store (app.ts); a file, which never changes under its
      // id, may stay in this browser's private cache. Route hooks run after the app's.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', FILE_CACHE);
        return payload;
      },
    },
    async (request, reply) => {
      const file = await readStoredFile(config.dataDir, request.params.id);
      if (!file) throw notFound(FILE_NOT_FOUND);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};
