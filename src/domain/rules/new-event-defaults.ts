import { NEW_EVENT_DIVISIONS_BY_DISCIPLINE, NEW_EVENT_DIVISIONS_DEFAULT } from '../constants/disciplines';
import type { EventLevel, InvoiceType } from '../constants/choices';
import { DEFAULT_VOLUNTEER_RATIO } from '../constants/policy';

export interface NewEventDiscipline {
  DisciplineId: number;
  divisionFrom: number;
  divisionTo: number;
  male: boolean;
  female: boolean;
  active: boolean;
}

/** Divisions 1-5, except 1 -> 1-6, 10 and 11 -> 1-2, 9 -> 3-3; male, female and active on. */
export function newEventDisciplineDefaults(disciplineId: number): NewEventDiscipline {
  const range = NEW_EVENT_DIVISIONS_BY_DISCIPLINE[disciplineId] ?? NEW_EVENT_DIVISIONS_DEFAULT;
  return {
    DisciplineId: disciplineId,
    divisionFrom: range.divisionFrom,
    divisionTo: range.divisionTo,
    male: true,
    female: true,
    active: true,
  };
}

export interface NewEventInput {
  /** Client-generated UUID (ids are never made inside the domain, so tests stay deterministic). */
  id: string;
  year: number;
  disciplineIds: readonly number[];
  level?: EventLevel;
  invoiceType?: InvoiceType;
}

/** A new event row: registration fee 0, every discipline on with its default divisions.
 *  The event itself starts inactive and unlocked, so schools do not see it half-configured. */
export function newEventDefaults(input: NewEventInput) {
  return {
    id: input.id,
    name: '',
    year: input.year,
    level: input.level ?? 'Regional',
    invoiceType: input.invoiceType ?? 'NSW',
    registrationFee: 0,
    teamEntryFee: 0,
    active: false,
    locked: false,
    archived: false,
    volunteerLock: false,
    invoiceAvailable: null,
    invoiceDue: null,
    states: [] as number[],
    disciplines: input.disciplineIds.map(newEventDisciplineDefaults),
    showForResults: false,
    showForStartlists: false,
    volunteerRatio: DEFAULT_VOLUNTEER_RATIO,
    // The calendar is filled in once the dates are known.
    firstRaceDay: null,
    lastRaceDay: null,
    venue: '',
    entriesCloseAt: null,
  };
}

/** The month (1 to 12) after which a year's snow season is over: the interschools run in the
 *  Australian winter, the last of them (the nationals) by the end of September. */
const SEASON_LAST_MONTH = 9;

/** The season still to come on `today`: this year's until its season is over, then next year's. */
export function comingSeasonYear(today: Date): number {
  return today.getFullYear() + (today.getMonth() + 1 > SEASON_LAST_MONTH ? 1 : 0);
}

/** A new event's year: the season being prepared. That is the newest season the events already
 *  reach (a season has several events, so the second one added for next season is for next season
 *  too, not the one after), but never a season that is over: after September an event is for next
 *  year's season. Years that are not numbers (a year being typed) are left out. */
export function newEventYear(existingYears: readonly number[], today: Date): number {
  const known = existingYears.filter((year) => Number.isInteger(year));
  return Math.max(comingSeasonYear(today), ...known);
}
