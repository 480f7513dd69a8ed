// A change waiting on this device, in the words of the person who made it: 'Jack Brown: year level
// 8 to 9', 'Team A, Division 2, Female: added', '2 team managers removed'. Never the call that
// carries it, and never an id: those mean nothing to a coordinator deciding whether to wait for the
// network. The rows come from the queued write's body and the rows as they were before it.

export type ChangeRow = Record<string, unknown>;

export interface QueuedChangeFacts {
  /** The mirror table the write changes ('participants', 'teams'...). */
  table: string;
  /** The write's operation (src/db/write-intent.ts). */
  op: 'create' | 'update' | 'delete' | 'saveList' | 'command';
  /** The rows the write carries, whole or in part. */
  rows: readonly ChangeRow[];
  /** A row as it was before this change; undefined for a row the change adds. */
  before(id: unknown): ChangeRow | undefined;
  /** How many rows the write removes without carrying their fields. */
  removed: number;
  /** The row a one-row removal takes away, as it was, when the device kept it. */
  removedRow?: ChangeRow;
}

/** Most rows listed for one change; the rest are counted. */
const MAX_ROWS = 5;
/** Most fields listed for one row; the rest are counted. */
const MAX_FIELDS = 3;
const MAX_VALUE_LENGTH = 40;

const NOUNS: Record<string, [string, string]> = {
  participants: ['participant', 'participants'],
  teamManagers: ['team manager', 'team managers'],
  teams: ['team', 'teams'],
  teamEntries: ['race entry', 'race entries'],
  volunteers: ['volunteer', 'volunteers'],
  volunteerSlots: ['volunteer place', 'volunteer places'],
  waivers: ['waiver', 'waivers'],
  schools: ['school details', 'school details'],
  ticketing: ['ticket order', 'ticket orders'],
  raceEntries: ['bib', 'bibs'],
  raceMarks: ['start mark', 'start marks'],
  invites: ['invitation', 'invitations'],
  qualifiers: ['qualifier', 'qualifiers'],
  resultRaces: ['race result', 'race results'],
  resultOveralls: ['overall result', 'overall results'],
  trophies: ['trophy', 'trophies'],
};

const LABELS: Record<string, string> = {
  firstname: 'first name',
  lastname: 'surname',
  yearLevel: 'year level',
  dob: 'date of birth',
  snowId: 'snow id',
  phoneNumber: 'mobile',
  teamRank: 'team',
  TeamManagerId: 'team manager',
  DisciplineId: 'discipline',
  ParticipantId: 'participant',
  seasonPass: 'season pass',
  bibManual: 'bib',
};

/** Bookkeeping a person never edits. */
const UNSPOKEN = new Set(['id', 'version', 'updatedAt', 'createdAt', 'SchoolId', 'EventId', 'entryCount', 'TeamId']);

/** 'Participant', '3 participants'. */
function countOf(table: string, n: number): string {
  const [one, many] = NOUNS[table] ?? ['change', 'changes'];
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function labelOf(field: string): string {
  return LABELS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** What a person calls the row: a person's name, a team's rank, division and gender, a name. */
function nameOf(table: string, row: ChangeRow | undefined): string {
  const text = (field: string) => (typeof row?.[field] === 'string' ? (row[field] as string).trim() : '');
  const person = [text('firstname'), text('lastname')].filter(Boolean).join(' ');
  if (person) return person;
  if (table === 'teams' && row?.teamRank) {
    return [`Team ${String(row.teamRank)}`, row.division && `Division ${String(row.division)}`, text('gender')]
      .filter(Boolean)
      .join(', ');
  }
  if (text('name')) return text('name');
  return capitalised(NOUNS[table]?.[0] ?? 'change');
}

function valueOf(field: string, value: unknown): string {
  if (field === 'seasonPass') return value === true || value === '1' || value === 1 ? 'yes' : 'no';
  if (value === null || value === undefined || value === '') return 'blank';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** 'year level 8 to 9' for each field the row changes; ids and lists are named, not shown. */
function fieldChanges(row: ChangeRow, before: ChangeRow): string[] {
  const changes: string[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (UNSPOKEN.has(field) || field.startsWith('_') || sameValue(value, before[field])) continue;
    if (field === 'archived') {
      changes.push(value ? 'archived' : 'restored');
    } else if (typeof value === 'object' && value !== null) {
      changes.push(`${labelOf(field)} changed`);
    } else if (/Id$/.test(field)) {
      changes.push(`${labelOf(field)} changed`);
    } else {
      changes.push(`${labelOf(field)} ${valueOf(field, before[field])} to ${valueOf(field, value)}`);
    }
  }
  if (changes.length > MAX_FIELDS) return [...changes.slice(0, MAX_FIELDS), `${changes.length - MAX_FIELDS} more`];
  return changes;
}

/** One line per row the change touches (at most five, then how many more), in words. */
export function changeInWords(facts: QueuedChangeFacts): string[] {
  const { table, op, rows } = facts;
  if (op === 'delete') {
    const gone = facts.removedRow;
    return [gone ? `${nameOf(table, gone)}: removed` : `${capitalised(countOf(table, 1))} removed`];
  }
  const lines = rows.map((row) => {
    const before = facts.before(row.id);
    const name = nameOf(table, { ...before, ...row });
    if (!before) return op === 'update' ? `${name}: changed` : `${name}: added`;
    const changes = fieldChanges(row, before);
    return changes.length ? `${name}: ${changes.join(', ')}` : `${name}: saved again, nothing changed`;
  });
  const shown = lines.length > MAX_ROWS ? [...lines.slice(0, MAX_ROWS), `and ${lines.length - MAX_ROWS} more`] : lines;
  if (facts.removed) shown.push(`${capitalised(countOf(table, facts.removed))} removed`);
  if (!shown.length) shown.push(capitalised(`${NOUNS[table]?.[1] ?? 'changes'} changed`));
  return shown;
}
