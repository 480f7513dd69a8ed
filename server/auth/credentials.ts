// What a change of an account's sign-in means, in one place for staff users and schools alike.
// Whoever knew the old email or password may hold a session or a reset link made for it: a
// departing coordinator who asked for a link to the old address must not set a password once the
// login has been handed over. So every such change ends the account's other sessions and voids
// its links, and a link also carries a stamp of the account as it was, so a change that some
// path forgets to report (or one made outside the app) still voids it.
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { passwordResets, sessions } from '../db/schema';

/** The fields a reset link is bound to: a change of any of them makes another stamp. */
export type StampedAccount = { id: string; email: string; passwordHash: string; type: string };

/** A digest of the account's sign-in as it is now (the email ignoring case, as sign-in does). */
export function accountStamp(user: StampedAccount): string {
  // JSON keeps the fields apart: no two different accounts can join into the same text.
  const fields = JSON.stringify([user.id, user.email.toLowerCase(), user.passwordHash, user.type]);
  return createHash('sha256').update(fields).digest('base64url');
}

/**
 * The account's sign-in email, password or role changed: its sessions end but `keepTokenHash`
 * (the saver's own, when they changed their own account) and all its reset links die. Run it in
 * the transaction that made the change; the caller makes this process's session cache forget the
 * user once that has committed.
 */
export async function credentialsChanged(tx: Tx, userId: string, keepTokenHash: string | null): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
