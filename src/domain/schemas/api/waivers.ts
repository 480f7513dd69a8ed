// Waivers, matched to the school's participants and volunteers (spec section 7).
import { z } from 'zod';
import { deletedIdsSchema, idSchema } from '../common';
import { waiverSchema, waiverWriteSchema } from '../entities/waiver';
import { defineRoute } from '../route';

export const participantWaiverRowSchema = z.object({
  ParticipantId: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  snowId: z.string().nullable(),
  waiver: waiverSchema.nullable(),
});
export const volunteerWaiverRowSchema = z.object({
  VolunteerId: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  waiver: waiverSchema.nullable(),
});

/** Matched people with their waiver (or null), and waivers that match nobody. */
export const matchedWaiversSchema = z.object({
  participants: z.array(participantWaiverRowSchema),
  volunteers: z.array(volunteerWaiverRowSchema),
  unmatchedParticipants: z.array(waiverSchema),
  unmatchedVolunteers: z.array(waiverSchema),
});
export type MatchedWaivers = z.infer<typeof matchedWaiversSchema>;

export const waiversBodySchema = z.object({
  multi: z.boolean(),
  data: z.array(waiverWriteSchema),
  waiversDeleted: deletedIdsSchema,
});
export type WaiversBody = z.output<typeof waiversBodySchema>;

export const waiversApi = {
  matched: defineRoute({ method: 'GET', url: '/api/waivers/matched', response: matchedWaiversSchema }),
  save: defineRoute({ method: 'PUT', url: '/api/waivers', body: waiversBodySchema, response: z.array(waiverSchema) }),
};
