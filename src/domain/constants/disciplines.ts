// Discipline ids that the business rules name (spec sections 4, 5 and 9).
// Discipline NAMES are data (seeded and edited in the database), never code: rules use ids only.

export type DisciplineId = number;

/** Disciplines whose teams have 4 positions; every other discipline has 3. */
export const FOUR_POSITION_DISCIPLINES: readonly DisciplineId[] = [1, 9];
export const DEFAULT_POSITIONS_PER_TEAM = 3;
export const EXTENDED_POSITIONS_PER_TEAM = 4;

export const DISCIPLINE_GROUPS = {
  crossCountry: [6, 8],
  alpine: [1, 2, 3, 4, 5, 7, 9, 10, 11],
} as const satisfies Record<string, readonly DisciplineId[]>;
export type DisciplineGroup = keyof typeof DISCIPLINE_GROUPS;

/** VIC volunteer groups; disciplines 6, 7 and 8 belong to none of them. */
export const VIC_VOLUNTEER_GROUPS = {
  ski: [2, 3, 10],
  snowboard: [4, 5, 11],
  alpine: [1, 9],
} as const satisfies Record<string, readonly DisciplineId[]>;
export type VicVolunteerGroup = keyof typeof VIC_VOLUNTEER_GROUPS;
/** New VIC ski and alpine slots offer divisions 1 to 5. */
export const VIC_NEW_SLOT_DIVISIONS = { from: 1, to: 5 } as const;

/** Live heats timing files exist only for these disciplines. */
export const LIVE_HEATS_DISCIPLINES: readonly DisciplineId[] = [2, 10, 11];

/** Division range of a discipline when a new event is created. */
export const NEW_EVENT_DIVISIONS_DEFAULT = { divisionFrom: 1, divisionTo: 5 } as const;
export const NEW_EVENT_DIVISIONS_BY_DISCIPLINE: Readonly<
  Record<DisciplineId, { divisionFrom: number; divisionTo: number }>
> = {
  1: { divisionFrom: 1, divisionTo: 6 },
  9: { divisionFrom: 3, divisionTo: 3 },
  10: { divisionFrom: 1, divisionTo: 2 },
  11: { divisionFrom: 1, divisionTo: 2 },
};

/** Volunteer position values as stored and shown. */
const VOLUNTEER_POSITION = {
  startMarshall: 'Start Marshall',
  finishAssistant: 'Finish Assistant',
  startReferee: 'Start Referee',
  finishReferee: 'Finish Referee',
  shovel: 'Shovel',
  finishMarshall: 'Finish Marshall',
  courseMarshall: 'Course Marshall',
} as const;
export type VolunteerPosition = (typeof VOLUNTEER_POSITION)[keyof typeof VOLUNTEER_POSITION];
export const VOLUNTEER_POSITIONS = Object.values(VOLUNTEER_POSITION) as [VolunteerPosition, ...VolunteerPosition[]];

const P = VOLUNTEER_POSITION;
/** Disciplines offering the short official set (start marshall, finish assistant, referees). */
export const SHORT_POSITION_SET_DISCIPLINES: readonly DisciplineId[] = [1, 3, 4, 5, 9, 10, 11];
export const SHORT_POSITION_SET: readonly VolunteerPosition[] = [
  P.startMarshall,
  P.finishAssistant,
  P.startReferee,
  P.finishReferee,
];
/** Moguls (discipline 2). */
export const SHOVEL_POSITION_SET_DISCIPLINES: readonly DisciplineId[] = [2];
export const SHOVEL_POSITION_SET: readonly VolunteerPosition[] = [P.startMarshall, P.shovel];
/** Every other discipline (6, 7, 8). */
export const FULL_POSITION_SET: readonly VolunteerPosition[] = [
  P.startMarshall,
  P.finishMarshall,
  P.courseMarshall,
  P.startReferee,
  P.finishReferee,
];
