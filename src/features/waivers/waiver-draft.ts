// Pure logic of the waivers screen: the user's unsaved work (fields changed on stored waivers,
// waivers added here, waivers removed), the waivers as they stand with that work laid over (the
// screen matches those, so a waiver matched to a person moves to that person at once), and the one
// call Save queues: PUT /api/waivers with the changed and new waivers and the removed ids.
import type { WaiverRow } from '../../db/database';
import type { WaiverType } from '../../domain/constants/choices';
import { MAX_TITLE_LENGTH } from '../../domain/constants/limits';
import type { waiversApi } from '../../domain/schemas/api/waivers';
import type { RouteBody } from '../../domain/schemas/route';

const EDITABLE_KEYS = ['givenName', 'surname', 'snowId', 'completed'] as const;
type EditableKey = (typeof EDITABLE_KEYS)[number];
export type WaiverEdit = Partial<Pick<WaiverRow, EditableKey>>;

export interface WaiverDraft {
  /** Changed fields of stored waivers, by id. */
  edits: Record<string, WaiverEdit>;
  added: WaiverRow[];
  removed: ReadonlySet<string>;
}

export const EMPTY_DRAFT: WaiverDraft = { edits: {}, added: [], removed: new Set() };

/** A person a waiver can be matched to or added for. */
export interface WaiverPersonRef {
  firstname: string;
  lastname: string;
  snowId?: string | null;
}

export function isDirty(draft: WaiverDraft): boolean {
  return Object.keys(draft.edits).length > 0 || draft.added.length > 0 || draft.removed.size > 0;
}

/** The waivers as they stand: stored ones, then the added, minus the removed, with edits over. */
export function draftWaivers(mirror: readonly WaiverRow[], draft: WaiverDraft): WaiverRow[] {
  return [...mirror, ...draft.added]
    .filter((row) => !draft.removed.has(row.id))
    .map((row) => (draft.edits[row.id] ? { ...row, ...draft.edits[row.id] } : row));
}

const sameSnowId = (a: string | null | undefined, b: string | null | undefined) => (a || null) === (b || null);

/** Changes fields of a waiver: an added one is changed in place; a stored one keeps only the
 *  fields that differ from what is stored, so changing a value back leaves nothing to save. */
export function editWaiver(
  draft: WaiverDraft,
  mirror: readonly WaiverRow[],
  id: string,
  fields: WaiverEdit,
): WaiverDraft {
  if (draft.added.some((row) => row.id === id)) {
    return { ...draft, added: draft.added.map((row) => (row.id === id ? { ...row, ...fields } : row)) };
  }
  const stored = mirror.find((row) => row.id === id);
  if (!stored) return draft;
  const rowEdits: WaiverEdit = { ...draft.edits[id], ...fields };
  for (const key of EDITABLE_KEYS) {
    if (!(key in rowEdits)) continue;
    const same = key === 'snowId' ? sameSnowId(rowEdits.snowId, stored.snowId) : rowEdits[key] === stored[key];
    if (same) delete rowEdits[key];
  }
  const edits = { ...draft.edits };
  if (Object.keys(rowEdits).length === 0) delete edits[id];
  else edits[id] = rowEdits;
  return { ...draft, edits };
}

/** Matches a waiver to a person: it takes the person's names (and a participant's snow id), so the
 *  matching finds the person on every device and on the server. */
export function matchWaiverTo(
  draft: WaiverDraft,
  mirror: readonly WaiverRow[],
  waiver: Pick<WaiverRow, 'id' | 'type'>,
  person: WaiverPersonRef,
): WaiverDraft {
  const fields: WaiverEdit = { givenName: person.firstname, surname: person.lastname };
  if (waiver.type === 'participant') fields.snowId = person.snowId || null;
  return editWaiver(draft, mirror, waiver.id, fields);
}

