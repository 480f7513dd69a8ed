// Waivers, matched to the school's participants and volunteers (spec section 7).
import { SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { MAX_PERSON_NAME_LENGTH } from '../../constants/limits';
import { boundedText, deletedIdsSchema, idSchema, schoolListOf, storedSnowIdSchema } from '../common';
import { waiverSchema, waiverWriteSchema } from '../entities/waiver';
import { defineRoute } from '../route';

const participantWaiverRowSchema = z.object({
  ParticipantId: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  snowId: storedSnowIdSchema.nullable(),
  waiver: waiverSchema.nullable(),
});
const volunteerWaiverRowSchema = z.object({
  VolunteerId: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  waiver: waiverSchema.nullable(),
});

/** Matched people with their waiver (or null), and waivers that match nobody. */
const matchedWaiversSchema = z.object({
  participants: z.array(participantWaiverRowSchema),
  volunteers: z.array(volunteerWaiverRowSchema),
  unmatchedParticipants: z.array(waiverSchema),
  unmatchedVolunteers: z.array(waiverSchema),
});
export type MatchedWaivers = z.infer<typeof matchedWaiversSchema>;

/** Staff name the school (and event) they read, as they do for team managers: an auditor's session
 *  has neither. Without them the session's school and event; a school user naming another school
 *  is refused. */
const matchedWaiversQuerySchema = z.object({ SchoolId: idSchema.optional(), EventId: idSchema.optional() });

export const waiversBodySchema = z.object({
  multi: z.boolean(),
  data: schoolListOf(waiverWriteSchema, 'waivers'),
  waiversDeleted: deletedIdsSchema,
});
export type WaiversBody = z.output<typeof waiversBodySchema>;

export const waiversApi = {
  matched: defineRoute({
    method: 'GET',
    url: '/api/waivers/matched',
    access: SCHOOL_READERS,
    querystring: matchedWaiversQuerySchema,
    response: matchedWaiversSchema,
  }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/waivers',
    access: SCHOOL_EDITORS,
    body: waiversBodySchema,
    response: z.array(waiverSchema),
  }),
};
