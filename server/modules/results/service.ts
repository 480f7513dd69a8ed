// Race results, overall results and trophies (spec section 7; docs/decisions.md 'Race day': a
// result links its published file, a PDF or a web page, and may carry placings). Results belong
// to one event; trophies to none. A save adds, edits and removes rows in one transaction; a
// refusal of the data is 422 (the device's outbox records it and the page shows it).
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  ResultOverall,
  ResultRace,
  ResultsBody,
  TrophiesBody,
  TrophiesFilter,
  TrophyListItem,
} from '../../../src/domain/schemas';
import type { SessionInfo } from '../../plugins/session';
import type { Db, Tx } from '../../db/client';
import { disciplines, events, resultOveralls, resultRaces, trophies } from '../../db/schema';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { badRequest, conflict, notFound, unprocessable } from '../../http-errors';
import { toResultOverall, toResultRace, toTrophy } from './shape';

export const NO_RESULTS_EVENT = 'Choose an event first: results belong to an event.';
export const RESULTS_EVENT_NOT_FOUND = 'That event does not exist or has no results to show.';
export const unknownDisciplineMessage = (id: number) => `Discipline ${id} does not exist. Choose one from the list.`;
export const RESULT_OF_OTHER_EVENT = 'That result belongs to another event. Reload the results and add it again.';
export const unknownOrderMessage = (term: string) =>
  `Cannot order trophies by '${term}'. Use one of ${Object.keys(TROPHY_ORDER_COLUMNS).join(', ')}, then ASC or DESC.`;
const unknownIncludeMessage = (term: string) => `Cannot include '${term}' with trophies. Use 'discipline'.`;

/**
 * The event whose results a caller reads: the one named (EventId) or else the session's. An admin
 * reads any event; everyone else the session's event or one shown for results (events.showForResults),
 * and any other is answered 404 like an event that does not exist (its existence is not told).
 */
export async function readableResultsEvent(
  db: Db,
  session: SessionInfo,
  requested: string | undefined,
): Promise<string> {
  const eventId = requested ?? session.eventId;
  if (!eventId) throw badRequest(NO_RESULTS_EVENT);
  const [event] = await db
    .select({ id: events.id, shown: events.showForResults })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw notFound(RESULTS_EVENT_NOT_FOUND);
  if (session.type !== 'admin' && !event.shown && event.id !== session.eventId) throw notFound(RESULTS_EVENT_NOT_FOUND);
  return event.id;
}

export async function listRaces(db: Db | Tx, eventId: string): Promise<ResultRace[]> {
  const rows = await db
    .select()
    .from(resultRaces)
    .where(eq(resultRaces.eventId, eventId))
    .orderBy(
      asc(resultRaces.disciplineId),
      asc(resultRaces.division),
      asc(resultRaces.gender),
      asc(resultRaces.teamIndividual),
      asc(resultRaces.id),
    );
  return rows.map(toResultRace);
}

export async function listOveralls(db: Db | Tx, eventId: string): Promise<ResultOverall[]> {
  const rows = await db
    .select()
    .from(resultOveralls)
    .where(eq(resultOveralls.eventId, eventId))
    .orderBy(
      asc(resultOveralls.pointscore),
      asc(resultOveralls.schoolType),
      asc(resultOveralls.gender),
      asc(resultOveralls.id),
    );
  return rows.map(toResultOverall);
}

/** Refuses (422) a discipline id that does not exist, naming the row. */
async function assertDisciplines(
  tx: Tx,
  rows: readonly { disciplineId: number | null }[],
  path: (index: number) => string,
) {
  const ids = [...new Set(rows.flatMap((r) => (r.disciplineId === null ? [] : [r.disciplineId])))];
  const known = new Set(
    ids.length
      ? (await tx.select({ id: disciplines.id }).from(disciplines).where(inArray(disciplines.id, ids))).map((d) => d.id)
      : [],
  );
  rows.forEach((row, index) => {
    if (row.disciplineId === null || known.has(row.disciplineId)) return;
    const message = unknownDisciplineMessage(row.disciplineId);
    throw unprocessable(message, [{ path: path(index), message }]);
  });
}

