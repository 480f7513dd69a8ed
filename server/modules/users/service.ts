// Staff users (the admin users grid, spec /users): admins, auditors and race-department users.
// School users are made by registration and never pass through here. A save is all or nothing:
// it removes, updates and adds users, and refuses anything that would leave no admin, remove the
// caller, or give two accounts one email address (sign-in is by email, case-insensitive).
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, type AssignableRole } from '../../../src/domain/constants';
import type { AdminUser } from '../../../src/domain/schemas';
import { SERVER_MESSAGES } from '../../../src/domain/server-messages';
import { credentialsChanged } from '../../auth/credentials';
import { hashPassword } from '../../auth/passwords';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http-errors';
import { isTempId, type SaveUsersBody, type UserRowWrite } from './schemas';

export const CANNOT_REMOVE_SELF = 'You cannot remove your own user. Ask another admin to do it.';
export const LAST_ADMIN =
  'There must always be at least one admin. Make another user an admin before removing this one or changing its role.';
export const emailInUseMessage = (email: string) => `The email address ${email} is already in use by another user.`;
export const EMAIL_IN_USE = 'That email address is already in use by another user.';
export const newUserNeedsPasswordMessage = (email: string) => `${email} is a new user: enter a password for them.`;

type StoredUser = typeof users.$inferSelect;
/** Who is saving: their own current session survives a change of their own sign-in. */
export type Caller = { userId: string; tokenHash: string };

const isStaff = (type: string): type is AssignableRole => (ASSIGNABLE_ROLES as readonly string[]).includes(type);

const toAdminUser = (u: StoredUser): AdminUser => ({
  id: u.id,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  role: u.type as AssignableRole,
  version: u.version,
});

export async function listUsers(db: Db | Tx): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.type, [...ASSIGNABLE_ROLES]))
    .orderBy(asc(sql`lower(${users.lastname})`), asc(sql`lower(${users.firstname})`), asc(users.email), asc(users.id));
  return rows.map(toAdminUser);
}

type Plan = { updates: { row: UserRowWrite; stored: StoredUser }[]; inserts: UserRowWrite[]; removals: StoredUser[] };

/** Reads and locks every row the save names, plus every admin (the last-admin rule counts them,
 *  and two admins saving at once must not each remove the other). */
async function plan(tx: Tx, body: SaveUsersBody, caller: Caller): Promise<Plan> {
  const named = [...body.users.map((u) => u.id).filter((id) => !isTempId(id)), ...body.usersDeleted];
  const stored = await tx
    .select()
    .from(users)
    .where(named.length ? or(eq(users.type, 'admin'), inArray(users.id, named)) : eq(users.type, 'admin'))
    .for('update');
  const byId = new Map(stored.map((u) => [u.id, u]));
  const result: Plan = { updates: [], inserts: [], removals: [] };
  body.users.forEach((row, index) => {
    if (isTempId(row.id)) {
      if (!row.newPassword)
        throw badRequest(newUserNeedsPasswordMessage(row.email), [
          { path: `users.${index}.newPassword`, message: newUserNeedsPasswordMessage(row.email) },
        ]);
      result.inserts.push(row);
      return;
    }
    const current = byId.get(row.id);
    // School users are not in this list: naming one is the same as naming nobody.
    if (!current || !isStaff(current.type)) throw notFound();
    if (row.version !== undefined && row.version !== current.version) {
      throw conflict(SERVER_MESSAGES.staleVersion, { current: toAdminUser(current), index });
    }
    result.updates.push({ row, stored: current });
  });
  for (const id of body.usersDeleted) {
    const current = byId.get(id);
    if (!current) continue; // already gone: removing it again changes nothing
    if (!isStaff(current.type)) throw notFound();
    if (id === caller.userId)
      throw badRequest(CANNOT_REMOVE_SELF, [{ path: 'usersDeleted', message: CANNOT_REMOVE_SELF }]);
    result.removals.push(current);
  }
  const admins = new Set(stored.filter((u) => u.type === 'admin').map((u) => u.id));
  for (const u of result.removals) admins.delete(u.id);
  for (const { row } of result.updates)
    if (row.role === 'admin') admins.add(row.id);
    else admins.delete(row.id);
  if (admins.size === 0 && !result.inserts.some((row) => row.role === 'admin')) throw badRequest(LAST_ADMIN);
  return result;
}

/** An address is taken when another account holds it and is not being removed by this save. A
 *  holder that changes its own address in the same save still counts: the unique index is checked
 *  row by row, so swapping two addresses takes two saves. */
async function assertEmailsFree(tx: Tx, body: SaveUsersBody, removed: ReadonlySet<string>) {
  const lowered = body.users.map((u) => u.email.toLowerCase());
  const holders = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...new Set(lowered)]));
  const seen = new Map<string, string>();
  body.users.forEach((row, index) => {
    const email = lowered[index]!;
    const taken =
      seen.has(email) || holders.some((h) => h.email.toLowerCase() === email && h.id !== row.id && !removed.has(h.id));
    if (taken)
      throw badRequest(emailInUseMessage(row.email), [
        { path: `users.${index}.email`, message: emailInUseMessage(row.email) },
      ]);
    seen.set(email, row.id);
  });
}

const unchanged = (row: UserRowWrite, u: StoredUser) =>
  !row.newPassword &&
  row.firstname === u.firstname &&
  row.lastname === u.lastname &&
  row.email === u.email &&
  row.role === u.type;

/**
 * Applies one save of the users grid and answers the whole list. `touched` collects every user
 * whose row or sessions changed, so the caller can make this process forget what it remembers of
 * them once the transaction has committed.
 */
export async function saveUsers(
  tx: Tx,
  body: SaveUsersBody,
  caller: Caller,
  touched: Set<string>,
): Promise<AdminUser[]> {
  const { updates, inserts, removals } = await plan(tx, body, caller);
  const removedIds = new Set(removals.map((u) => u.id));
  if (body.users.length) await assertEmailsFree(tx, body, removedIds);
  const hashes = new Map(
    await Promise.all(
      body.users
        .filter((row) => row.newPassword)
        .map(async (row) => [row.id, await hashPassword(row.newPassword!)] as const),
    ),
  );

  if (removals.length) {
    // Their sessions and reset links go with them (ON DELETE CASCADE).
    await tx.delete(users).where(inArray(users.id, [...removedIds]));
    for (const id of removedIds) touched.add(id);
  }
  for (const { row, stored } of updates) {
    if (unchanged(row, stored)) continue;
    const passwordHash = hashes.get(row.id);
    await tx
      .update(users)
      .set({
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        type: row.role,
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, row.id));
    touched.add(row.id);
    // A new role counts too: a demoted admin's sessions and links must not outlive the demotion.
    const signInChanged =
      !!passwordHash || row.email.toLowerCase() !== stored.email.toLowerCase() || row.role !== stored.type;
    if (signInChanged) await credentialsChanged(tx, row.id, caller.userId === row.id ? caller.tokenHash : null);
  }
  if (inserts.length) {
    await tx.insert(users).values(
      inserts.map((row) => ({
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        type: row.role,
        passwordHash: hashes.get(row.id)!,
      })),
    );
  }
  return listUsers(tx);
}
