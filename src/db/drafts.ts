// A screen's unsaved edits (a grid's draft), kept on the device as they are made, so leaving the
// screen, a reload, a closed tab or a phone putting the browser away loses nothing. Kept in the
// `meta` table, keyed by user, screen, school and event: a shared tablet never shows one user's
// draft to another, and a draft opens only on the screen, school and event it was made for. A
// draft goes when its edits are saved or discarded.
import type { InterschoolsDb } from './database';

export type StoredDraft<T> = {
  value: T;
  /** How many edits it holds (the status bar counts them). */
  count: number;
  savedAt: string;
};

const PREFIX = 'draft:';
const ownerPrefix = (user: string) => `${PREFIX}${user}:`;

export function draftKey(user: string, screen: string, schoolId: string | null, eventId: string | null): string {
  return `${ownerPrefix(user)}${screen}:${schoolId ?? '-'}:${eventId ?? '-'}`;
}

export async function getDraft<T>(db: InterschoolsDb, key: string): Promise<StoredDraft<T> | undefined> {
  return (await db.meta.get(key))?.value as StoredDraft<T> | undefined;
}

export async function putDraft<T>(db: InterschoolsDb, key: string, value: T, count: number): Promise<void> {
  await db.meta.put({ key, value: { value, count, savedAt: new Date().toISOString() } satisfies StoredDraft<T> });
}

export async function deleteDraft(db: InterschoolsDb, key: string): Promise<void> {
  await db.meta.delete(key);
}

/** The edits this user has not saved yet, on every screen. */
export async function unsavedEditCount(db: InterschoolsDb, user: string): Promise<number> {
  const drafts = await db.meta.where('key').startsWith(ownerPrefix(user)).toArray();
  return drafts.reduce((sum, row) => sum + ((row.value as StoredDraft<unknown>).count ?? 0), 0);
}
