// Manual bibs: the Save of the bib grid goes into the race-day mirror and ONE outbox item holding
// POST /api/bibs/manual-assign [{ bib, teamEntryId }] (one call, so two racers may swap bibs), in
// one Dexie transaction; it waits in the outbox offline. A refused save (a bib held meanwhile by
// someone else) comes back with the server's message naming the holder, on the row concerned; the
// next Save sends its rows again as they then stand and drops the refused item in the same
// transaction, so nothing typed is lost.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem } from '../../db/database';
import { bibsApi } from '../../domain/schemas/api/bibs';
import type { RouteBody } from '../../domain/schemas/route';
import { REFUSED_FALLBACK } from '../../sync/refusals';
import { defineWrite, queueThrough, queuedThrough } from '../../sync/write-adapter';

/** The body is a list of { teamEntryId, bib }: it names its rows, it does not carry them. */
const MANUAL_BIBS_SAVE = defineWrite({
  table: 'raceEntries',
  op: 'saveList',
  route: bibsApi.manualAssign,
  body: { kind: 'none' },
});

export type BibAssignment = RouteBody<typeof bibsApi.manualAssign>[number];

export interface RefusedBibs {
  /** The bib each refused row asked for, and the message for it. */
  rows: Map<string, { bib: number | null; message: string }>;
}

/** What the refused bib saves asked for and what the server said, per entry. */
export function refusedBibs(items: readonly Pick<OutboxItem, 'body' | 'error' | 'fields'>[]): RefusedBibs {
  const rows = new Map<string, { bib: number | null; message: string }>();
  for (const item of items) {
    const body = (Array.isArray(item.body) ? item.body : []) as BibAssignment[];
    const named = new Map<number, string>();
    for (const field of item.fields ?? []) {
      const match = /^(?:body\.)?(\d+)\./.exec(field.path);
      if (match && !named.has(Number(match[1]))) named.set(Number(match[1]), field.message);
    }
    body.forEach((row, index) => {
      // A refused call is refused whole: rows the server did not name were not saved either.
      const message =
        named.get(index) ??
        (named.size
          ? 'Not saved: this save was refused for another bib in it. Save again.'
          : (item.error ?? REFUSED_FALLBACK));
      rows.set(row.teamEntryId, { bib: row.bib, message });
    });
  }
  return { rows };
}

export function useRefusedBibs(db: InterschoolsDb): RefusedBibs | undefined {
  return useLiveQuery(
    async () =>
      refusedBibs(
        await db.outbox
          .where('status')
          .equals('failed')
          .filter((item) => queuedThrough(MANUAL_BIBS_SAVE, item))
          .toArray(),
      ),
    [db],
  );
}

export async function saveManualBibs(
  db: InterschoolsDb,
  save: { EventId: string; assignments: BibAssignment[] },
  username: string | null,
): Promise<void> {
  await queueThrough(db, MANUAL_BIBS_SAVE, {
    body: save.assignments,
    rowId: null,
    rowIds: save.assignments.map((a) => a.teamEntryId),
    eventId: save.EventId,
    userId: username,
    // A refused save whose every racer this one names again is done with; one of another race stays.
    refused: 'replace',
    applyLocally: async (tx) => {
      for (const { teamEntryId, bib } of save.assignments) {
        await tx.raceEntries.update(teamEntryId, { bib, bibManual: bib !== null, _pending: true });
      }
    },
  });
}
