// Volunteers of a school for an event, the course-official slots they fill (each with ranked
// preferences of discipline, division, gender and position) and the spots an event makes available.
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, synced } from './columns';
import { events } from './events';
import { disciplines } from './reference';
import { schools } from './schools';

export const volunteers = pgTable(
  'volunteers',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    seasonPass: text('season_pass').notNull().default('0'),
    ...synced(),
  },
  (t) => [index('volunteers_school_event_idx').on(t.schoolId, t.eventId)],
);

export const volunteerSlots = pgTable(
  'volunteer_slots',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id').references(() => volunteers.id, { onDelete: 'set null' }),
    ...synced(),
  },
  (t) => [index('volunteer_slots_school_event_idx').on(t.schoolId, t.eventId)],
);

export const volunteerPreferences = pgTable(
  'volunteer_preferences',
  {
    id: id(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => volunteerSlots.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(1),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    division: integer('division'),
    gender: text('gender'),
    position: text('position'),
    isLocked: boolean('is_locked').notNull().default(false),
    ...synced(),
  },
  (t) => [index('volunteer_preferences_slot_idx').on(t.slotId, t.rank)],
);

export const volunteerSpots = pgTable(
  'volunteer_spots',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    male: integer('male').notNull().default(0),
    female: integer('female').notNull().default(0),
    ...synced(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.disciplineId, t.division] })],
);
