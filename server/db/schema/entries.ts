// What a school enters into an event: participants (kept across seasons), team managers, teams and
// the team entries that put a participant in a team position. Team entries carry the team's event
// and discipline (kept in step by a composite foreign key) so the database itself enforces 'a bib
// once per event and discipline' and 'a participant once per discipline in an event'.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, synced } from './columns';
import { events } from './events';
import { disciplines } from './reference';
import { schools } from './schools';

export const participants = pgTable(
  'participants',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    snowId: text('snow_id'),
    snowIdActive: smallint('snow_id_active').notNull().default(1),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    yearLevel: text('year_level').notNull().default(''),
    gender: text('gender').notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    email: text('email').notNull().default(''),
    archived: smallint('archived').notNull().default(0),
    ...synced(),
  },
  (t) => [
    uniqueIndex('participants_school_snow_uq')
      .on(t.schoolId, t.snowId)
      .where(sql`${t.snowId} is not null`),
    index('participants_school_idx').on(t.schoolId, t.archived),
    index('participants_snow_idx').on(t.snowId),
  ],
);

export const teamManagers = pgTable(
  'team_managers',
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
    seasonPass: text('season_pass').notNull().default('0'),
    ...synced(),
  },
  (t) => [index('team_managers_school_event_idx').on(t.schoolId, t.eventId)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    division: integer('division').notNull(),
    teamRank: text('team_rank').notNull(),
    gender: text('gender').notNull(),
    teamManagerId: uuid('team_manager_id').references(() => teamManagers.id, { onDelete: 'set null' }),
    ...synced(),
  },
  (t) => [
    unique('teams_id_event_discipline_uq').on(t.id, t.eventId, t.disciplineId),
    unique('teams_identity_uq').on(t.eventId, t.schoolId, t.disciplineId, t.division, t.gender, t.teamRank),
    index('teams_school_event_idx').on(t.schoolId, t.eventId),
    index('teams_event_discipline_idx').on(t.eventId, t.disciplineId, t.division, t.gender),
  ],
);

export const teamEntries = pgTable(
  'team_entries',
  {
    id: id(),
    teamId: uuid('team_id').notNull(),
    eventId: uuid('event_id').notNull(),
    disciplineId: integer('discipline_id').notNull(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bib: integer('bib'),
    /** Typed by an admin: bulk generation keeps it and reports it (docs/decisions.md 'Race day'). */
    bibManual: boolean('bib_manual').notNull().default(false),
    ...synced(),
  },
  (t) => [
    foreignKey({
      name: 'team_entries_team_fk',
      columns: [t.teamId, t.eventId, t.disciplineId],
      foreignColumns: [teams.id, teams.eventId, teams.disciplineId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    unique('team_entries_position_uq').on(t.teamId, t.position),
    uniqueIndex('team_entries_bib_uq')
      .on(t.eventId, t.disciplineId, t.bib)
      .where(sql`${t.bib} is not null`),
    uniqueIndex('team_entries_participant_uq')
      .on(t.eventId, t.disciplineId, t.participantId)
      .where(sql`${t.participantId} is not null`),
    index('team_entries_participant_idx').on(t.participantId),
    index('team_entries_school_event_idx').on(t.schoolId, t.eventId),
  ],
);

export const ticketing = pgTable(
  'ticketing',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    managerTicket1: integer('manager_ticket1').notNull().default(0),
    managerTicket2: integer('manager_ticket2').notNull().default(0),
    managerTicket3: integer('manager_ticket3').notNull().default(0),
    managerTicket4: integer('manager_ticket4').notNull().default(0),
    managerTicket5: integer('manager_ticket5').notNull().default(0),
    xcManagerTicketAlpine1: integer('xc_manager_ticket_alpine1').notNull().default(0),
    xcManagerTicketXC1: integer('xc_manager_ticket_xc1').notNull().default(0),
    noAvailableTeamManagerPasses: integer('no_available_team_manager_passes').notNull().default(0),
    ...synced(),
  },
  (t) => [unique('ticketing_school_event_uq').on(t.schoolId, t.eventId)],
);

export const waivers = pgTable(
  'waivers',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    givenName: text('given_name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    snowId: text('snow_id'),
    completed: smallint('completed').notNull().default(0),
    createdBy: text('created_by').notNull().default(''),
    ...synced(),
  },
  (t) => [index('waivers_school_event_idx').on(t.schoolId, t.eventId, t.type)],
);
