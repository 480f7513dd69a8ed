// Schools with their coordinator and principal (one each, kept on the school row).
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, synced } from './columns';
import { states } from './reference';

export const schools = pgTable(
  'schools',
  {
    id: id(),
    name: text('name').notNull(),
    nickname: text('nickname').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    town: text('town').notNull().default(''),
    region: text('region').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    schoolType: text('school_type').notNull().default('Co-ed'),
    schoolCategory: text('school_category').notNull().default('Secondary'),
    schoolGovOrPrivate: text('school_gov_or_private').notNull().default('Gov.'),
    stateId: integer('state_id').references(() => states.id),
    bpay: text('bpay').notNull().default(''),
    coordinatorFirstname: text('coordinator_firstname').notNull().default(''),
    coordinatorLastname: text('coordinator_lastname').notNull().default(''),
    coordinatorPhone: text('coordinator_phone').notNull().default(''),
    coordinatorMobile: text('coordinator_mobile').notNull().default(''),
    coordinatorFax: text('coordinator_fax').notNull().default(''),
    coordinatorAusEnews: boolean('coordinator_aus_enews').notNull().default(true),
    principalFirstname: text('principal_firstname').notNull().default(''),
    principalLastname: text('principal_lastname').notNull().default(''),
    principalEmail: text('principal_email').notNull().default(''),
    accountingContactId: text('accounting_contact_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }),
    /** Set when an admin removes a school that has invoices or payments: its people and entries are
     *  gone, the row stays so the accounts keep their school. Removed schools leave every list. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    ...synced(),
  },
  (t) => [index('schools_state_idx').on(t.stateId), index('schools_name_idx').on(t.name)],
);
