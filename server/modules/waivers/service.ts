// Waivers of a school for an event: the matched lists (people with their waiver, waivers matching
// nobody) by the domain's matchWaivers, the same function the screen runs over the device's
// mirror; and the batch save, all or nothing in one transaction (a waiver on record may come as its
// id, version and the fields changed; a new one comes whole). A stale `version` answers 409
// with the row as stored now (`current`) and its index; a row of another school or event is
// answered 404 and never touched. Who entered a waiver is the signed-in user, never the body.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { MAX_TITLE_LENGTH } from '../../../src/domain/constants/limits';
import { matchWaivers } from '../../../src/domain/rules/waiver-matching';
import type { MatchedWaivers, Waiver, WaiversBody, WaiverWrite } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { participants, volunteers, waivers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { toWaiver, type WaiverRow } from './shape';

export type Scope = { schoolId: string; eventId: string };

export const IN_BOTH_LISTS = 'A waiver cannot be saved and removed in the same save.';

/** GET /api/waivers/matched: the school's active participants, its volunteers of the event and
 *  its waivers of the event, matched. */
export async function matchedWaivers(db: Db, scope: Scope): Promise<MatchedWaivers> {
  const [people, helpers, rows] = await Promise.all([
    db
      .select({
        id: participants.id,
        firstname: participants.firstname,
        lastname: participants.lastname,
        snowId: participants.snowId,
        archived: participants.archived,
      })
      .from(participants)
      .where(and(eq(participants.schoolId, scope.schoolId), ne(participants.archived, 1))),
    db
      .select({ id: volunteers.id, firstname: volunteers.firstname, lastname: volunteers.lastname })
      .from(volunteers)
      .where(and(eq(volunteers.schoolId, scope.schoolId), eq(volunteers.eventId, scope.eventId))),
    db
      .select()
      .from(waivers)
      .where(and(eq(waivers.schoolId, scope.schoolId), eq(waivers.eventId, scope.eventId)))
      .orderBy(asc(waivers.id)),
  ]);
  return matchWaivers({ participants: people, volunteers: helpers, waivers: rows.map(toWaiver) });
}

const inScope = (row: WaiverRow, scope: Scope) => row.schoolId === scope.schoolId && row.eventId === scope.eventId;

/** The stored fields of a written waiver: names trimmed, the full name from the two parts when the
 *  form gave none, no snow id as null. */
function storedFields(
  input: Required<Pick<WaiverWrite, 'type' | 'name' | 'givenName' | 'surname' | 'completed'>> &
    Pick<WaiverWrite, 'snowId'>,
) {
  const givenName = input.givenName.trim();
  const surname = input.surname.trim();
  const name = input.name.trim() || `${givenName} ${surname}`.trim().slice(0, MAX_TITLE_LENGTH);
  return {
    type: input.type,
    name,
    givenName,
    surname,
    snowId: input.snowId || null,
    completed: input.completed ? 1 : 0,
  };
}

const derivedName = (givenName: string, surname: string) => `${givenName} ${surname}`.trim().slice(0, MAX_TITLE_LENGTH);

/** The waiver a row describes: a new one with its defaults, or one on record with the fields the
 *  row carries over what is stored (a full name made from the two parts follows them when they
 *  change). Null for only-the-changes of a waiver no longer on record. */
function written(input: WaiverWrite, stored: WaiverRow | undefined) {
  const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as WaiverWrite;
  if (!stored) {
    if (input.type === undefined || input.completed === undefined) return null;
    return storedFields({
      name: '',
      givenName: '',
      surname: '',
      ...sent,
      type: input.type,
      completed: input.completed,
    });
  }
  const namesChange = sent.givenName !== undefined || sent.surname !== undefined;
  const nameWasDerived = stored.name === derivedName(stored.givenName, stored.surname);
  return storedFields({
    type: stored.type === 'volunteer' ? 'volunteer' : 'participant',
    name: namesChange && nameWasDerived ? '' : stored.name,
    givenName: stored.givenName,
    surname: stored.surname,
    completed: stored.completed === 1,
    snowId: stored.snowId,
    ...sent,
  });
}

/** PUT /api/waivers: saves and removes in one transaction; answers the saved rows. */
export async function saveWaivers(tx: Tx, session: SessionInfo, scope: Scope, body: WaiversBody): Promise<Waiver[]> {
  await assertEventWritable(tx, session, scope.eventId);
  const removed = new Set(body.waiversDeleted);
  const both = body.data.findIndex((row) => removed.has(row.id));
  if (both >= 0) throw badRequest(IN_BOTH_LISTS, [{ path: `data.${both}.id`, message: IN_BOTH_LISTS }]);

  const saved: WaiverRow[] = [];
  for (const [index, input] of body.data.entries()) {
    const [stored] = await tx.select().from(waivers).where(eq(waivers.id, input.id)).for('update');
    if (stored && !inScope(stored, scope)) throw notFound();
    if (stored && input.version !== undefined && input.version !== stored.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, { current: toWaiver(stored), index });
    }
    const values = written(input, stored);
    if (!values) throw notFound();
    const [row] = stored
      ? await tx.update(waivers).set(values).where(eq(waivers.id, input.id)).returning()
      : await tx
          .insert(waivers)
          .values({ id: input.id, ...scope, ...values, createdBy: session.email })
          .returning();
    saved.push(row!);
  }

  if (removed.size) {
    const ids = [...removed];
    const stored = await tx.select().from(waivers).where(inArray(waivers.id, ids)).for('update');
    // An id already gone (removed on another device) is done; another school's row is not ours.
    if (stored.some((row) => !inScope(row, scope))) throw notFound();
    await tx.delete(waivers).where(inArray(waivers.id, ids));
  }
  return saved.map(toWaiver);
}
