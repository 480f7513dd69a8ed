// Team manager tickets of a school for an event: one row per school and event. The passes
// available (noAvailableTeamManagerPasses) are the server's to decide: an admin sets them, a
// school's write keeps the stored number, and the tooMany rule is checked against that number.
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../../src/domain/errors';
import { tooManyTickets } from '../../../src/domain/rules';
import type { Ticketing, TicketingWrite } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { ticketing } from '../../db/schema';
import { HttpError, conflict } from '../../http-errors';
import { assertEventWritable } from '../../plugins/event-lock';
import type { SessionInfo } from '../../plugins/session';
import { pickTickets, toTicketing, type TicketingScope } from './shape';

export type Scope = TicketingScope;

const whereScope = (scope: Scope) => and(eq(ticketing.schoolId, scope.schoolId), eq(ticketing.eventId, scope.eventId));

/** The school's tickets for the event; all zero (version 0) before the first save. */
export async function getTicketing(db: Db, scope: Scope): Promise<Ticketing> {
  const [row] = await db.select().from(ticketing).where(whereScope(scope));
  return toTicketing(scope, row);
}

export async function saveTicketing(
  tx: Tx,
  session: SessionInfo,
  scope: Scope,
  input: TicketingWrite,
): Promise<Ticketing> {
  await assertEventWritable(tx, session, scope.eventId);
  const [current] = await tx.select().from(ticketing).where(whereScope(scope)).for('update');
  // The stored row goes with the 409 so an offline device can merge the fields that do not overlap.
  if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
    throw conflict(SERVER_MESSAGES.staleVersion, { current: toTicketing(scope, current) });
  }

  const passes =
    session.type === 'admin' && input.noAvailableTeamManagerPasses !== undefined
      ? input.noAvailableTeamManagerPasses
      : (current?.noAvailableTeamManagerPasses ?? 0);
  const values = { ...pickTickets(input), noAvailableTeamManagerPasses: passes };
  if (tooManyTickets(values)) {
    throw new HttpError(422, ERROR_CODES.RULE_VIOLATION, SERVER_MESSAGES.ticketingTooMany, [
      { path: 'tooMany', message: SERVER_MESSAGES.ticketingTooMany },
    ]);
  }
  const [saved] = await tx
    .insert(ticketing)
    .values({ ...values, schoolId: scope.schoolId, eventId: scope.eventId })
    .onConflictDoUpdate({ target: [ticketing.schoolId, ticketing.eventId], set: values })
    .returning();
  return toTicketing(scope, saved);
}
