// Events, the states they are open to and the disciplines they run (with per-event division range).
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TimingLayouts } from '../../../src/domain/constants/timing-files';
import type { StoredResultsRules } from '../../../src/domain/rules/results-rules';
import type { RunningOrderEntry } from '../../../src/domain/rules/running-order';
import { id, synced } from './columns';
import { disciplines, states } from './reference';

export const events = pgTable(
  'events',
  {
    id: id(),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    level: text('level').notNull().default('Regional'),
    invoiceType: text('invoice_type').notNull().default('NSW'),
    registrationFee: numeric('registration_fee', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    teamEntryFee: numeric('team_entry_fee', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    volunteerLock: boolean('volunteer_lock').notNull().default(false),
    invoiceAvailable: date('invoice_available', { mode: 'string' }),
    invoiceDue: date('invoice_due', { mode: 'string' }),
    showForResults: boolean('show_for_results').notNull().default(false),
    showForStartlists: boolean('show_for_startlists').notNull().default(false),
    /** The Second run reverses the First run's order; set, only its first N (FIS 621.11). */
    secondRunReverseCount: integer('second_run_reverse_count'),
    volunteerRatio: integer('volunteer_ratio').notNull().default(8),
    /** The event's calendar (docs/decisions.md): its race days, first and last, as local dates. */
    firstRaceDay: date('first_race_day', { mode: 'string' }),
    lastRaceDay: date('last_race_day', { mode: 'string' }),
    venue: text('venue').notNull().default(''),
    /** When schools' entries close (src/domain/rules/entries-close.ts); null: open until locked. */
    entriesCloseAt: timestamp('entries_close_at', { withTimezone: true, mode: 'date' }),
    /** The event's own timing-file columns per system (docs/timing-files.md); null or a system left
     *  out: that system's standard columns. Kept with the event, as race day reads it with the event. */
    timingColumns: jsonb('timing_columns').$type<TimingLayouts>(),
    /** The day's running order of its races (docs/decisions.md, 'The running order'); null: none
     *  yet. Kept with the event, as race day reads it with the event. */
    runningOrder: jsonb('running_order').$type<RunningOrderEntry[]>(),
    /** The event's own results rules (src/domain/rules/results-rules.ts); null: the defaults. */
    resultsRules: jsonb('results_rules').$type<StoredResultsRules>(),
    ...synced(),
  },
  (t) => [index('events_active_idx').on(t.active, t.archived), index('events_year_idx').on(t.year)],
);

export const eventStates = pgTable(
  'event_states',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.stateId] }), index('event_states_state_idx').on(t.stateId)],
);

export const eventDisciplines = pgTable(
  'event_disciplines',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    divisionFrom: integer('division_from').notNull(),
    divisionTo: integer('division_to').notNull(),
    male: boolean('male').notNull().default(true),
    female: boolean('female').notNull().default(true),
    active: boolean('active').notNull().default(true),
    ...synced(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.disciplineId] })],
);
