// Race day (start draws, start hut marks), results (per race and overall pointscores, each linking
// a published file), trophies and invites.
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, synced } from './columns';

/** A place in a published result (src/domain/schemas/entities/result.ts). */
type Placing = { place: number; name: string; school?: string; points?: number; bib?: number; result?: string };
import { teamEntries } from './entries';
import { events } from './events';
import { disciplines } from './reference';
import { schools } from './schools';

export const resultRaces = pgTable(
  'result_races',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    gender: text('gender').notNull(),
    teamIndividual: text('team_individual').notNull(),
    fileUrl: text('file_url').notNull().default(''),
    placings: jsonb('placings').$type<Placing[]>(),
    ...synced(),
  },
  (t) => [index('result_races_event_idx').on(t.eventId, t.disciplineId)],
);

export const resultOveralls = pgTable(
  'result_overalls',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pointscore: text('pointscore').notNull(),
    schoolType: text('school_type').notNull(),
    gender: text('gender').notNull(),
    fileUrl: text('file_url').notNull().default(''),
    placings: jsonb('placings').$type<Placing[]>(),
    ...synced(),
  },
  (t) => [index('result_overalls_event_idx').on(t.eventId)],
);

export const trophies = pgTable(
  'trophies',
  {
    id: id(),
    disciplineId: integer('discipline_id').references(() => disciplines.id),
    division: integer('division'),
    gender: text('gender').notNull(),
    state: text('state').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    type: text('type').notNull().default('team'),
    name: text('name').notNull().default(''),
    ...synced(),
  },
  (t) => [index('trophies_discipline_idx').on(t.disciplineId, t.division)],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    gender: text('gender').notNull(),
    stateNational: text('state_national').notNull(),
    ...synced(),
  },
  (t) => [index('invites_event_idx').on(t.eventId)],
);

/** A confirmed qualifier (docs/decisions.md, 'Results from the timing system'): a school's team
 *  or racer a race of `eventId` sends on to `toEventId`, with the names as confirmed. A race's
 *  confirmation replaces its earlier one. The feed files it under the school and the sending event;
 *  schools read it whichever event they have chosen (server/modules/sync). */
export const qualifiers = pgTable(
  'qualifiers',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    toEventId: uuid('to_event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    gender: text('gender').notNull(),
    /** 'team' or 'racer'. */
    kind: text('kind').notNull(),
    place: integer('place').notNull(),
    teamName: text('team_name').notNull(),
    racers: jsonb('racers').$type<string[]>().notNull(),
    confirmedBy: text('confirmed_by').notNull(),
    ...synced(),
  },
  (t) => [
    index('qualifiers_race_idx').on(t.eventId, t.disciplineId, t.division, t.gender),
    index('qualifiers_school_idx').on(t.schoolId),
  ],
);

/** The stored draw of a race (docs/decisions.md 'Race day'): its teams in drawn order, redrawn by
 *  an admin until bibs are given. One per event, discipline, division and gender. */
export const startDraws = pgTable(
  'start_draws',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    gender: text('gender').notNull(),
    seed: integer('seed').notNull(),
    teamOrder: jsonb('team_order').$type<string[]>().notNull(),
    ...synced(),
  },
  (t) => [uniqueIndex('start_draws_race_uq').on(t.eventId, t.disciplineId, t.division, t.gender)],
);

/** A racer's result in a race (docs/decisions.md, 'Results from the timing system'): each run's
 *  time or judged score in hundredths, or a status, read from the timing system's file or typed on
 *  a tablet; who recorded it and when. The race is the team entry's. */
export const raceResults = pgTable(
  'race_results',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamEntryId: uuid('team_entry_id')
      .notNull()
      .references(() => teamEntries.id, { onDelete: 'cascade' }),
    run1: integer('run1'),
    run2: integer('run2'),
    score: integer('score'),
    status: text('status'),
    /** 'file' (imported) or 'tablet' (typed). A new file replaces the race's imported results. */
    source: text('source').notNull(),
    recordedBy: text('recorded_by').notNull(),
    ...synced(),
  },
  (t) => [uniqueIndex('race_results_entry_uq').on(t.teamEntryId), index('race_results_event_idx').on(t.eventId)],
);

/** A start hut mark (DNS or started) on one entry in one run, made on a tablet, offline or not. */
export const raceMarks = pgTable(
  'race_marks',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    teamEntryId: uuid('team_entry_id')
      .notNull()
      .references(() => teamEntries.id, { onDelete: 'cascade' }),
    run: text('run').notNull(),
    mark: text('mark').notNull(),
    ...synced(),
  },
  (t) => [uniqueIndex('race_marks_entry_run_uq').on(t.teamEntryId, t.run)],
);
