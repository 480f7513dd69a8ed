// Participants of a school and their race (team) entries. Participants are kept across seasons;
// removal archives one (archived 1), which deletes its entries in the session's current event.
// Writes: a new participant or a changed snow id is checked against the athlete registry; a POST
// whose snow id already belongs to a participant of the school updates that participant and
// answers it (its own id: the client replaces its local row); a stale `version` answers 409 with
// the row as stored now (`current`), so the client can merge. The reads are reads.ts, named here
// too so the routes and new-season.ts keep one door into the module's services.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import type { Participant, ParticipantPatch, ParticipantSaveRow, ParticipantWrite } from '../../../src/domain/schemas';
import { isWholeParticipantRow } from '../../../src/domain/schemas/entities/participant';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { participants, teamEntries } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { checkSnowId, type Athletes } from './registry-check';
import { assertMayArchive } from './paid-guard';
import { shapeParticipants } from './reads';
import type { ParticipantRow } from './shape';

export {
  listParticipants,
  listTeamEntries,
  participantTeamEntries,
  participantsOfSchoolEvent,
  shapeParticipants,
} from './reads';

const NO_SCHOOL = 'Choose a school first.';
const SNOW_ID_TAKEN = 'Another participant of this school already has this Snow Id.';

/** What a write acts on: the session's school and current event, and the registry's answers. */
export type WriteCtx = { session: SessionInfo; schoolId: string; eventId: string | null; athletes: Athletes };

// --------------------------------------------------------------------------------------- writes

async function lockEvent(tx: Tx, ctx: Pick<WriteCtx, 'session' | 'eventId'>) {
  if (ctx.eventId) await assertEventWritable(tx, ctx.session, ctx.eventId);
}

async function stale(tx: Tx, row: ParticipantRow, eventId: string | null, extra: Record<string, unknown> = {}) {
  const [current] = await shapeParticipants(tx, [row], eventId);
  return conflict(SERVER_MESSAGES.staleVersion, { current, ...extra });
}

/** A snow id must not be held by another participant of the school (a unique index says so too). */
async function assertSnowIdFree(tx: Tx, schoolId: string, snowId: string, exceptId: string | null, path: string) {
  const [other] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.schoolId, schoolId),
        eq(participants.snowId, snowId),
        exceptId ? ne(participants.id, exceptId) : undefined,
      ),
    );
  if (other) throw new HttpError(422, ERROR_CODES.DUPLICATE_ENTRY, SNOW_ID_TAKEN, [{ path, message: SNOW_ID_TAKEN }]);
}

async function removeEntriesOnArchive(tx: Tx, participantId: string, eventId: string | null) {
  if (!eventId) return;
  await tx
    .delete(teamEntries)
    .where(and(eq(teamEntries.participantId, participantId), eq(teamEntries.eventId, eventId)));
}

type SaveOpts = { create: boolean; path: (field: string) => string; extra?: Record<string, unknown> };

/** One row of POST or PUT: insert, or update the row with that id, or (new id) the school's
 *  participant with the same snow id. Answers the stored row. */
async function saveOne(tx: Tx, ctx: WriteCtx, input: ParticipantWrite, opts: SaveOpts): Promise<ParticipantRow> {
  const [byId] = await tx.select().from(participants).where(eq(participants.id, input.id)).for('update');
  // Never reveal or touch another school's row.
  if (byId && byId.schoolId !== ctx.schoolId) throw notFound();
  let target = byId;
  if (!target && input.snowId) {
    [target] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.schoolId, ctx.schoolId), eq(participants.snowId, input.snowId)))
      .for('update');
  }
  // The version speaks of the client's row; a snow id match is another row, whose version it never saw.
  if (target && target.id === input.id && input.version !== undefined && input.version !== target.version) {
    throw await stale(tx, target, ctx.eventId, opts.extra);
  }
  await assertMayArchive(tx, ctx.session, target, input.archived === 1, ctx.eventId);
  const changesSnowId = !target || target.snowId !== input.snowId;
  let snowIdActive = target?.snowIdActive ?? 1;
  if (input.snowId && (opts.create || !byId || changesSnowId))
    snowIdActive = checkSnowId(ctx.athletes, input.snowId, opts.path('snowId'));
  if (input.snowId && changesSnowId)
    await assertSnowIdFree(tx, ctx.schoolId, input.snowId, target?.id ?? null, opts.path('snowId'));
  const values = {
    snowId: input.snowId,
    snowIdActive,
    firstname: input.firstname,
    lastname: input.lastname,
    yearLevel: input.yearLevel,
    gender: input.gender,
    dob: input.dob,
    email: input.email,
    archived: input.archived ?? target?.archived ?? 0,
  };
  const [saved] = target
    ? await tx.update(participants).set(values).where(eq(participants.id, target.id)).returning()
    : await tx
        .insert(participants)
        .values({ id: input.id, schoolId: ctx.schoolId, ...values })
        .returning();
  if (input.archived === 1) await removeEntriesOnArchive(tx, saved!.id, ctx.eventId);
  return saved!;
}

