// Pure logic of the team managers grid: mirror row <-> grid row, the user's draft (edits, rows
// added, rows removed), and the one call Save queues: PUT /api/teamManagers with the changed and
// new rows and the removed ids.
import type { TeamManagerRow } from '../../db/database';
import type { GridRow } from '../../components/data-grid';
import type { teamManagersApi } from '../../domain/schemas/api/team-managers';
import type { RouteBody } from '../../domain/schemas/route';

type TeamManagersBody = RouteBody<typeof teamManagersApi.save>;
type TeamManagerBodyRow = TeamManagersBody['teamManagers'][number];

const EDITABLE_KEYS = ['firstname', 'lastname', 'mobile', 'seasonPass'] as const;
export type EditableKey = (typeof EDITABLE_KEYS)[number];

export interface TeamManagerGridRow extends GridRow {
  id: string;
  firstname: string;
  lastname: string;
  mobile: string;
  /** '1' with a season pass, else '0'. */
  seasonPass: string;
  /** The server's refusal, or ''. */
  status: string;
  failed: boolean;
}

/** The grid's unsaved work: edited fields by id, rows added on this screen, rows removed. */
export interface TeamManagerDraft {
  edits: Record<string, Partial<Record<EditableKey, string>>>;
  added: TeamManagerRow[];
  removed: ReadonlySet<string>;
}

export const EMPTY_DRAFT: TeamManagerDraft = { edits: {}, added: [], removed: new Set() };

export function isDirty(draft: TeamManagerDraft): boolean {
  return Object.keys(draft.edits).length > 0 || draft.added.length > 0 || draft.removed.size > 0;
}

export function toGridRow(row: TeamManagerRow, failure?: string): TeamManagerGridRow {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    mobile: row.mobile,
    seasonPass: row.seasonPass === '1' ? '1' : '0',
    status: failure ?? '',
    failed: failure !== undefined,
  };
}

/** An empty manager for a new grid row (the grid asks for the names and mobile). */
export function newTeamManager(id: string, schoolId: string, eventId: string): TeamManagerRow {
  return { id, firstname: '', lastname: '', mobile: '', seasonPass: '0', SchoolId: schoolId, EventId: eventId };
}

/** What the grid shows: mirror rows, then the added ones, minus the removed, with the edits over. */
export function draftRows(base: readonly TeamManagerGridRow[], draft: TeamManagerDraft): TeamManagerGridRow[] {
  return [...base, ...draft.added.map((row) => toGridRow(row))]
    .filter((row) => !draft.removed.has(row.id))
    .map((row) => (draft.edits[row.id] ? { ...row, ...draft.edits[row.id] } : row));
}

/** Records one grid edit; an edit back to the saved value is dropped. */
export function recordEdit(
  draft: TeamManagerDraft,
  original: TeamManagerGridRow | undefined,
  id: string,
  key: string,
  value: unknown,
): TeamManagerDraft {
  if (!(EDITABLE_KEYS as readonly string[]).includes(key)) return draft;
  const field = key as EditableKey;
  const text = value == null ? '' : String(value);
  const rowEdits = { ...draft.edits[id] };
  if (original && original[field] === text) delete rowEdits[field];
  else rowEdits[field] = text;
  const edits = { ...draft.edits };
  if (Object.keys(rowEdits).length === 0) delete edits[id];
  else edits[id] = rowEdits;
  return { ...draft, edits };
}

/** Removes a row: a row added on this screen simply goes; a saved one is removed on Save. */
export function removeRow(draft: TeamManagerDraft, id: string): TeamManagerDraft {
  if (draft.added.some((row) => row.id === id)) {
    const edits = { ...draft.edits };
    delete edits[id];
    return { ...draft, edits, added: draft.added.filter((row) => row.id !== id) };
  }
  return { ...draft, removed: new Set(draft.removed).add(id) };
}

export function undoRemove(draft: TeamManagerDraft, id: string): TeamManagerDraft {
  return { ...draft, removed: new Set([...draft.removed].filter((other) => other !== id)) };
}

export interface TeamManagersSave {
  /** Rows as they are stored after the save (changed and new ones). */
  rows: TeamManagerRow[];
  /** The mirror rows before the edit (for the 409 merge). */
  base: TeamManagerRow[];
  removedIds: string[];
  body: TeamManagersBody;
}

/** Draft fields as stored: text trimmed, the season pass '1' or '0'. */
function stored(fields: Partial<Record<EditableKey, string>>): Partial<Pick<TeamManagerRow, EditableKey>> {
  const { seasonPass, ...text } = fields;
  const out: Partial<Pick<TeamManagerRow, EditableKey>> = Object.fromEntries(
    Object.entries(text).map(([key, value]) => [key, value.trim()]),
  );
  if (seasonPass !== undefined) out.seasonPass = seasonPass === '1' ? '1' : '0';
  return out;
}

function wholeRow(row: TeamManagerRow): TeamManagerBodyRow {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    mobile: row.mobile,
    seasonPass: row.seasonPass,
  };
}

/** A manager the server has goes as its id, version and the fields changed, so a field left alone
 *  never carries this device's older value over another device's change; a new one goes whole. */
function changedFieldsRow(row: TeamManagerRow, fields: Partial<Record<EditableKey, string>>): TeamManagerBodyRow {
  if (row.version === undefined) return wholeRow(row);
  return { id: row.id, ...stored(fields), version: row.version };
}

/** The save the draft makes, or null when nothing changed. */
export function planTeamManagersSave(
  mirror: readonly TeamManagerRow[],
  draft: TeamManagerDraft,
): TeamManagersSave | null {
  const rows: TeamManagerRow[] = [];
  const base: TeamManagerRow[] = [];
  const bodyRows: TeamManagerBodyRow[] = [];
  for (const row of mirror) {
    const fields = draft.edits[row.id];
    if (!fields || draft.removed.has(row.id)) continue;
    rows.push({ ...row, ...stored(fields) });
    base.push(row);
    bodyRows.push(changedFieldsRow({ ...row, ...stored(fields) }, fields));
  }
  for (const row of draft.added) {
    const added = { ...row, ...stored(draft.edits[row.id] ?? {}) };
    rows.push(added);
    bodyRows.push(wholeRow(added));
  }
  const removedIds = mirror.filter((row) => draft.removed.has(row.id)).map((row) => row.id);
  if (rows.length === 0 && removedIds.length === 0) return null;
  return {
    rows,
    base,
    removedIds,
    body: { multi: true, teamManagers: bodyRows, teamManagersDeleted: removedIds },
  };
}

/** Sort for display: surname, then given name. */
export function byName(a: TeamManagerRow, b: TeamManagerRow): number {
  return a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);
}
