// Rows the device takes from an answer (a saved row, the server's row in a 409) can be newer than
// a feed page that was asked for before the answer arrived: storing that page would put the older
// version back. Every transaction that stores answered rows counts itself in meta; the pull takes
// the count when it asks for a page and, only when it moved by the time the page is stored, reads
// the mirror's rows back to keep the newer ones. A download with no answer meanwhile (a first
// download, a pull after a flush) reads nothing back: that read was a fifth of its time.
import type { InterschoolsDb } from '../db/database';

const ANSWERS_STORED = 'answersStored';

/** How many transactions have stored answered rows on this device. */
export async function answersStored(db: InterschoolsDb): Promise<number> {
  return ((await db.meta.get(ANSWERS_STORED))?.value as number | undefined) ?? 0;
}

/** Counts the caller's transaction (one that includes meta) as storing answered rows. */
export async function noteAnswersStored(db: InterschoolsDb): Promise<void> {
  await db.meta.put({ key: ANSWERS_STORED, value: (await answersStored(db)) + 1 });
}

/** Rows a direct call's answer gives (not a queued write's), stored and counted as answered. */
export async function storeAnsweredRows(db: InterschoolsDb, table: string, rows: readonly object[]): Promise<void> {
  await db.transaction('rw', db.table(table), db.meta, async () => {
    await db.table(table).bulkPut([...rows]);
    await noteAnswersStored(db);
  });
}
