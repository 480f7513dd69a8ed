// Pure logic of the participants grid: mirror row <-> grid row (dates dd/mm/yyyy on screen,
// YYYY-MM-DD stored and sent), the user's draft edits, the diff against the mirror, and which
// call Save queues (one changed row: PATCH with the changed fields + version; several: one PUT).
import { GENDERS, YEAR_LEVELS, type Gender, type YearLevel } from '../../domain/constants/choices';
import { MAX_WRITE_BATCH_ROWS } from '../../domain/constants/limits';
import { displayDateToIso, isoDateToDisplay } from '../../domain/rules/grid-date';
import { participantsApi } from '../../domain/schemas/api/participants';
import { fillPath, type RouteBody } from '../../domain/schemas/route';
import type { ParticipantRow } from '../../db/database';
import type { GridRow } from '../../components/data-grid';

/** A mirror row as this screen keeps it: rows added offline wait for their registry check. */
export type LocalParticipantRow = ParticipantRow & { _lookupPending?: boolean };

export const LOOKUP_PENDING = 'lookup pending';
const INACTIVE_SNOW_ID = 'inactive snow id';

const EDITABLE_KEYS = ['snowId', 'firstname', 'lastname', 'yearLevel', 'gender', 'dob', 'email'] as const;
type EditableKey = (typeof EDITABLE_KEYS)[number];

export interface ParticipantGridRow extends GridRow {
  id: string;
  snowId: string;
  firstname: string;
  lastname: string;
  yearLevel: string;
  gender: string;
  /** dd/mm/yyyy */
  dob: string;
  email: string;
  /** 'lookup pending', the server's refusal, 'inactive snow id', or ''. */
  status: string;
  snowIdActive: number;
  /** An inactive snow id (snowIdActive 0), highlighted. */
  inactive: boolean;
  lookupPending: boolean;
  failed: boolean;
}

/** Draft edits by participant id: grid values as typed. */
export type ParticipantEdits = Record<string, Partial<Record<EditableKey, string>>>;

export function toGridRow(row: LocalParticipantRow, failure?: string): ParticipantGridRow {
  const lookupPending = Boolean(row._lookupPending);
  const inactive = Boolean(row.snowId) && row.snowIdActive === 0 && !lookupPending;
  const status = failure ?? (lookupPending ? LOOKUP_PENDING : inactive ? INACTIVE_SNOW_ID : '');
  return {
    id: row.id,
    snowId: row.snowId ?? '',
    firstname: row.firstname,
    lastname: row.lastname,
    yearLevel: row.yearLevel,
    gender: row.gender,
    dob: isoDateToDisplay(row.dob),
    email: row.email ?? '',
    status,
    snowIdActive: row.snowIdActive,
    inactive,
    lookupPending,
    failed: failure !== undefined,
  };
}

/** The grid rows: mirror rows minus the ones removed in the draft, with the draft edits over them. */
export function applyEdits(
  rows: readonly ParticipantGridRow[],
  edits: ParticipantEdits,
  removed: ReadonlySet<string>,
): ParticipantGridRow[] {
  return rows.filter((row) => !removed.has(row.id)).map((row) => (edits[row.id] ? { ...row, ...edits[row.id] } : row));
}

/** Records grid edits in the draft; an edit back to the mirror's value is dropped. */
export function recordEdit(
  edits: ParticipantEdits,
  original: ParticipantGridRow | undefined,
  id: string,
  key: string,
  value: unknown,
): ParticipantEdits {
  if (!(EDITABLE_KEYS as readonly string[]).includes(key)) return edits;
  const field = key as EditableKey;
  const text = value == null ? '' : String(value);
  const rowEdits = { ...edits[id] };
  if (original && original[field] === text) delete rowEdits[field];
  else rowEdits[field] = text;
  const next = { ...edits };
  if (Object.keys(rowEdits).length === 0) delete next[id];
  else next[id] = rowEdits;
  return next;
}

/** Field values as stored and sent. */
type ParticipantFields = Partial<
  Pick<ParticipantRow, 'snowId' | 'firstname' | 'lastname' | 'yearLevel' | 'gender' | 'dob' | 'email' | 'archived'>
>;

export interface ParticipantChange {
  id: string;
  /** The mirror row before the edit. */
  base: LocalParticipantRow;
  /** Only the fields that differ from base. */
  fields: ParticipantFields;
}

function storedValue(key: EditableKey, text: string, currentYear: number): unknown {
  const value = text.trim();
  if (key === 'snowId') return value === '' ? null : value;
  if (key === 'dob') return value === '' ? null : displayDateToIso(value, currentYear);
  return value;
}

/** The changed rows: edited fields that differ from the mirror, and removed rows (archived 1). */
export function diffParticipants(
  base: readonly LocalParticipantRow[],
  edits: ParticipantEdits,
  removed: ReadonlySet<string>,
  currentYear: number,
): ParticipantChange[] {
  const changes: ParticipantChange[] = [];
  for (const row of base) {
    const fields: ParticipantFields = {};
    for (const [key, text] of Object.entries(edits[row.id] ?? {}) as [EditableKey, string][]) {
      const value = storedValue(key, text, currentYear);
      if (value !== (row[key] ?? (key === 'email' ? '' : null))) Object.assign(fields, { [key]: value });
    }
    if (removed.has(row.id)) fields.archived = 1;
    if (Object.keys(fields).length > 0) changes.push({ id: row.id, base: row, fields });
  }
  return changes;
}

