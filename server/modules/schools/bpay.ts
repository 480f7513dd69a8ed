// The BPAY grid (spec section 2, /schools): every school with its state and BPAY reference, read by
// admins and auditors, the references set by admins. A reference identifies a school's payments,
// so two schools never share one, and it ends in its check digit (rules/bpay-crn.ts) so a mistyped
// one is refused at the payer's bank; a reference kept from before may stay as it is. The save is
// all or nothing.
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { crnRefusedMessage, isValidCrn } from '../../../src/domain/rules/bpay-crn';
import type { SchoolBpay } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import type { Db, Tx } from '../../db/client';
import { schools } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http-errors';

export const bpayTakenMessage = (bpay: string, school: string) => `BPAY reference ${bpay} is already ${school}'s.`;

export async function listBpay(db: Db | Tx): Promise<SchoolBpay[]> {
  const rows = await db
    .select({
      id: schools.id,
      name: schools.name,
      StateId: schools.stateId,
      bpay: schools.bpay,
      version: schools.version,
    })
    .from(schools)
    .where(isNull(schools.removedAt))
    .orderBy(asc(schools.name), asc(schools.id));
  return rows;
}

export async function saveBpay(
  tx: Tx,
  changes: readonly { id: string; bpay: string; version?: number }[],
): Promise<SchoolBpay[]> {
  const ids = changes.map((c) => c.id);
  const stored = ids.length ? await tx.select().from(schools).where(inArray(schools.id, ids)).for('update') : [];
  const byId = new Map(stored.map((s) => [s.id, s]));
  const all = await tx.select({ id: schools.id, name: schools.name, bpay: schools.bpay }).from(schools);
  // The references as they will stand after this save.
  const after = new Map(all.map((s) => [s.id, s.bpay]));
  for (const c of changes) after.set(c.id, c.bpay);
  const names = new Map(all.map((s) => [s.id, s.name]));
  changes.forEach((change, index) => {
    const row = byId.get(change.id);
    if (!row || row.removedAt) throw notFound();
    if (change.version !== undefined && change.version !== row.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, {
        current: { id: row.id, name: row.name, StateId: row.stateId, bpay: row.bpay, version: row.version },
        index,
      });
    }
    if (!change.bpay) return;
    if (!isValidCrn(change.bpay) && change.bpay !== row.bpay) {
      const message = crnRefusedMessage(change.bpay);
      throw unprocessable(message, [{ path: `schools.${index}.bpay`, message }]);
    }
    const holder = [...after].find(([id, bpay]) => id !== change.id && bpay === change.bpay);
    if (holder) {
      const message = bpayTakenMessage(change.bpay, names.get(holder[0]) ?? 'another school');
      throw unprocessable(message, [{ path: `schools.${index}.bpay`, message }]);
    }
  });
  for (const c of changes) await tx.update(schools).set({ bpay: c.bpay }).where(eq(schools.id, c.id));
  return listBpay(tx);
}
