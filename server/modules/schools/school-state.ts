// A school's state is the association's to set (docs/decisions.md "A school's state is the
// association's to set"): chosen at registration, changed after that only by an admin. The
// event-to-state checks (plugins/event-lock.ts, auth/service.ts) trust it, so a school user's profile
// save naming another state, or none, is refused (422, the reason on the field) rather than ignored:
// a queued offline save is then set aside with the reason instead of looking saved.
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Tx } from '../../db/client';
import { schools } from '../../db/schema';
import { unprocessable } from '../../http-errors';
import type { SessionInfo } from '../../plugins/session';

/** Refuses a profile save by anyone but an admin that changes the school's state. */
export async function assertStateKept(
  tx: Tx,
  session: SessionInfo,
  schoolId: string,
  stateId: number | null,
): Promise<void> {
  if (session.type === 'admin') return;
  const [row] = await tx.select({ stateId: schools.stateId }).from(schools).where(eq(schools.id, schoolId));
  if (!row || row.stateId === stateId) return;
  const message = SERVER_MESSAGES.schoolStateSetByAssociation;
  throw unprocessable(message, [{ path: 'school.StateId', message }]);
}
