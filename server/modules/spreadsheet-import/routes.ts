// Spreadsheet import (spec section 7 'POST /api/xls-import'; docs/decisions.md 'Entries and
// volunteers'): the file itself is the body (xlsx or csv, at most 5 MB), read on the server into
// rows with their problems; POST /api/xls-import/confirm then writes the reviewed valid rows in one
// transaction (exactly once, like every write; 410 while the session's event is locked). School
// users import into their own school, admins into the one picked in the session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_IMPORT_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { HttpError, badRequest } from '../../http-errors';
import { ERROR_CODES } from '../../../src/domain/errors';
import { NO_SCOPE, requireSession, schoolScope } from '../../plugins/authz';
import { assertEventWritable } from '../../plugins/event-lock';
import { runWrite } from '../../plugins/idempotency';
import { acceptSpreadsheets } from './accept';
import { FILE_MESSAGES, readSpreadsheet } from './read-file';
import { importParticipants, lookupAthletes, parseImport } from './service';

export const spreadsheetImportRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, registry }) => {
  const api = API.participants;
  acceptSpreadsheets(app);

  const schoolOf = (request: Parameters<typeof schoolScope>[0]) => {
    const schoolId = schoolScope(request);
    if (!schoolId) throw badRequest(NO_SCOPE);
    return schoolId;
  };

  app.post(
    api.xlsImport.url,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: routeSchema(api.xlsImport),
    },
    async (request) => {
      const schoolId = schoolOf(request);
      if (!Buffer.isBuffer(request.body))
        throw new HttpError(415, ERROR_CODES.VALIDATION, FILE_MESSAGES.notSpreadsheet);
      return parseImport(db, registry, schoolId, await readSpreadsheet(request.body));
    },
  );

  app.post(
    api.xlsImportConfirm.url,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: routeSchema(api.xlsImportConfirm),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const schoolId = schoolOf(request);
      const { rows } = request.body;
      const athletes = await lookupAthletes(
        registry,
        rows.flatMap((r) => (r.snowId ? [r.snowId] : [])),
      );
      return runWrite(db, request, reply, async (tx) => {
        if (session.eventId) await assertEventWritable(tx, session, session.eventId);
        return importParticipants(tx, schoolId, rows, athletes);
      });
    },
  );
};
