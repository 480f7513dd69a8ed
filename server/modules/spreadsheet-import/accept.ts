// An uploaded spreadsheet arrives as the request's body, as it is (at most MAX_IMPORT_BYTES): what
// it holds is decided by its bytes, not by the type its sender declares.
import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_BYTES } from '../../../src/domain/constants/limits';

const SPREADSHEET_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/octet-stream',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** Lets the routes of the plugin it is called in take a spreadsheet as their body (a Buffer). */
export function acceptSpreadsheets(app: FastifyInstance): void {
  app.addContentTypeParser(
    SPREADSHEET_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
}