/** POST /api/v2/participants. */
export async function createParticipant(tx: Tx, ctx: WriteCtx, input: ParticipantWrite): Promise<Participant> {
  await lockEvent(tx, ctx);
  const row = await saveOne(tx, ctx, input, { create: true, path: (f) => f });
  const [shaped] = await shapeParticipants(tx, [row], ctx.eventId);
  return shaped!;
}

/** PUT /api/v2/participants: many rows, one transaction, the same rules per row: a whole row is
 *  saved as POST saves it; a row of fewer fields changes only those of a participant on record,
 *  as PATCH does. `schoolOf` gives each row's school (the session's, or for an admin without one
 *  the row's own). */
export async function saveParticipants(
  tx: Tx,
  ctx: Omit<WriteCtx, 'schoolId'>,
  rows: ParticipantSaveRow[],
  schoolOf: (row: ParticipantSaveRow) => string,
): Promise<Participant[]> {
  await lockEvent(tx, ctx);
  const saved: ParticipantRow[] = [];
  for (const [i, row] of rows.entries()) {
    const rowCtx = { ...ctx, schoolId: schoolOf(row) };
    const path = (f: string) => `participants.${i}.${f}`;
    saved.push(
      isWholeParticipantRow(row)
        ? await saveOne(tx, rowCtx, row, { create: false, path, extra: { index: i } })
        : await patchOne(tx, rowCtx, row.id, row, path, { index: i }),
    );
  }
  // A row saved twice in one batch (same id or snow id) is answered once per request row, as stored at the end.
  const latest = await tx
    .select()
    .from(participants)
    .where(
      inArray(
        participants.id,
        saved.map((s) => s.id),
      ),
    );
  const byId = new Map((await shapeParticipants(tx, latest, ctx.eventId)).map((p) => [p.id, p]));
  return saved.map((s) => byId.get(s.id)!);
}

/** PATCH /api/v2/participants/{id}: only the fields sent. `schoolId` null: any school (staff). */
export async function patchParticipant(
  tx: Tx,
  ctx: Omit<WriteCtx, 'schoolId'> & { schoolId: string | null },
  id: string,
  patch: ParticipantPatch,
): Promise<Participant> {
  await lockEvent(tx, ctx);
  const saved = await patchOne(tx, ctx, id, patch, (f) => f);
  const [shaped] = await shapeParticipants(tx, [saved], ctx.eventId);
  return shaped!;
}

/** The fields sent, on a participant on record (of the school, when one is given). */
async function patchOne(
  tx: Tx,
  ctx: Omit<WriteCtx, 'schoolId'> & { schoolId: string | null },
  id: string,
  patch: ParticipantPatch,
  path: (field: string) => string,
  extra: Record<string, unknown> = {},
): Promise<ParticipantRow> {
  const [row] = await tx
    .select()
    .from(participants)
    .where(and(eq(participants.id, id), ctx.schoolId ? eq(participants.schoolId, ctx.schoolId) : undefined))
    .for('update');
  if (!row) throw notFound();
  if (patch.version !== undefined && patch.version !== row.version) throw await stale(tx, row, ctx.eventId, extra);
  await assertMayArchive(tx, ctx.session, row, patch.archived === 1, ctx.eventId);
  const { version: _v, snowIdActive: _active, ...fields } = patch;
  const set: Partial<typeof participants.$inferInsert> = {};
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined && k !== 'id' && k !== 'SchoolId') (set as Record<string, unknown>)[k] = v;
  if (patch.snowId !== undefined && patch.snowId !== row.snowId) {
    if (patch.snowId) {
      set.snowIdActive = checkSnowId(ctx.athletes, patch.snowId, path('snowId'));
      await assertSnowIdFree(tx, row.schoolId, patch.snowId, row.id, path('snowId'));
    } else {
      set.snowIdActive = 1;
    }
  }
  const [saved] = Object.keys(set).length
    ? await tx.update(participants).set(set).where(eq(participants.id, id)).returning()
    : [row];
  if (patch.archived === 1) await removeEntriesOnArchive(tx, id, ctx.eventId);
  return saved!;
}

/** DELETE /api/v2/team-entries/{id}: within the school (404 otherwise); the entry's event must be
 *  open. `schoolId` null: any school (staff). */
export async function deleteTeamEntry(tx: Tx, session: SessionInfo, schoolId: string | null, id: string) {
  const [row] = await tx
    .select()
    .from(teamEntries)
    .where(and(eq(teamEntries.id, id), schoolId ? eq(teamEntries.schoolId, schoolId) : undefined))
    .for('update');
  if (!row) throw notFound();
  await assertEventWritable(tx, session, row.eventId);
  await tx.delete(teamEntries).where(eq(teamEntries.id, id));
  return { ok: true as const };
}

export function requireSchool(schoolId: string | null | undefined): string {
  if (!schoolId) throw badRequest(NO_SCHOOL);
  return schoolId;
}
