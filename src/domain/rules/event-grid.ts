// The admin's events grid: what a new event starts as, what is wrong with an edited one (in words
// an organiser understands, before anything is sent) and which calls a save makes: new events go
// in one POST /api/events, changed ones in one PUT /api/events. The /rev flags are never sent from
// here, so a stale copy of the grid cannot undo a choice made on /rev.
import type { Event } from '../schemas/entities/event';
import { eventWriteSchema } from '../schemas/entities/event';
import { RACE_DAYS_OUT_OF_ORDER, raceDaysInOrder } from './event-calendar';
import { newEventDefaults } from './new-event-defaults';

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  year: 'Year',
  registrationFee: 'Registration fee',
  teamEntryFee: 'Race fee',
  level: 'Level',
  invoiceType: 'Invoice type',
  invoiceAvailable: 'Invoice available',
  invoiceDue: 'Invoice due',
  states: 'States',
  disciplines: 'Disciplines',
  volunteerRatio: 'Race entries per volunteer',
  venue: 'Venue',
  firstRaceDay: 'First race day',
  lastRaceDay: 'Last race day',
  entriesCloseAt: 'Entries close',
};

/** A new event: this year, registration fee 0, every discipline with the spec's default divisions. */
export function newEventRow(id: string, year: number, disciplineIds: readonly number[]): Event {
  return { ...newEventDefaults({ id, year, disciplineIds }), version: undefined } as Event;
}

/** The problems of one event, each naming its field ('Name: Required'); none when it can be saved. */
export function eventProblems(event: Event, disciplineNames: ReadonlyMap<number, string> = new Map()): string[] {
  const parsed = eventWriteSchema.safeParse(event);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const [field, index] = issue.path;
        let where = FIELD_LABELS[String(field)] ?? String(field);
        if (field === 'disciplines' && typeof index === 'number') {
          const id = event.disciplines[index]?.DisciplineId;
          where = `${disciplineNames.get(id ?? -1) ?? `Discipline ${id}`} divisions`;
        }
        const message = issue.code === 'too_small' && field === 'name' ? 'Required' : issue.message;
        return `${where}: ${message}`;
      });
  if (event.states.length === 0) problems.push('States: choose the states whose schools may enter');
  if (event.invoiceAvailable && event.invoiceDue && event.invoiceDue < event.invoiceAvailable) {
    problems.push('Invoice due: must not be before the invoice is available');
  }
  if (!raceDaysInOrder(event)) problems.push(`Last race day: ${RACE_DAYS_OUT_OF_ORDER}`);
  return problems;
}

/** What is sent for a new event: all of it but the joined discipline names. */
function eventWrite(event: Event) {
  return { ...event, disciplines: event.disciplines.map(({ name: _name, ...d }) => d) };
}

/** What is sent for an existing event: not the /rev flags, which only /rev changes. */
function eventUpdate(event: Event) {
  const { showForResults: _r, showForStartlists: _s, ...rest } = eventWrite(event);
  return rest;
}

export type EventSave = { created: ReturnType<typeof eventWrite>[]; updated: ReturnType<typeof eventUpdate>[] };

/** The calls of a save: the new events, and the existing ones that differ from what was loaded. */
export function eventSave(
  rows: readonly Event[],
  loaded: ReadonlyMap<string, Event>,
  added: ReadonlySet<string>,
): EventSave {
  const created = rows.filter((e) => added.has(e.id)).map(eventWrite);
  const updated = rows
    .filter((e) => !added.has(e.id) && JSON.stringify(e) !== JSON.stringify(loaded.get(e.id)))
    .map(eventUpdate);
  return { created, updated };
}
