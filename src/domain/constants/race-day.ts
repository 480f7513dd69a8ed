// Constants of the race-day screens: bibs, start lists, start marshall sheets and timing files.

export const DEFAULT_BIB_LIST_ROWS = 50;
export const DEFAULT_START_MARSHALL_ROWS = 50;

export const START_MARSHALL_TYPES = ['Start Marshall', 'Assistant Start Marshall'] as const;

export const RUNS = ['First', 'Second'] as const;
export type Run = (typeof RUNS)[number];

export const FILE_SYSTEMS = ['NSW', 'VIC', 'Live heats'] as const;
export type FileSystem = (typeof FILE_SYSTEMS)[number];

export const DEFAULT_FILE_SELECTION = { DisciplineId: 1, division: 1, gender: 'Male' } as const;

/** Start hut marks on an entry in a run (beyond the spec: made on the tablet, offline or not). */
export const RACE_MARKS = ['DNS', 'started'] as const;
export type RaceMarkKind = (typeof RACE_MARKS)[number];