function withVersion<T extends object>(body: T, version: number | undefined): T & { version?: number } {
  return version === undefined ? body : { ...body, version };
}

type ParticipantPatchBody = RouteBody<typeof participantsApi.patch>;
type ParticipantsSaveBody = RouteBody<typeof participantsApi.saveAll>;

/** Year level and gender typed as the calls take them. A mirror row may hold the '' an import
 *  leaves in either, which the row type allows; Save is refused while a kept row would send one
 *  (saveProblems, and the grid's dropdown check), so a value that goes is one of the choices. */
function sendable<T extends { yearLevel?: YearLevel | ''; gender?: Gender | '' }>(fields: T) {
  return fields as Omit<T, 'yearLevel' | 'gender'> & { yearLevel?: YearLevel; gender?: Gender };
}

/** A full request row for PUT /api/v2/participants. */
function participantWriteBody(row: LocalParticipantRow): ParticipantsSaveBody['participants'][number] {
  return withVersion(
    sendable({
      id: row.id,
      snowId: row.snowId,
      snowIdActive: row.snowIdActive,
      firstname: row.firstname,
      lastname: row.lastname,
      yearLevel: row.yearLevel,
      gender: row.gender,
      dob: row.dob,
      email: row.email ?? '',
      archived: row.archived,
      SchoolId: row.SchoolId,
    }),
    row.version,
  );
}

/** One call of a Save: a PATCH of one row, or a PUT of several. `path` is the call's path as the
 *  outbox item keeps it. */
export type PlannedWrite =
  | { method: 'PATCH'; path: string; body: ParticipantPatchBody; rowId: string; base: LocalParticipantRow }
  | { method: 'PUT'; path: string; body: ParticipantsSaveBody; rowId: null; base: LocalParticipantRow[] };

export function mergedRow(change: ParticipantChange): LocalParticipantRow {
  return { ...change.base, ...change.fields };
}

/** A PUT row: a row the server has sends its id, version and only the fields changed, so a field
 *  left alone never carries this device's older value over another device's change; a row the
 *  server has not answered yet (no version) goes whole. */
function changedFieldsBody(change: ParticipantChange): ParticipantsSaveBody['participants'][number] {
  if (change.base.version === undefined) return participantWriteBody(mergedRow(change));
  return withVersion({ id: change.id, ...sendable(change.fields) }, change.base.version);
}

/** Which calls Save queues: nothing, one PATCH (one changed row), or PUTs of the changed rows in
 *  order, at most MAX_WRITE_BATCH_ROWS each (a larger request would hold the server too long). */
export function planParticipantsSave(changes: readonly ParticipantChange[]): PlannedWrite[] {
  if (changes.length === 0) return [];
  if (changes.length === 1) {
    const [change] = changes as [ParticipantChange];
    return [
      {
        method: 'PATCH',
        path: fillPath(participantsApi.patch.url, { id: change.id }),
        body: withVersion(sendable({ ...change.fields }), change.base.version),
        rowId: change.id,
        base: change.base,
      },
    ];
  }
  const parts: PlannedWrite[] = [];
  for (let start = 0; start < changes.length; start += MAX_WRITE_BATCH_ROWS) {
    const part = changes.slice(start, start + MAX_WRITE_BATCH_ROWS);
    parts.push({
      method: 'PUT',
      path: participantsApi.saveAll.url,
      body: { participants: part.map(changedFieldsBody) },
      rowId: null,
      base: part.map((change) => change.base),
    });
  }
  return parts;
}

/** Why the changes cannot be saved yet. Only the changed fields are sent of a row the server has,
 *  so only those are checked; a row sent whole (not on the server yet, in a PUT) needs names, a
 *  year level and a gender. */
export function saveProblems(changes: readonly ParticipantChange[]): string[] {
  const problems: string[] = [];
  for (const change of changes) {
    const row = mergedRow(change);
    if (row.archived === 1) continue;
    // Only a row the server has not answered yet is sent whole (changedFieldsBody).
    const whole = changes.length > 1 && change.base.version === undefined;
    const checks = (key: keyof ParticipantFields) => whole || key in change.fields;
    const name = `${row.firstname} ${row.lastname}`.trim() || row.snowId || 'A participant';
    if ((checks('firstname') && !row.firstname.trim()) || (checks('lastname') && !row.lastname.trim())) {
      problems.push(`${name}: given name and surname are required.`);
    }
    if (checks('yearLevel') && !(YEAR_LEVELS as readonly string[]).includes(row.yearLevel))
      problems.push(`${name}: choose a year level.`);
    if (checks('gender') && !(GENDERS as readonly string[]).includes(row.gender))
      problems.push(`${name}: choose a gender.`);
  }
  return problems;
}

/** Sort for display: surname, then given name. */
export function byName(a: { lastname: string; firstname: string }, b: { lastname: string; firstname: string }): number {
  return a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);
}
