// Who may call a route or open a screen, as named sets of user types: each contract route's
// `access` (src/domain/schemas/api) names one, and the client's screens name the same set for the
// route they are built on, so the server's decision and the client's guard are one declaration.
// Kept apart from the contract so the first screen can read them without loading every schema.
import type { UserType } from './choices';

/** Administrators alone. */
export const ADMINS: readonly UserType[] = ['admin'];
/** A school's own entries and money: the school, or an administrator on its behalf. */
export const SCHOOL_EDITORS: readonly UserType[] = ['school', 'admin'];
/** Reading a school's entries: its editors and the auditors. */
export const SCHOOL_READERS: readonly UserType[] = ['school', 'admin', 'auditor'];
/** The office's views (reports, payments, schools): administrators and auditors. */
export const OFFICE: readonly UserType[] = ['admin', 'auditor'];
/** Race day's tablets: race officials and administrators. */
export const RACE_OFFICIALS: readonly UserType[] = ['racedept', 'admin'];
/** What race day shows a school of its own racers too (start lists, bib lists). */
export const RACE_DAY_READERS: readonly UserType[] = ['racedept', 'admin', 'school'];
