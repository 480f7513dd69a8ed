// The shape of each mirror table's rows as the change feed sends them. The client parses every
// pulled row with these (src/api/sync.ts) before it reaches IndexedDB, so a field a screen reads
// can never be silently missing: the server's loaders (server/modules/sync/service.ts) are held
// to the same schemas by tests/api/feed-rows.test.ts. Rows may carry more than a schema names
// (version, updatedAt): loose objects keep those.
import { z } from 'zod';
import { MAX_REFERENCE_LENGTH } from '../../constants/limits';
import { boundedText, idSchema, moneySchema, versioned } from '../common';
import { disciplineSchema, eventDisciplineSchema, eventSchema, stateSchema } from '../entities/event';
import { inviteSchema, qualifierSchema } from '../entities/invite';
import { participantSchema } from '../entities/participant';
import { resultOverallSchema, resultRaceSchema, trophySchema } from '../entities/result';
import { schoolSchema } from '../entities/school';
import { teamEntrySchema, teamSchema } from '../entities/team';
import { teamManagerSchema } from '../entities/team-manager';
import { ticketingSchema } from '../entities/ticketing';
import { volunteerSchema } from '../entities/volunteer';
import { waiverSchema } from '../entities/waiver';
import { RACE_DAY_ROW_SCHEMAS } from './race-day-feed';
import type { SyncEntity } from './sync';

/** A school's invoice for an event, as every device needs it offline: is it paid, what is owed
 *  (docs/decisions.md 'Money'; the rule is src/domain/rules/invoice-status.ts). Keyed by school
 *  and event: one row whatever the number of invoices issued. */
const invoiceStatusSchema = z.object({
  SchoolId: idSchema,
  EventId: idSchema,
  /** The latest invoice's number, '' before the first. */
  number: boundedText(MAX_REFERENCE_LENGTH),
  total: moneySchema,
  received: moneySchema,
  outstanding: moneySchema,
  paid: z.boolean(),
  ...versioned,
});
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

const withSchoolEvent = { SchoolId: idSchema, EventId: idSchema };

export const FEED_ROW_SCHEMAS: Partial<Record<SyncEntity, z.ZodType<Record<string, unknown>>>> = {
  participants: participantSchema.loose(),
  teamManagers: teamManagerSchema.loose(),
  teams: teamSchema.loose(),
  teamEntries: teamEntrySchema.loose(),
  volunteers: volunteerSchema.loose(),
  events: eventSchema.loose(),
  eventDisciplines: eventDisciplineSchema.extend({ EventId: idSchema }).loose(),
  disciplines: disciplineSchema.loose(),
  states: stateSchema.loose(),
  schools: schoolSchema.loose(),
  ticketing: ticketingSchema.extend(withSchoolEvent).loose(),
  waivers: waiverSchema.loose(),
  resultRaces: resultRaceSchema.loose(),
  resultOveralls: resultOverallSchema.loose(),
  trophies: trophySchema.loose(),
  invites: inviteSchema.loose(),
  qualifiers: qualifierSchema.loose(),
  invoices: invoiceStatusSchema.loose(),
  ...RACE_DAY_ROW_SCHEMAS,
};
