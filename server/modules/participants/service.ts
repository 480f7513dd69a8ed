// Participants of a school and their race (team) entries. Participants are kept across seasons;
// removal archives one (archived 1), which deletes its entries in the session's current event.
// Writes: a new participant or a changed snow id is checked against the athlete registry; a POST
// whose snow id already belongs to a participant of the school updates that participant and
// answers it (its own id: the client replaces its local row); a stale `version` answers 409 with
// the row as stored now (`current`), so the client can merge.
import { and, asc, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import type {
  Participant,
  ParticipantPatch,
  ParticipantSaveRow,
  ParticipantTeamEntry,
  ParticipantWrite,
  ParticipantsFilter,
  TeamEntriesFilter,
  TeamEntry,
} from '../../../src/domain/schemas';
import type { TeamGender, TeamLetter } from '../../../src/domain/constants';
import { isWholeParticipantRow } from '../../../src/domain/schemas/entities/participant';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { disciplines, events, participants, schools, teamEntries, teams } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { checkSnowId, type Athletes } from './registry-check';
import { assertMayArchive } from './paid-guard';
import { toParticipant, toTeamEntry, type ParticipantRow } from './shape';

const NO_SCHOOL = 'Choose a school first.';
const SNOW_ID_TAKEN = 'Another participant of this school already has this Snow Id.';

type Q = Db | Tx;

/** What a write acts on: the session's school and current event, and the registry's answers. */
export type WriteCtx = { session: SessionInfo; schoolId: string; eventId: string | null; athletes: Athletes };

// ---------------------------------------------------------------------------------------- reads

/** Race entries per participant in one event (0 without an event). */
async function entryCounts(db: Q, ids: string[], eventId: string | null): Promise<Map<string, number>> {
  if (!ids.length || !eventId) return new Map();
  const rows = await db
    .select({ id: teamEntries.participantId, n: count() })
    .from(teamEntries)
    .where(and(inArray(teamEntries.participantId, ids), eq(teamEntries.eventId, eventId)))
    .groupBy(teamEntries.participantId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

async function entriesOf(db: Q, ids: string[], eventId: string | null): Promise<Map<string, TeamEntry[]>> {
  const by = new Map<string, TeamEntry[]>();
  if (!ids.length || !eventId) return by;
  const rows = await db
    .select()
    .from(teamEntries)
    .where(and(inArray(teamEntries.participantId, ids), eq(teamEntries.eventId, eventId)))
    .orderBy(asc(teamEntries.disciplineId), asc(teamEntries.position));
  for (const r of rows) by.set(r.participantId!, [...(by.get(r.participantId!) ?? []), toTeamEntry(r)]);
  return by;
}

/** Rows in the participant shape, with entryCount (and TeamEntries when asked) for the event. */
export async function shapeParticipants(
  db: Q,
  rows: ParticipantRow[],
  eventId: string | null,
  withEntries = false,
): Promise<Participant[]> {
  const ids = rows.map((r) => r.id);
  const [counts, entries] = await Promise.all([
    entryCounts(db, ids, eventId),
    withEntries ? entriesOf(db, ids, eventId) : Promise.resolve(null),
  ]);
  return rows.map((r) =>
    toParticipant(r, {
      entryCount: counts.get(r.id) ?? 0,
      ...(entries ? { TeamEntries: entries.get(r.id) ?? [] } : {}),
    }),
  );
}

const ORDERABLE = {
  id: participants.id,
  snowId: participants.snowId,
  firstname: participants.firstname,
  lastname: participants.lastname,
  yearLevel: participants.yearLevel,
  gender: participants.gender,
  dob: participants.dob,
  email: participants.email,
} as const;

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** LoopBack-style order ('lastname ASC', 'dob DESC'); an unknown field is bad input. */
function orderBy(order: string | string[] | undefined): SQL[] {
  const list = asList(order);
  if (!list.length) return [asc(participants.lastname), asc(participants.firstname), asc(participants.id)];
  return list.map((item, i) => {
    const [field = '', dir = 'ASC', ...rest] = item.trim().split(/\s+/);
    const column = ORDERABLE[field as keyof typeof ORDERABLE];
    const d = dir.toUpperCase();
    if (!column || rest.length || (d !== 'ASC' && d !== 'DESC')) {
      const path = `querystring.filter.order${Array.isArray(order) ? `.${i}` : ''}`;
      throw badRequest(`Cannot order by '${item}'`, [{ path, message: `Cannot order by '${item}'` }]);
    }
    return d === 'DESC' ? desc(column) : asc(column);
  });
}

function wantsEntries(include: string | string[] | undefined): boolean {
  const list = asList(include);
  list.forEach((name, i) => {
    if (name !== 'TeamEntries') {
      const path = `querystring.filter.include${Array.isArray(include) ? `.${i}` : ''}`;
      throw badRequest(`Cannot include '${name}'`, [{ path, message: `Cannot include '${name}'` }]);
    }
  });
  return list.length > 0;
}

/** GET /api/v2/participants: the school's participants; archived ones only when the filter asks. */
export async function listParticipants(
  db: Db,
  schoolId: string,
  eventId: string | null,
  filter: ParticipantsFilter | undefined,
) {
  const where = filter?.where ?? {};
  const order = orderBy(filter?.order);
  const withEntries = wantsEntries(filter?.include);
  const rows = await db
    .select()
    .from(participants)
    .where(
      and(
        eq(participants.schoolId, schoolId),
        eq(participants.archived, where.archived ?? 0),
        where.snowId !== undefined ? eq(participants.snowId, where.snowId) : undefined,
      ),
    )
    .orderBy(...order);
  return shapeParticipants(db, rows, eventId, withEntries);
}

/** GET /api/schools/{SchoolId}/events/{EventId}/participants: the school's current participants
 *  and any with entries in the event, each with its entries in that event. */
export async function participantsOfSchoolEvent(db: Db, schoolId: string, eventId: string) {
  const [[school], [event]] = await Promise.all([
    db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)),
    db.select({ id: events.id }).from(events).where(eq(events.id, eventId)),
  ]);
  if (!school) throw notFound('School not found');
  if (!event) throw notFound('Event not found');
  const entered = db
    .select({ id: teamEntries.participantId })
    .from(teamEntries)
    .where(and(eq(teamEntries.schoolId, schoolId), eq(teamEntries.eventId, eventId)));
  const rows = await db
    .select()
    .from(participants)
    .where(
      and(eq(participants.schoolId, schoolId), or(eq(participants.archived, 0), inArray(participants.id, entered))),
    )
    .orderBy(asc(participants.lastname), asc(participants.firstname), asc(participants.id));
  return shapeParticipants(db, rows, eventId, true);
}

const entryWithTeam = {
  entry: teamEntries,
  division: teams.division,
  teamRank: teams.teamRank,
  teamGender: teams.gender,
  disciplineName: disciplines.name,
};

/** GET /api/v2/participants/{id}/team-entries: the participant's entries with their teams, in the
 *  session's event (every event when the session has none). `schoolId` null: any school (staff). */
export async function participantTeamEntries(
  db: Db,
  schoolId: string | null,
  id: string,
  eventId: string | null,
): Promise<ParticipantTeamEntry[]> {
  const [p] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.id, id), schoolId ? eq(participants.schoolId, schoolId) : undefined));
  if (!p) throw notFound();
  const rows = await db
    .select(entryWithTeam)
    .from(teamEntries)
    .innerJoin(teams, eq(teams.id, teamEntries.teamId))
    .innerJoin(disciplines, eq(disciplines.id, teamEntries.disciplineId))
    .where(and(eq(teamEntries.participantId, id), eventId ? eq(teamEntries.eventId, eventId) : undefined))
    .orderBy(asc(teamEntries.disciplineId), asc(teams.division), asc(teamEntries.position));
  return rows.map((r) => ({
    ...toTeamEntry(r.entry),
    EventId: r.entry.eventId,
    DisciplineId: r.entry.disciplineId,
    disciplineName: r.disciplineName,
    division: r.division,
    teamRank: r.teamRank as TeamLetter,
    teamGender: r.teamGender as TeamGender,
  }));
}

/** GET /api/v2/team-entries: the school's entries, in the filter's event or the session's. */
export async function listTeamEntries(
  db: Db,
  schoolId: string,
  eventId: string | null,
  filter: TeamEntriesFilter | undefined,
) {
  const where = filter?.where ?? {};
  const ev = where.EventId ?? eventId;
  const rows = await db
    .select()
    .from(teamEntries)
    .where(
      and(
        eq(teamEntries.schoolId, schoolId),
        ev ? eq(teamEntries.eventId, ev) : undefined,
        where.TeamId ? eq(teamEntries.teamId, where.TeamId) : undefined,
        where.ParticipantId ? eq(teamEntries.participantId, where.ParticipantId) : undefined,
      ),
    )
    .orderBy(asc(teamEntries.teamId), asc(teamEntries.position));
  return rows.map(toTeamEntry);
}

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
