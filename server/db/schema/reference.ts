// Reference data named by the business rules: states and the eleven disciplines keep integer ids.
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { synced } from './columns';

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  ...synced(),
});

export const disciplines = pgTable('disciplines', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  divisionFrom: integer('division_from').notNull(),
  divisionTo: integer('division_to').notNull(),
  male: boolean('male').notNull().default(true),
  female: boolean('female').notNull().default(true),
  ...synced(),
});
