// Participants and their race entries (spec section 7, 'Participants, teams, volunteers').
// School users and admins read and write (an admin acts on the school picked in the session);
// auditors read; race department: no access. A school user's school is always the session's: a
// path or filter naming another school is refused (403), a body naming one is ignored.
// Every write runs through runWrite (exactly once); the registry is asked before the transaction.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_BATCH_BODY_BYTES } from '../../../src/domain/constants/limits';
import { API, routeSchema } from '../../../src/domain/schemas';
import type { Deps } from '../../deps';
import { requireSession, schoolScope } from '../../plugins/authz';
import { runWrite } from '../../plugins/idempotency';
import { archivingParticipants, reconcileAfterWrite } from '../money';
import { registerNewSeasonRoutes } from './new-season';
import { prefetchAthletes, snowIdsToCheck } from './registry-check';
import {
  createParticipant,
  deleteTeamEntry,
  listParticipants,
  listTeamEntries,
  participantTeamEntries,
  participantsOfSchoolEvent,
  patchParticipant,
  requireSchool,
  saveParticipants,
} from './service';

/** The school a write lands on: a school user's own; an admin's picked one, else the one named. */
function writeSchool(request: FastifyRequest, named: string | undefined): string {
  const session = requireSession(request);
  if (session.type === 'school') return requireSchool(session.schoolId);
  return requireSchool(session.schoolId ?? named);
}

type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

/** The participants themselves: the school's list, and the writes that ask the registry first. */
function registerParticipantRoutes(app: RouteApp, { db, registry, accounting, now }: Deps): void {
  const api = API.participants;

  app.get(
    api.list.url,
    {
      schema: routeSchema(api.list),
    },
    async (request) => {
      const filter = request.query.filter;
      const schoolId = requireSchool(schoolScope(request, filter?.where?.SchoolId));
      return listParticipants(db, schoolId, requireSession(request).eventId, filter);
    },
  );

  app.post(
    api.create.url,
    {
      schema: routeSchema(api.create),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const schoolId = writeSchool(request, request.body.SchoolId);
      const athletes = await prefetchAthletes(registry, await snowIdsToCheck(db, [request.body], true));
      return runWrite(db, request, reply, (tx) =>
        createParticipant(tx, { session, schoolId, eventId: session.eventId, athletes }, request.body),
      );
    },
  );

  app.patch(
    api.patch.url,
    {
      onSend: reconcileAfterWrite({ db, accounting, now }, archivingParticipants),
      schema: routeSchema(api.patch),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { id } = request.params;
      const snowId = request.body.snowId;
      const athletes = await prefetchAthletes(
        registry,
        snowId === undefined ? [] : await snowIdsToCheck(db, [{ id, snowId }], false),
      );
      return runWrite(db, request, reply, (tx) =>
        patchParticipant(
          tx,
          { session, schoolId: schoolScope(request), eventId: session.eventId, athletes },
          id,
          request.body,
        ),
      );
    },
  );

  app.put(
    api.saveAll.url,
    {
      // A whole grid in one call: more than the default body size.
      bodyLimit: MAX_BATCH_BODY_BYTES,
      onSend: reconcileAfterWrite({ db, accounting, now }, archivingParticipants),
      schema: routeSchema(api.saveAll),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const rows = request.body.participants;
      const schools = new Map(rows.map((r) => [r, writeSchool(request, r.SchoolId)]));
      const athletes = await prefetchAthletes(registry, await snowIdsToCheck(db, rows, false));
      return runWrite(db, request, reply, (tx) =>
        saveParticipants(tx, { session, eventId: session.eventId, athletes }, rows, (r) => schools.get(r)!),
      );
    },
  );
}

/** Their race entries: each participant's, the school's in the event, and one taken out. */
function registerEntryRoutes(app: RouteApp, { db, accounting, now }: Deps): void {
  const api = API.participants;

  app.get(
    api.teamEntriesOf.url,
    {
      schema: routeSchema(api.teamEntriesOf),
    },
    async (request) =>
      participantTeamEntries(db, schoolScope(request), request.params.id, requireSession(request).eventId),
  );

  app.get(
    api.teamEntries.url,
    {
      schema: routeSchema(api.teamEntries),
    },
    async (request) => {
      const filter = request.query.filter;
      const schoolId = requireSchool(schoolScope(request, filter?.where?.SchoolId));
      return listTeamEntries(db, schoolId, requireSession(request).eventId, filter);
    },
  );

  app.delete(
    api.deleteTeamEntry.url,
    {
      onSend: reconcileAfterWrite({ db, accounting, now }),
      schema: routeSchema(api.deleteTeamEntry),
    },
    async (request, reply) => {
      const session = requireSession(request);
      return runWrite(db, request, reply, (tx) =>
        deleteTeamEntry(tx, session, schoolScope(request), request.params.id),
      );
    },
  );

  app.get(
    api.ofSchoolEvent.url,
    {
      schema: routeSchema(api.ofSchoolEvent),
    },
    async (request) => {
      const schoolId = requireSchool(schoolScope(request, request.params.SchoolId));
      return participantsOfSchoolEvent(db, schoolId, request.params.EventId);
    },
  );
}

export const participantRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const { db, accounting, now } = deps;
  registerParticipantRoutes(app, deps);
  registerEntryRoutes(app, deps);
  registerNewSeasonRoutes(app, db, reconcileAfterWrite({ db, accounting, now }));
};
