// The first-season carry-over (spec sections 2, 4 and 7): GET /api/participants/year12 and
// POST /api/v2/new-season-updates. Participants belong to a school, not to an event, and keep last
// season's year levels until the school's coordinator carries them over, so last season's Year
// 12s are the school's active Year 12 participants (rules/new-season).
// The carry-over is one transaction: the year levels the coordinator confirmed, the removed ones
// and every Year 12 leaver archived (with their entries in the write's event, as any archive),
// and the first-season flag of the school's coordinator logins cleared. It runs once: a school
// without the flag set answers 409 (done already, from another device), which the client counts
// as success; a replay of the same write gets the stored answer.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { LEAVING_YEAR_LEVEL, NEW_SEASON_ALREADY_DONE } from '../../../src/domain/rules/new-season';
import { API, routeSchema, type Participant } from '../../../src/domain/schemas';
import type { newSeasonBodySchema } from '../../../src/domain/schemas/api/participants';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { participants, teamEntries, users } from '../../db/schema';
import { badRequest, conflict } from '../../http-errors';
import { requireSession, schoolScope } from '../../plugins/authz';
import { assertEventWritable } from '../../plugins/event-lock';
import { runWrite } from '../../plugins/idempotency';
import type { SessionInfo } from '../../plugins/session';
import type { reconcileAfterWrite } from '../money';
import { requireSchool, shapeParticipants } from './service';

type NewSeasonBody = z.output<typeof newSeasonBodySchema>;
type RouteApp = Parameters<FastifyPluginAsyncZod<Deps>>[0];

const NOT_OF_SCHOOL = 'Not a participant of this school.';
const BOTH_KEPT_AND_REMOVED = 'A participant cannot be both carried over and removed.';

const isActiveYear12 = (schoolId: string) =>
  and(
    eq(participants.schoolId, schoolId),
    eq(participants.archived, 0),
    eq(participants.yearLevel, LEAVING_YEAR_LEVEL),
  );

/** GET /api/participants/year12: last season's Year 12s of the school (they are leaving). */
async function year12Leavers(db: Db, schoolId: string, eventId: string | null): Promise<Participant[]> {
  const rows = await db
    .select()
    .from(participants)
    .where(isActiveYear12(schoolId))
    .orderBy(asc(participants.lastname), asc(participants.firstname), asc(participants.id));
  return shapeParticipants(db, rows, eventId);
}

/** Every id named must be a participant of the school: bad input otherwise (nothing changes). */
async function assertOwnParticipants(tx: Tx, schoolId: string, body: NewSeasonBody) {
  const carried = new Set(body.participants.map((p) => p.id));
  const both = body.participantsArchive.findIndex((id) => carried.has(id));
  if (both >= 0)
    throw badRequest(BOTH_KEPT_AND_REMOVED, [{ path: `participantsArchive.${both}`, message: BOTH_KEPT_AND_REMOVED }]);
  const named = [...new Set([...carried, ...body.participantsArchive])];
  if (!named.length) return;
  const found = new Set(
    (
      await tx
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.schoolId, schoolId), inArray(participants.id, named)))
    ).map((r) => r.id),
  );
  const fields = [
    ...body.participants.flatMap((p, i) =>
      found.has(p.id) ? [] : [{ path: `participants.${i}.id`, message: NOT_OF_SCHOOL }],
    ),
    ...body.participantsArchive.flatMap((id, i) =>
      found.has(id) ? [] : [{ path: `participantsArchive.${i}`, message: NOT_OF_SCHOOL }],
    ),
  ];
  if (fields.length) throw badRequest(NOT_OF_SCHOOL, fields);
}

/** POST /api/v2/new-season-updates, in the write's transaction. */
async function carryOverSeason(tx: Tx, session: SessionInfo, schoolId: string, body: NewSeasonBody) {
  if (session.eventId) await assertEventWritable(tx, session, session.eventId);
  const flagged = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, 'school'), eq(users.firstSeasonLogin, true)))
    .for('update');
  if (!flagged.length) throw conflict(NEW_SEASON_ALREADY_DONE);
  await assertOwnParticipants(tx, schoolId, body);

  const leavers = (await tx.select({ id: participants.id }).from(participants).where(isActiveYear12(schoolId))).map(
    (r) => r.id,
  );
  for (const { id, yearLevel } of body.participants) {
    await tx.update(participants).set({ yearLevel }).where(eq(participants.id, id));
  }
  const archive = [...new Set([...body.participantsArchive, ...leavers])];
  if (archive.length) {
    await tx
      .update(participants)
      .set({ archived: 1 })
      .where(and(eq(participants.schoolId, schoolId), inArray(participants.id, archive)));
    if (session.eventId) {
      await tx
        .delete(teamEntries)
        .where(and(inArray(teamEntries.participantId, archive), eq(teamEntries.eventId, session.eventId)));
    }
  }
  await tx
    .update(users)
    .set({ firstSeasonLogin: false })
    .where(
      inArray(
        users.id,
        flagged.map((u) => u.id),
      ),
    );
  return { ok: true as const };
}

/** A school user carries over its own school (a body naming another is ignored, as for every
 *  participant write); staff name the school in the body. */
function carryOverSchool(request: FastifyRequest, named: string): string {
  const session = requireSession(request);
  return requireSchool(session.type === 'school' ? session.schoolId : named);
}

/** Registered from the participants routes (same roles: school and admin write, auditor reads). */
export function registerNewSeasonRoutes(app: RouteApp, db: Db, afterWrite: ReturnType<typeof reconcileAfterWrite>) {
  const api = API.participants;

  app.get(
    api.year12.url,
    {
      schema: routeSchema(api.year12),
    },
    async (request) => year12Leavers(db, requireSchool(schoolScope(request)), requireSession(request).eventId),
  );

  app.post(
    api.newSeasonUpdates.url,
    {
      onSend: afterWrite,
      schema: routeSchema(api.newSeasonUpdates),
    },
    async (request, reply) => {
      const session = requireSession(request);
      const schoolId = carryOverSchool(request, request.body.SchoolId);
      return runWrite(db, request, reply, (tx) => carryOverSeason(tx, session, schoolId, request.body));
    },
  );
}
