// Results (per race and overall pointscores, each linking a published file), trophies and invites.
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, synced } from './columns';
import { events } from './events';
import { disciplines } from './reference';

export const resultRaces = pgTable('result_races', {
  id: id(),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  disciplineId: integer('discipline_id').notNull().references(() => disciplines.id),
  division: integer('division').notNull(),
  gender: text('gender').notNull(),
  teamIndividual: text('team_individual').notNull(),
  fileUrl: text('file_url').notNull().default(''),
  placings: jsonb('placings').$type<Array<{ place: number; name: string; school?: string }>>(),
  ...synced(),
}, (t) => [index('result_races_event_idx').on(t.eventId, t.disciplineId)]);

export const resultOveralls = pgTable('result_overalls', {
  id: id(),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  pointscore: text('pointscore').notNull(),
  schoolType: text('school_type').notNull(),
  gender: text('gender').notNull(),
  fileUrl: text('file_url').notNull().default(''),
  placings: jsonb('placings').$type<Array<{ place: number; name: string; points?: number }>>(),
  ...synced(),
}, (t) => [index('result_overalls_event_idx').on(t.eventId)]);

export const trophies = pgTable('trophies', {
  id: id(),
  disciplineId: integer('discipline_id').references(() => disciplines.id),
  division: integer('division'),
  gender: text('gender').notNull(),
  state: text('state').notNull().default(''),
  imageUrl: text('image_url').notNull().default(''),
  type: text('type').notNull().default('team'),
  name: text('name').notNull().default(''),
  ...synced(),
}, (t) => [index('trophies_discipline_idx').on(t.disciplineId, t.division)]);

export const invites = pgTable('invites', {
  id: id(),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  disciplineId: integer('discipline_id').notNull().references(() => disciplines.id),
  division: integer('division').notNull(),
  gender: text('gender').notNull(),
  stateNational: text('state_national').notNull(),
  ...synced(),
}, (t) => [index('invites_event_idx').on(t.eventId)]);