/** Refuses (409, with the row as stored now) an edit made on an older version of the row: another
 *  administrator changed it meanwhile, and neither change may silently undo the other. */
function assertCurrent<S extends { id: string; version: number }, R>(
  stored: readonly S[],
  row: { id: string; version?: number | undefined },
  shape: (s: S) => R,
) {
  const before = stored.find((s) => s.id === row.id);
  if (before && row.version !== undefined && row.version !== before.version) {
    throw conflict(SERVER_MESSAGES.staleVersion, { current: shape(before) });
  }
}

/** Refuses (422) a row id already used by a result of another event. */
function assertSameEvent(
  stored: readonly { id: string; eventId: string }[],
  rows: readonly { id: string }[],
  eventId: string,
  list: string,
) {
  rows.forEach((row, index) => {
    if (stored.some((s) => s.id === row.id && s.eventId !== eventId)) {
      throw unprocessable(RESULT_OF_OTHER_EVENT, [{ path: `${list}.${index}.id`, message: RESULT_OF_OTHER_EVENT }]);
    }
  });
}

/** Removes the deleted results of this event (another event's ids are left alone), adds or
 *  updates the rows sent, and answers the event's results. All or nothing. */
export async function saveResults(
  tx: Tx,
  eventId: string,
  body: ResultsBody,
): Promise<{ races: ResultRace[]; overalls: ResultOverall[] }> {
  // A link shown to every user is a web page or one of our files: the body's schema checked each
  // (storedUrl, rules/stored-url) before this runs.
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw notFound(RESULTS_EVENT_NOT_FOUND);
  if (body.racesDeleted.length) {
    await tx
      .delete(resultRaces)
      .where(and(eq(resultRaces.eventId, eventId), inArray(resultRaces.id, body.racesDeleted)));
  }
  if (body.overallDeleted.length) {
    await tx
      .delete(resultOveralls)
      .where(and(eq(resultOveralls.eventId, eventId), inArray(resultOveralls.id, body.overallDeleted)));
  }
  const races = body.races ?? [];
  const overalls = body.overalls ?? [];
  await assertDisciplines(
    tx,
    races.map((r) => ({ disciplineId: r.DisciplineId })),
    (i) => `races.${i}.DisciplineId`,
  );
  if (races.length) {
    const stored = await tx
      .select()
      .from(resultRaces)
      .where(
        inArray(
          resultRaces.id,
          races.map((r) => r.id),
        ),
      )
      .for('update');
    assertSameEvent(stored, races, eventId, 'races');
    for (const r of races) {
      assertCurrent(stored, r, toResultRace);
      const values = {
        disciplineId: r.DisciplineId,
        division: r.division,
        gender: r.gender,
        teamIndividual: r.teamIndividual,
        fileUrl: r.fileUrl,
        placings: r.placings,
      };
      if (stored.some((s) => s.id === r.id)) await tx.update(resultRaces).set(values).where(eq(resultRaces.id, r.id));
      else await tx.insert(resultRaces).values({ id: r.id, eventId, ...values });
    }
  }
  if (overalls.length) {
    const stored = await tx
      .select()
      .from(resultOveralls)
      .where(
        inArray(
          resultOveralls.id,
          overalls.map((r) => r.id),
        ),
      )
      .for('update');
    assertSameEvent(stored, overalls, eventId, 'overalls');
    for (const o of overalls) {
      assertCurrent(stored, o, toResultOverall);
      const values = {
        pointscore: o.pointscore,
        schoolType: o.schoolType,
        gender: o.gender,
        fileUrl: o.fileUrl,
        placings: o.placings,
      };
      if (stored.some((s) => s.id === o.id))
        await tx.update(resultOveralls).set(values).where(eq(resultOveralls.id, o.id));
      else await tx.insert(resultOveralls).values({ id: o.id, eventId, ...values });
    }
  }
  return { races: await listRaces(tx, eventId), overalls: await listOveralls(tx, eventId) };
}

