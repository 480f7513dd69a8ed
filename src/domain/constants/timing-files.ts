// The timing files' columns (docs/timing-files.md): the fields of ours a column may hold, each
// system's standard columns and the start order its file is written in. None of the three systems
// publishes its import format in full, so an admin may replace a system's columns for an event
// (rules/timing-columns.ts); the start order stays the system's.
import type { FileSystem } from './race-day';

/** What a column of a timing file may hold: one racer's value of one of these. Never a date of
 *  birth: the files go to timing huts and public screens. */
export const TIMING_FIELDS = [
  'bib',
  'snowId',
  'firstname',
  'lastname',
  'fullName',
  'gender',
  'genderInitial',
  'yearLevel',
  'school',
  'team',
  'schoolTeam',
  'discipline',
  'division',
  'raceGender',
  'race',
  'startOrder',
  'position',
] as const;
export type TimingField = (typeof TIMING_FIELDS)[number];

/** Each field in the words an admin choosing columns reads (docs/timing-files.md says more). */
export const TIMING_FIELD_LABELS: Readonly<Record<TimingField, string>> = {
  bib: 'Bib number',
  snowId: 'Snow ID',
  firstname: 'First name',
  lastname: 'Last name',
  fullName: 'Full name (first and last)',
  gender: 'Gender (Male or Female)',
  genderInitial: 'Gender as M or F',
  yearLevel: 'Year level',
  school: 'School',
  team: 'Team letter (A, B…)',
  schoolTeam: 'School and team letter',
  discipline: 'Discipline',
  division: 'Division number',
  raceGender: 'Race gender (Male, Female or Co-ed)',
  race: 'Race (discipline, division and gender)',
  startOrder: 'Start order in the division',
  position: 'Position in the team',
};

/** Fields that hold whole numbers (right-aligned in the preview). */
export const NUMERIC_TIMING_FIELDS: ReadonlySet<TimingField> = new Set(['bib', 'division', 'startOrder', 'position']);

/** 'bib': every racer of the file by bib (racers without one after, in start order).
 *  'division': divisions in ascending order, each in start order (teams drawn, members by position). */
export type TimingOrder = 'bib' | 'division';

export interface TimingColumn {
  field: TimingField;
  /** The column's heading in the file, as the timing system's import expects it. */
  heading: string;
}

/** An event's own columns per system; a system left out (or null) uses its standard columns. */
export type TimingLayouts = Partial<Record<FileSystem, TimingColumn[] | null>>;

const column = (heading: string, field: TimingField): TimingColumn => ({ heading, field });

/** Each system's standard columns (docs/timing-files.md says where each comes from). */
export const STANDARD_TIMING_COLUMNS: Readonly<Record<FileSystem, readonly TimingColumn[]>> = {
  // The association's own list, the one file this app wrote for every system before, by bib.
  NSW: [
    column('Bib', 'bib'),
    column('SnowID', 'snowId'),
    column('Last', 'lastname'),
    column('First', 'firstname'),
    column('Gender', 'gender'),
    column('YearLevel', 'yearLevel'),
    column('School', 'school'),
    column('Discipline', 'discipline'),
    column('Division', 'division'),
    column('Team', 'team'),
    column('Position', 'position'),
  ],
  // Each division raced as its own start list: the division and the start order lead, names as
  // Australian forms write them.
  VIC: [
    column('Division', 'division'),
    column('Start', 'startOrder'),
    column('Bib', 'bib'),
    column('Surname', 'lastname'),
    column('Given name', 'firstname'),
    column('Gender', 'genderInitial'),
    column('Year', 'yearLevel'),
    column('School', 'school'),
    column('Team', 'team'),
    column('Snow ID', 'snowId'),
  ],
  // LiveHeats' event importer puts each row into the division it names and seeds by a seed column;
  // a team's club is its Team.
  'Live heats': [
    column('Division', 'race'),
    column('Seed', 'startOrder'),
    column('First name', 'firstname'),
    column('Last name', 'lastname'),
    column('Team', 'schoolTeam'),
    column('Bib', 'bib'),
    column('Snow ID', 'snowId'),
  ],
};

/** The start order each system's file is written in (docs/timing-files.md 'Start order'). */
export const TIMING_START_ORDER: Readonly<Record<FileSystem, TimingOrder>> = {
  NSW: 'bib',
  VIC: 'division',
  'Live heats': 'division',
};

export const MAX_TIMING_COLUMNS = 30;
export const MAX_TIMING_HEADING_LENGTH = 60;

/** The systems as the addresses name them (#/files/nsw-system, GET /api/timing-file?system=). */
export const FILE_SYSTEM_SLUGS = {
  NSW: 'nsw-system',
  VIC: 'vic-system',
  'Live heats': 'live-heats',
} as const satisfies Record<FileSystem, string>;
export type FileSystemSlug = (typeof FILE_SYSTEM_SLUGS)[FileSystem];
