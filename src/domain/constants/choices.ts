// Fixed choice lists of the spec (sections 3, 5, 6 and 9). Values are stored exactly as listed.

export const TEAM_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export type TeamLetter = (typeof TEAM_LETTERS)[number];

export const YEAR_LEVELS = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type YearLevel = (typeof YEAR_LEVELS)[number];

/** Gender of a participant and the gender choices a discipline's flags offer. */
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];
/** A team may also be co-ed (it then takes members of both genders). */
export const CO_ED_TEAM = 'Co-ed';
export const TEAM_GENDERS = ['Male', 'Female', CO_ED_TEAM] as const;
export type TeamGender = (typeof TEAM_GENDERS)[number];

export const EVENT_LEVELS = ['Regional', 'State', 'National'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const INVOICE_TYPES = ['VIC', 'NSW'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const USER_TYPES = ['admin', 'auditor', 'school', 'racedept'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** What each role is called on screen: one of them, and several. */
export const ROLE_NAMES: Record<UserType, { one: string; many: string }> = {
  admin: { one: 'Administrator', many: 'administrators' },
  auditor: { one: 'Auditor', many: 'auditors' },
  school: { one: 'School coordinator', many: 'school coordinators' },
  racedept: { one: 'Race official', many: 'race officials' },
};
/** Roles an admin may give in the users grid (a school user is made by registration). */
export const ASSIGNABLE_ROLES = ['admin', 'auditor', 'racedept'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const RESULT_DIVISIONS = [1, 2, 3, 4, 5, 6] as const;
export const RESULT_GENDERS = ['Male', 'Female', 'Co-Ed'] as const;
export type ResultGender = (typeof RESULT_GENDERS)[number];
export const RESULT_TYPES = ['Team', 'Individual', 'Combined'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const POINTSCORES = ['Skiing', 'Snowboard', 'Cross Country', 'Overall Pointscore'] as const;
export type Pointscore = (typeof POINTSCORES)[number];
export const RESULT_SCHOOL_TYPES = ['Primary', 'Secondary'] as const;
export type ResultSchoolType = (typeof RESULT_SCHOOL_TYPES)[number];

export const TROPHY_GENDERS = ['male', 'female'] as const;
export type TrophyGender = (typeof TROPHY_GENDERS)[number];
export const TROPHY_TYPES = ['independent', 'team'] as const;
export type TrophyType = (typeof TROPHY_TYPES)[number];
/** Several trophy image URLs are stored in one field joined by this character. */
export const TROPHY_IMAGE_SEPARATOR = '|';

export const INVITE_DIVISIONS = [1, 2, 3, 4, 5, 6] as const;
export const INVITE_GENDERS = ['Male', 'Female'] as const;
export const INVITE_LEVELS = ['State', 'National'] as const;
export type InviteLevel = (typeof INVITE_LEVELS)[number];

export const SCHOOL_TYPES = ['Co-ed', 'Male', 'Female'] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];
/** The school types as people say them (the stored values are the spec's). */
export const SCHOOL_TYPE_LABELS: Record<SchoolType, string> = {
  'Co-ed': 'Co-ed',
  Male: "Boys' school",
  Female: "Girls' school",
};
export const SCHOOL_CATEGORIES = ['Secondary', 'Primary', 'p-12'] as const;
export type SchoolCategory = (typeof SCHOOL_CATEGORIES)[number];
export const SCHOOL_GOV_OR_PRIVATE = ['Gov.', 'Ind.'] as const;
export type SchoolGovOrPrivate = (typeof SCHOOL_GOV_OR_PRIVATE)[number];

/** NSW: the default BPAY filter and the only state with regions. */
export const NSW_STATE_ID = 3;
/** @alias The BPAY grid opens on NSW: a name of its own, as the rule may change apart from regions. */
export const DEFAULT_BPAY_STATE_ID = NSW_STATE_ID;
/** @alias The state whose schools have regions. */
export const REGION_STATE_ID = NSW_STATE_ID;
/** Each state's local time, by state id: an event's dates and times are its first state's. */
export const STATE_TIME_ZONES = {
  1: 'Australia/Sydney', // ACT
  2: 'Australia/Darwin', // NT
  3: 'Australia/Sydney', // NSW
  4: 'Australia/Brisbane', // QLD
  5: 'Australia/Adelaide', // SA
  6: 'Australia/Hobart', // TAS
  7: 'Australia/Melbourne', // VIC
  8: 'Australia/Perth', // WA
} as const satisfies Record<number, string>;
export type StateTimeZone = (typeof STATE_TIME_ZONES)[keyof typeof STATE_TIME_ZONES];
export const NSW_REGIONS = ['Sydney', 'Northern NSW', 'Southern NSW'] as const;
export type Region = (typeof NSW_REGIONS)[number];

export const WAIVER_TYPES = ['participant', 'volunteer'] as const;
export type WaiverType = (typeof WAIVER_TYPES)[number];

/** '0'/'1' string flags of the spec (seasonPass, received). */
export const STRING_FLAGS = ['0', '1'] as const;

/** Accounting organisations: Northern for the NSW invoice type, Southern otherwise. */
export const ACCOUNTING_REGIONS = ['Northern', 'Southern'] as const;
export type AccountingRegion = (typeof ACCOUNTING_REGIONS)[number];
export const REGISTRY_SEGMENT = 'snowracer';