const TROPHY_ORDER_COLUMNS: Readonly<Record<string, AnyPgColumn>> = {
  id: trophies.id,
  name: trophies.name,
  disciplineId: trophies.disciplineId,
  division: trophies.division,
  gender: trophies.gender,
  state: trophies.state,
  type: trophies.type,
};

const terms = (value: string | readonly string[] | undefined): string[] =>
  (value === undefined ? [] : typeof value === 'string' ? [value] : [...value])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

/** 'name ASC' / 'division desc' / 'state' -> an ORDER BY term; anything else a clear 400. */
function trophyOrder(value: string | readonly string[] | undefined): SQL[] {
  return terms(value).map((term) => {
    const m = /^([A-Za-z]+)(?:\s+(ASC|DESC))?$/i.exec(term);
    const column = m ? TROPHY_ORDER_COLUMNS[m[1]!] : undefined;
    if (!m || !column)
      throw badRequest(unknownOrderMessage(term), [{ path: 'filter.order', message: unknownOrderMessage(term) }]);
    return m[2]?.toUpperCase() === 'DESC' ? desc(column) : asc(column);
  });
}

function includesDiscipline(value: string | readonly string[] | undefined): boolean {
  const wanted = terms(value);
  const bad = wanted.find((t) => t.toLowerCase() !== 'discipline');
  if (bad)
    throw badRequest(unknownIncludeMessage(bad), [{ path: 'filter.include', message: unknownIncludeMessage(bad) }]);
  return wanted.length > 0;
}

export async function listTrophies(db: Db | Tx, filter: TrophiesFilter = {}): Promise<TrophyListItem[]> {
  const order = trophyOrder(filter.order);
  const withDiscipline = includesDiscipline(filter.include);
  const where = filter.where ?? {};
  const conds: SQL[] = [];
  if (where.disciplineId !== undefined) conds.push(eq(trophies.disciplineId, where.disciplineId));
  if (where.gender !== undefined) conds.push(eq(trophies.gender, where.gender));
  if (where.state !== undefined) conds.push(eq(trophies.state, where.state));
  const rows = await db
    .select({ t: trophies, disciplineName: disciplines.name })
    .from(trophies)
    .leftJoin(disciplines, eq(disciplines.id, trophies.disciplineId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...order, asc(trophies.id));
  return rows.map(({ t, disciplineName }) => ({
    ...toTrophy(t),
    ...(withDiscipline
      ? {
          discipline:
            t.disciplineId === null || disciplineName === null ? null : { id: t.disciplineId, name: disciplineName },
        }
      : {}),
  }));
}

/** Removes, adds and updates trophies (admin); answers the whole list, by name. */
export async function saveTrophies(tx: Tx, body: TrophiesBody): Promise<TrophyListItem[]> {
  if (body.trophiesDeleted.length) await tx.delete(trophies).where(inArray(trophies.id, body.trophiesDeleted));
  const rows = body.trophies ?? [];
  await assertDisciplines(tx, rows, (i) => `trophies.${i}.disciplineId`);
  if (rows.length) {
    const stored = await tx
      .select()
      .from(trophies)
      .where(
        inArray(
          trophies.id,
          rows.map((r) => r.id),
        ),
      )
      .for('update');
    for (const t of rows) {
      assertCurrent(stored, t, toTrophy);
      const values = {
        disciplineId: t.disciplineId,
        division: t.division,
        gender: t.gender,
        state: t.state,
        imageUrl: t.imageURL,
        type: t.type,
        name: t.name ?? '',
      };
      if (stored.some((s) => s.id === t.id)) await tx.update(trophies).set(values).where(eq(trophies.id, t.id));
      else await tx.insert(trophies).values({ id: t.id, ...values });
    }
  }
  return listTrophies(tx, { order: 'name ASC', include: 'discipline' });
}
