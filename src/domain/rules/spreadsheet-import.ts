// Spreadsheet import of participants (docs/decisions.md 'Entries and volunteers'): the columns a
// coordinator's spreadsheet may name (in any order, headed as people write them), each row read
// into a participant with the problems that keep it out, and duplicates within the file. The
// server parses the file with these rules; the registry check of snow ids is the server's.
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { YEAR_LEVELS, type Gender, type YearLevel } from '../constants/choices';
import { MAX_EMAIL_LENGTH, MAX_PERSON_NAME_LENGTH, MAX_SNOW_ID_LENGTH } from '../constants/limits';
/** The template's columns, in order. */
export const IMPORT_COLUMNS = [
  'Snow ID',
  'Given name',
  'Surname',
  'Gender',
  'Date of birth',
  'Year level',
  'Email',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Headings people use for each column, compared without case, spaces, dots or underscores. */
const HEADINGS: Record<ImportColumn, readonly string[]> = {
  'Snow ID': ['snowid', 'snowracerid', 'snowsportsid', 'snow'],
  'Given name': ['givenname', 'firstname', 'first', 'given', 'forename', 'preferredname'],
  Surname: ['surname', 'lastname', 'last', 'familyname'],
  Gender: ['gender', 'sex'],
  'Date of birth': ['dateofbirth', 'dob', 'birthdate', 'birthday', 'born'],
  'Year level': ['yearlevel', 'year', 'grade', 'yr', 'schoolyear'],
  Email: ['email', 'emailaddress', 'studentemail'],
};

const squash = (text: string) => text.toLowerCase().replace(/[\s._\-/()]+/g, '');
/** A hint in brackets ('Date of Birth (DD/MM/YYYY)', 'Year [7-12]') says how to fill the column,
 *  not which column it is. */
const withoutHints = (heading: string) => heading.replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ');

/** Which column each heading of the file is (null for one this import does not read). */
export function matchHeadings(headings: readonly string[]): (ImportColumn | null)[] {
  const taken = new Set<ImportColumn>();
  return headings.map((heading) => {
    const key = squash(withoutHints(heading));
    const column = IMPORT_COLUMNS.find((c) => !taken.has(c) && HEADINGS[c].includes(key)) ?? null;
    if (column) taken.add(column);
    return column;
  });
}

/** The columns a file must have for its rows to be read. */
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['Given name', 'Surname', 'Gender', 'Year level'];

export function missingColumns(matched: readonly (ImportColumn | null)[]): ImportColumn[] {
  return REQUIRED_COLUMNS.filter((c) => !matched.includes(c));
}

export interface ImportedParticipant {
  snowId: string | null;
  firstname: string;
  lastname: string;
  gender: Gender | '';
  dob: string | null;
  yearLevel: YearLevel | '';
  email: string;
}

export interface ParsedImportRow {
  /** The row's number as the spreadsheet shows it. */
  row: number;
  values: ImportedParticipant;
  problems: string[];
}

export const IMPORT_MESSAGES = {
  givenNameMissing: 'Given name is missing',
  surnameMissing: 'Surname is missing',
  nameTooLong: `A name is longer than ${MAX_PERSON_NAME_LENGTH} characters`,
  // What was typed is repeated, so the row can be fixed in the spreadsheet without hunting.
  gender: (typed: string) => (typed ? `Gender '${typed}' must be Male or Female` : 'Gender is missing'),
  yearLevel: (typed: string) => (typed ? `Year level '${typed}' must be K or 1 to 12` : 'Year level is missing'),
  date: (typed: string) => `Date of birth '${typed}' is not a date (use DD/MM/YYYY)`,
  snowId: (typed: string) => `Snow ID '${typed}' must be 1 to ${MAX_SNOW_ID_LENGTH} digits`,
  email: (typed: string) => `Email '${typed}' is not an email address`,
  duplicate: (row: number) => `Appears twice in the file (also row ${row})`,
} as const;

const GENDER_WORDS: Record<string, Gender> = {
  m: 'Male',
  male: 'Male',
  boy: 'Male',
  b: 'Male',
  f: 'Female',
  female: 'Female',
  girl: 'Female',
  g: 'Female',
};

function readGender(text: string): Gender | null {
  return GENDER_WORDS[squash(text)] ?? null;
}

function readYearLevel(text: string): YearLevel | null {
  const key = squash(text).replace(/^(year|yr|grade)/, '');
  if (key === 'k' || key === 'kindergarten' || key === 'kinder' || key === 'prep' || key === '0') return 'K';
  const level = String(Number(key));
  return (YEAR_LEVELS as readonly string[]).includes(level) && /^\d+$/.test(key) ? (level as YearLevel) : null;
}

const DATE_FORMATS = ['yyyy-MM-dd', 'd/M/yyyy', 'd-M-yyyy', 'd.M.yyyy', 'd/M/yy', 'd MMM yyyy', 'd MMMM yyyy'];
/** Two-digit years and typing slips give dates no student has: outside these, a date is wrong. */
const EARLIEST_YEAR = 1900;

/** A date of birth as people type it in Australia (day first), or as ISO; null when not a date. */
export function readDate(text: string, today: Date = new Date()): string | null {
  const trimmed = text.trim();
  for (const pattern of DATE_FORMATS) {
    const date = parse(trimmed, pattern, new Date(2000, 0, 1));
    if (!isValid(date) || date.getFullYear() < EARLIEST_YEAR || date > today) continue;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One spreadsheet row (cells by column) as a participant, with what keeps it out. */
export function readImportRow(
  row: number,
  cells: Partial<Record<ImportColumn, string>>,
  today?: Date,
): ParsedImportRow {
  const cell = (c: ImportColumn) => (cells[c] ?? '').trim();
  const problems: string[] = [];
  const firstname = cell('Given name');
  const lastname = cell('Surname');
  if (!firstname) problems.push(IMPORT_MESSAGES.givenNameMissing);
  if (!lastname) problems.push(IMPORT_MESSAGES.surnameMissing);
  if (firstname.length > MAX_PERSON_NAME_LENGTH || lastname.length > MAX_PERSON_NAME_LENGTH)
    problems.push(IMPORT_MESSAGES.nameTooLong);
  const gender = readGender(cell('Gender'));
  if (!gender) problems.push(IMPORT_MESSAGES.gender(cell('Gender')));
  const yearLevel = readYearLevel(cell('Year level'));
  if (!yearLevel) problems.push(IMPORT_MESSAGES.yearLevel(cell('Year level')));
  const dobText = cell('Date of birth');
  const dob = dobText ? readDate(dobText, today) : null;
  if (dobText && !dob) problems.push(IMPORT_MESSAGES.date(dobText));
  const snowText = cell('Snow ID').replace(/\s+/g, '');
  const snowOk = snowText === '' || (/^\d+$/.test(snowText) && snowText.length <= MAX_SNOW_ID_LENGTH);
  if (!snowOk) problems.push(IMPORT_MESSAGES.snowId(snowText));
  const email = cell('Email');
  if (email && (!EMAIL.test(email) || email.length > MAX_EMAIL_LENGTH)) problems.push(IMPORT_MESSAGES.email(email));
  return {
    row,
    values: {
      snowId: snowOk && snowText ? snowText : null,
      firstname: firstname.slice(0, MAX_PERSON_NAME_LENGTH),
      lastname: lastname.slice(0, MAX_PERSON_NAME_LENGTH),
      gender: gender ?? '',
      dob,
      yearLevel: yearLevel ?? '',
      email: email.slice(0, MAX_EMAIL_LENGTH),
    },
    problems,
  };
}

/** The key a participant is found again by: the snow id, else the name and date of birth. */
export function importKey(p: Pick<ImportedParticipant, 'snowId' | 'firstname' | 'lastname' | 'dob'>): string {
  if (p.snowId) return `snow:${p.snowId}`;
  return `name:${squash(p.firstname).normalize('NFKD')}|${squash(p.lastname).normalize('NFKD')}|${p.dob ?? ''}`;
}

/** Marks the second and later rows of the same person (same key) as duplicates. */
function markDuplicates(rows: readonly ParsedImportRow[]): ParsedImportRow[] {
  const first = new Map<string, number>();
  return rows.map((r) => {
    if (!r.values.firstname && !r.values.snowId) return r;
    const key = importKey(r.values);
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, r.row);
      return r;
    }
    return { ...r, problems: [...r.problems, IMPORT_MESSAGES.duplicate(seen)] };
  });
}

/** How far down a sheet the heading row is looked for (title rows, a date, a blank line above it). */
const HEADING_SEARCH_ROWS = 10;

/** The row of headings: the first of the sheet's first rows that names every required column, else
 *  the one naming the most (its missing columns are then reported). */
export function findHeadingRow(table: readonly (readonly string[])[]): number {
  let best = 0;
  let bestCount = -1;
  for (let index = 0; index < Math.min(table.length, HEADING_SEARCH_ROWS); index += 1) {
    const count = matchHeadings(table[index]!).filter((c) => c !== null).length;
    if (missingColumns(matchHeadings(table[index]!)).length === 0) return index;
    if (count > bestCount) [best, bestCount] = [index, count];
  }
  return best;
}

/** Reads a table (every row of the sheet, row 1 first) into rows; null with the missing columns
 *  when the heading lacks one. The heading row may sit below title rows; blank rows are skipped;
 *  row numbers are those the spreadsheet shows. */
export function readImportTable(
  table: readonly (readonly string[])[],
  today?: Date,
): { rows: ParsedImportRow[]; missing: [] } | { rows: null; missing: ImportColumn[] } {
  const headingIndex = findHeadingRow(table);
  const columns = matchHeadings(table[headingIndex] ?? []);
  const missing = missingColumns(columns);
  if (missing.length) return { rows: null, missing };
  const rows: ParsedImportRow[] = [];
  table.forEach((cells, index) => {
    if (index <= headingIndex || cells.every((c) => c.trim() === '')) return;
    const byColumn: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column) byColumn[column] = cells[i] ?? '';
    });
    rows.push(readImportRow(index + 1, byColumn, today));
  });
  return { rows: markDuplicates(rows), missing: [] };
}
