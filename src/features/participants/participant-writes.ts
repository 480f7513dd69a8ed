// The participants screen's writes, each through its write adapter: the mirror changes and the
// spec's call is queued in one Dexie transaction; the network is never awaited.
import { v7 as uuidv7 } from 'uuid';
import type { InterschoolsDb, TeamEntryRow } from '../../db/database';
import type { Gender, YearLevel } from '../../domain/constants/choices';
import { raceEntriesToDelete } from '../../domain/rules/participants';
import { participantsApi } from '../../domain/schemas/api/participants';
import type { SessionUser } from '../../domain/schemas/entities';
import { defineWrite, listBody, queueAllThrough, queueThrough, throughAdapter } from '../../sync/write-adapter';
import { mergedRow, planParticipantsSave, type LocalParticipantRow, type ParticipantChange } from './participant-rows';

const PARTICIPANT_CREATE = defineWrite({
  table: 'participants',
  op: 'create',
  route: participantsApi.create,
  body: { kind: 'row' },
});
const PARTICIPANT_UPDATE = defineWrite({
  table: 'participants',
  op: 'update',
  route: participantsApi.patch,
  body: { kind: 'row' },
});
/** The rows' changed fields as elements of `participants`, each with its id (and version). */
const PARTICIPANTS_SAVE = defineWrite({
  table: 'participants',
  op: 'saveList',
  route: participantsApi.saveAll,
  body: listBody(['participants']),
});
const RACE_ENTRY_DELETE = defineWrite({
  table: 'teamEntries',
  op: 'delete',
  route: participantsApi.deleteTeamEntry,
  body: { kind: 'none' },
});

/** The team entries of these participants in the event, from the mirror. */
export async function raceEntriesInEvent(
  db: InterschoolsDb,
  participantIds: readonly string[],
  eventId: string | null,
): Promise<TeamEntryRow[]> {
  if (!eventId || participantIds.length === 0) return [];
  const entries = await db.teamEntries
    .where('ParticipantId')
    .anyOf([...participantIds])
    .toArray();
  const teams = await db.teams.bulkGet([...new Set(entries.map((entry) => entry.TeamId))]);
  const inEvent = new Set(teams.filter((team) => team?.EventId === eventId).map((team) => team!.id));
  return entries.filter((entry) => inEvent.has(entry.TeamId));
}

/** Save: queues one PATCH (one changed row) or ordered PUTs (several), together. Archived rows
 *  lose their race entries of the current event in the mirror, in the same transaction. Resolves
 *  false when there was nothing to save. */
export async function saveParticipantChanges(
  db: InterschoolsDb,
  changes: readonly ParticipantChange[],
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<boolean> {
  const plan = planParticipantsSave(changes);
  if (!plan.length) return false;
  const archivedIds = changes.filter((change) => change.fields.archived === 1).map((change) => change.id);
  const applyLocally = async (tx: InterschoolsDb) => {
    await tx.participants.bulkPut(changes.map((change) => ({ ...mergedRow(change), _pending: true })));
    const entries = await raceEntriesInEvent(tx, archivedIds, user.EventId);
    await tx.teamEntries.bulkDelete(raceEntriesToDelete(archivedIds, entries));
  };
  await queueAllThrough(
    db,
    plan.map((part, i) => {
      const input = {
        rowId: part.rowId,
        eventId: user.EventId,
        userId: user.username,
        base: part.base,
        refused: 'carry' as const,
        ...(i === 0 ? { applyLocally } : {}),
      };
      return part.method === 'PATCH'
        ? throughAdapter(PARTICIPANT_UPDATE, { ...input, body: part.body })
        : throughAdapter(PARTICIPANTS_SAVE, { ...input, body: part.body });
    }),
  );
  return true;
}

/** Deletes one race entry now: DELETE /api/v2/team-entries/{id}, and from the mirror. */
export async function deleteRaceEntry(
  db: InterschoolsDb,
  entry: TeamEntryRow,
  user: Pick<SessionUser, 'username' | 'EventId'>,
): Promise<void> {
  await queueThrough(db, RACE_ENTRY_DELETE, {
    rowId: entry.id,
    eventId: user.EventId,
    userId: user.username,
    base: entry,
    applyLocally: async (tx) => {
      await tx.teamEntries.delete(entry.id);
    },
  });
}

export interface NewParticipantInput {
  snowId: string;
  firstname: string;
  lastname: string;
  gender: Gender;
  /** YYYY-MM-DD, or null when unknown. */
  dob: string | null;
  yearLevel: YearLevel;
  email?: string;
  /** Known from a registry lookup; unknown when typed by hand offline. */
  snowIdActive?: 0 | 1;
  /** Typed by hand without a registry check: the server checks it when the write arrives. */
  lookupPending: boolean;
}

export type AddResult = { mode: 'created' | 'updated'; id: string };

/** Adds a participant: POST /api/v2/participants with a new UUIDv7 id; when the school already
 *  has this snow id (archived or not), that row is updated (PATCH) instead of duplicated. */
export async function addParticipant(
  db: InterschoolsDb,
  input: NewParticipantInput,
  user: Pick<SessionUser, 'username' | 'EventId' | 'SchoolId'>,
  newId: () => string = uuidv7,
): Promise<AddResult> {
  const schoolId = user.SchoolId;
  if (!schoolId) throw new Error('Choose a school before adding participants.');
  const snowId = input.snowId.trim();
  const fields = {
    snowId,
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    gender: input.gender,
    dob: input.dob,
    yearLevel: input.yearLevel,
    archived: 0 as const,
    ...(input.email !== undefined ? { email: input.email.trim() } : {}),
    ...(input.snowIdActive !== undefined ? { snowIdActive: input.snowIdActive } : {}),
  };
  const local = { _pending: true, _lookupPending: input.lookupPending || undefined };
  // The school's own rows, by its index: a school has hundreds of participants at most.
  const existing = (await db.participants
    .where('SchoolId')
    .equals(schoolId)
    .filter((row) => row.snowId === snowId)
    .first()) as LocalParticipantRow | undefined;

  if (existing) {
    await queueThrough(db, PARTICIPANT_UPDATE, {
      body: existing.version === undefined ? fields : { ...fields, version: existing.version },
      rowId: existing.id,
      eventId: user.EventId,
      userId: user.username,
      base: existing,
      applyLocally: async (tx) => {
        await tx.participants.put({ ...existing, ...fields, ...local } as LocalParticipantRow);
      },
    });
    return { mode: 'updated', id: existing.id };
  }

  const id = newId();
  const body = { id, ...fields, email: fields.email ?? '', SchoolId: schoolId };
  const row: LocalParticipantRow = { snowIdActive: 0, ...body, ...local };
  await queueThrough(db, PARTICIPANT_CREATE, {
    body,
    rowId: id,
    eventId: user.EventId,
    userId: user.username,
    applyLocally: async (tx) => {
      await tx.participants.add(row);
    },
  });
  return { mode: 'created', id };
}