/** A waiver handed in on paper for a person without one: their names, completed. */
export function newWaiverFor(
  type: WaiverType,
  person: WaiverPersonRef,
  scope: { id: string; schoolId: string; eventId: string; createdBy: string },
): WaiverRow {
  return {
    id: scope.id,
    type,
    name: `${person.firstname} ${person.lastname}`.trim().slice(0, MAX_TITLE_LENGTH),
    givenName: person.firstname,
    surname: person.lastname,
    snowId: type === 'participant' ? person.snowId || null : null,
    completed: true,
    createdBy: scope.createdBy,
    SchoolId: scope.schoolId,
    EventId: scope.eventId,
  };
}

/** Removes a waiver: one added here simply goes; a stored one is removed on Save. */
export function removeWaiver(draft: WaiverDraft, id: string): WaiverDraft {
  const edits = { ...draft.edits };
  delete edits[id];
  if (draft.added.some((row) => row.id === id))
    return { ...draft, edits, added: draft.added.filter((row) => row.id !== id) };
  return { ...draft, edits, removed: new Set(draft.removed).add(id) };
}

export function undoRemove(draft: WaiverDraft, id: string): WaiverDraft {
  return { ...draft, removed: new Set([...draft.removed].filter((other) => other !== id)) };
}

export interface WaiversSave {
  /** Waivers as they are stored after the save (changed and new ones). */
  rows: WaiverRow[];
  /** The stored waivers before the change (for the 409 merge). */
  base: WaiverRow[];
  removedIds: string[];
  body: WaiversBody;
}

type WaiversBody = RouteBody<typeof waiversApi.save>;
type WaiverBodyRow = WaiversBody['data'][number];

function wholeRow(row: WaiverRow): WaiverBodyRow {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    givenName: row.givenName,
    surname: row.surname,
    completed: row.completed,
    snowId: row.snowId || null,
  };
}

/** A waiver the server has goes as its id, version and the fields changed from its stored row, so
 *  a field left alone never carries this device's older value over another device's change; a new
 *  one goes whole. */
function writeRow(row: WaiverRow, stored: WaiverRow | undefined): WaiverBodyRow {
  if (!stored || row.version === undefined) return wholeRow(row);
  const body: WaiverBodyRow = { id: row.id };
  // The fields the screen edits (EDITABLE_KEYS); no snow id goes as null, as in a whole row.
  if (row.givenName !== stored.givenName) body.givenName = row.givenName;
  if (row.surname !== stored.surname) body.surname = row.surname;
  if ((row.snowId || null) !== (stored.snowId || null)) body.snowId = row.snowId || null;
  if (row.completed !== stored.completed) body.completed = row.completed;
  body.version = row.version;
  return body;
}

/** The PUT /api/waivers body of these rows (`base`: their stored rows) and removals. */
export function waiversBody(
  rows: readonly WaiverRow[],
  base: readonly WaiverRow[],
  removedIds: readonly string[],
): WaiversSave['body'] {
  const stored = new Map(base.map((row) => [row.id, row]));
  return { multi: true, data: rows.map((row) => writeRow(row, stored.get(row.id))), waiversDeleted: [...removedIds] };
}

/** The save the draft makes, or null when nothing changed. */
export function planWaiversSave(mirror: readonly WaiverRow[], draft: WaiverDraft): WaiversSave | null {
  const rows: WaiverRow[] = [];
  const base: WaiverRow[] = [];
  for (const row of mirror) {
    const fields = draft.edits[row.id];
    if (!fields || draft.removed.has(row.id)) continue;
    rows.push({ ...row, ...fields });
    base.push(row);
  }
  rows.push(...draft.added);
  const removedIds = mirror.filter((row) => draft.removed.has(row.id)).map((row) => row.id);
  if (rows.length === 0 && removedIds.length === 0) return null;
  return { rows, base, removedIds, body: waiversBody(rows, base, removedIds) };
}

/** How a waiver is named on the screen: its given name and surname, else the form's full name. */
export function waiverName(waiver: Pick<WaiverRow, 'name' | 'givenName' | 'surname'>): string {
  return `${waiver.givenName} ${waiver.surname}`.trim() || waiver.name.trim() || 'Waiver without a name';
}
