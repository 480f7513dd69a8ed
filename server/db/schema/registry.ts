// The built-in athlete registry: a local copy of athletes by snow id, loaded from a data file.
import { boolean, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const registryAthletes = pgTable('registry_athletes', {
  snowId: text('snow_id').primaryKey(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  gender: text('gender').notNull(),
  dob: date('dob', { mode: 'string' }),
  active: boolean('active').notNull().default(true),
  waiverCompleted: boolean('waiver_completed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
