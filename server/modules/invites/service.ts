// Invites (spec /invites): which discipline, division and gender of an event are invited on to a
// State or National event. They belong to one event; the grid adds and removes them, never edits,
// and one event never holds the same invite twice. Refusals of the data are 422, which the offline
// engine records and shows on the grid (a save may have waited in a device's outbox).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Invite, InvitesBody, InviteWrite } from '../../../src/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { disciplines, events, invites } from '../../db/schema';
import { notFound, unprocessable } from '../../http-errors';
import { toInvite } from './shape';

export const NO_EVENT_CHOSEN = 'Choose an event first: invites belong to an event.';
const EVENT_NOT_FOUND = 'That event no longer exists. Choose another event.';
export const unknownDisciplineMessage = (id: number) => `Discipline ${id} does not exist. Choose one from the list.`;
export const duplicateInviteMessage = (
  discipline: string,
  i: Pick<InviteWrite, 'division' | 'gender' | 'stateNational'>,
) => `This event already has a ${i.stateNational} invite for ${discipline}, division ${i.division}, ${i.gender}.`;
const INVITE_EXISTS = 'That invite was already saved with other details. Reload the invites and add it again.';

type Race = { DisciplineId: number; division: number; gender: string; stateNational: string };

const sameInvite = (a: Race, b: Race) =>
  a.DisciplineId === b.DisciplineId &&
  a.division === b.division &&
  a.gender === b.gender &&
  a.stateNational === b.stateNational;

export async function listInvites(db: Db | Tx, eventId: string): Promise<Invite[]> {
  const rows = await db
    .select({ invite: invites, name: disciplines.name })
    .from(invites)
    .innerJoin(disciplines, eq(disciplines.id, invites.disciplineId))
    .where(eq(invites.eventId, eventId))
    .orderBy(
      asc(invites.disciplineId),
      asc(invites.division),
      asc(invites.gender),
      asc(invites.stateNational),
      asc(invites.id),
    );
  return rows.map((r) => toInvite(r.invite, r.name));
}

/** Disciplines named by the new invites, by id; refuses one that does not exist. */
async function disciplineNames(tx: Tx, added: readonly InviteWrite[]): Promise<Map<number, string>> {
  const ids = [...new Set(added.map((i) => i.DisciplineId))];
  const rows = ids.length
    ? await tx
        .select({ id: disciplines.id, name: disciplines.name })
        .from(disciplines)
        .where(inArray(disciplines.id, ids))
    : [];
  const names = new Map(rows.map((d) => [d.id, d.name]));
  added.forEach((invite, index) => {
    if (names.has(invite.DisciplineId)) return;
    const message = unknownDisciplineMessage(invite.DisciplineId);
    throw unprocessable(message, [{ path: `invites.${index}.DisciplineId`, message }]);
  });
  return names;
}

/** Removes `invitesDeleted` (of this event only: an id of another event is left alone), adds the
 *  new invites and answers the event's list. All or nothing. */
export async function saveInvites(tx: Tx, eventId: string, body: InvitesBody): Promise<Invite[]> {
  // The event row's lock serialises saves of one event, so two saves cannot both add one invite.
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (body.invitesDeleted.length) {
    await tx.delete(invites).where(and(eq(invites.eventId, eventId), inArray(invites.id, body.invitesDeleted)));
  }
  const added = body.invites ?? [];
  if (added.length === 0) return listInvites(tx, eventId);
  const names = await disciplineNames(tx, added);
  const stored = await tx.select().from(invites).where(eq(invites.eventId, eventId));
  const sameId = await tx
    .select()
    .from(invites)
    .where(
      inArray(
        invites.id,
        added.map((i) => i.id),
      ),
    );
  const taken = stored.map((s) => ({
    DisciplineId: s.disciplineId,
    division: s.division,
    gender: s.gender,
    stateNational: s.stateNational,
  }));
  const fresh: InviteWrite[] = [];
  added.forEach((invite, index) => {
    const prior = sameId.find((s) => s.id === invite.id);
    const asSaved = prior && {
      DisciplineId: prior.disciplineId,
      division: prior.division,
      gender: prior.gender,
      stateNational: prior.stateNational,
    };
    // The same invite sent again (a resend without its idempotency key) is already there.
    if (prior && prior.eventId === eventId && sameInvite(asSaved!, invite)) return;
    if (prior || fresh.some((f) => f.id === invite.id))
      throw unprocessable(INVITE_EXISTS, [{ path: `invites.${index}.id`, message: INVITE_EXISTS }]);
    if ([...taken, ...fresh].some((t) => sameInvite(t, invite))) {
      const message = duplicateInviteMessage(names.get(invite.DisciplineId)!, invite);
      throw unprocessable(message, [{ path: `invites.${index}`, message }]);
    }
    fresh.push(invite);
  });
  if (fresh.length) {
    await tx.insert(invites).values(
      fresh.map((i) => ({
        id: i.id,
        eventId,
        disciplineId: i.DisciplineId,
        division: i.division,
        gender: i.gender,
        stateNational: i.stateNational,
      })),
    );
  }
  return listInvites(tx, eventId);
}
