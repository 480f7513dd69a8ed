// What the participants screen reads, all from the Dexie mirror (useLiveQuery), so it renders
// the same online and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb, OutboxItem } from '../../db/database';
import { byName, type LocalParticipantRow } from './participant-rows';
import { raceEntriesInEvent } from './participant-writes';

const NO_ROWS: LocalParticipantRow[] = [];
const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/** The school's participants that are not archived, by surname. Undefined while loading. */
export function useSchoolParticipants(db: InterschoolsDb, schoolId: string | null): LocalParticipantRow[] | undefined {
  return useLiveQuery(async () => {
    if (!schoolId) return NO_ROWS;
    const rows = (await db.participants
      .where('[SchoolId+archived]')
      .equals([schoolId, 0])
      .toArray()) as LocalParticipantRow[];
    return rows.sort(byName);
  }, [db, schoolId]);
}

/** Ids of the participants a failed outbox item names (the row itself, or every row of a batch). */
export function failedRowIds(item: Pick<OutboxItem, 'rowId' | 'body'>): string[] {
  if (typeof item.rowId === 'string') return [item.rowId];
  const body = item.body as { participants?: { id?: unknown }[] } | null;
  return (body?.participants ?? []).map((row) => row.id).filter((id): id is string => typeof id === 'string');
}

/** The server's refusal per participant id, from outbox items set aside (400/422). */
export function useFailedParticipantMessages(db: InterschoolsDb): ReadonlyMap<string, string> {
  return (
    useLiveQuery(async () => {
      const failed = await db.outbox
        .where('status')
        .equals('failed')
        .filter((item) => item.entity === 'participants')
        .toArray();
      const messages = new Map<string, string>();
      for (const item of failed) {
        for (const id of failedRowIds(item)) messages.set(id, item.error ?? 'The server refused this change.');
      }
      return messages;
    }, [db]) ?? NO_MESSAGES
  );
}

/** Has the school paid its invoice for the event? From the invoice status the feed sends. */
export function useInvoicePaid(db: InterschoolsDb, schoolId: string | null, eventId: string | null): boolean {
  return (
    useLiveQuery(async () => {
      if (!schoolId || !eventId) return false;
      return (await db.invoices.get([schoolId, eventId]))?.paid === true;
    }, [db, schoolId, eventId]) ?? false
  );
}

export interface RaceEntryView {
  id: string;
  disciplineName: string;
  division: number | null;
  teamRank: string;
  teamGender: string;
  position: number;
  bib: number | null;
}

/** A participant's race entries in the event: team entries joined with teams and disciplines. */
export function useRaceEntries(
  db: InterschoolsDb,
  participantId: string | null,
  eventId: string | null,
): RaceEntryView[] | undefined {
  return useLiveQuery(async () => {
    if (!participantId) return [];
    const entries = await raceEntriesInEvent(db, [participantId], eventId);
    const teams = await db.teams.bulkGet(entries.map((entry) => entry.TeamId));
    const disciplines = await db.disciplines.bulkGet([...new Set(teams.map((team) => team?.DisciplineId ?? 0))]);
    const disciplineName = (id: number | undefined) =>
      disciplines.find((d) => d?.id === id)?.name ?? (id !== undefined ? `Discipline ${id}` : '');
    return entries.map((entry, i) => {
      const team = teams[i];
      return {
        id: entry.id,
        disciplineName: team?.Discipline?.name ?? disciplineName(team?.DisciplineId),
        division: team?.division ?? null,
        teamRank: team?.teamRank ?? '',
        teamGender: team?.gender ?? '',
        position: entry.position,
        bib: entry.bib,
      };
    });
  }, [db, participantId, eventId]);
}
