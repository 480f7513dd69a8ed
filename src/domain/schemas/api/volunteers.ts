// Volunteers, their slots, the event's volunteer spots and the required-volunteer counts.
import { ADMINS, SCHOOL_EDITORS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import { MAX_BATCH_ROWS } from '../../constants/limits';
import { deletedIdsSchema, schoolListOf } from '../common';
import {
  volunteerSchema,
  volunteerSlotSchema,
  volunteerSlotWriteSchema,
  volunteerSpotSchema,
  volunteerWriteSchema,
} from '../entities/volunteer';
import { defineRoute } from '../route';

const count = z.number().int().nonnegative();
const requiredVolunteersSchema = z.object({ total: count });
const requiredVolunteersVicSchema = z.object({ snowboard: count, ski: count, alpine: count });

export const volunteersBodySchema = z.object({
  multi: z.boolean(),
  volunteers: schoolListOf(volunteerWriteSchema, 'volunteers'),
  volunteersDeleted: deletedIdsSchema,
  slots: schoolListOf(volunteerSlotWriteSchema, 'volunteer places'),
  slotsDeleted: deletedIdsSchema,
});
export type VolunteersBody = z.output<typeof volunteersBodySchema>;
const volunteersSaveResponseSchema = z.object({
  volunteers: z.array(volunteerSchema),
  slots: z.array(volunteerSlotSchema),
});

const volunteerSpotsBodySchema = z.object({ spots: z.array(volunteerSpotSchema).max(MAX_BATCH_ROWS) });

export const volunteersApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/volunteers',
    access: SCHOOL_READERS,
    response: z.array(volunteerSchema),
  }),
  slots: defineRoute({
    method: 'GET',
    url: '/api/volunteerSlots',
    access: SCHOOL_READERS,
    response: z.array(volunteerSlotSchema),
  }),
  availableSpots: defineRoute({
    method: 'GET',
    url: '/api/volunteerSpots/available',
    access: SCHOOL_READERS,
    response: z.array(volunteerSpotSchema),
  }),
  required: defineRoute({
    method: 'GET',
    url: '/api/requiredVolunteers',
    access: SCHOOL_READERS,
    response: requiredVolunteersSchema,
  }),
  requiredVic: defineRoute({
    method: 'GET',
    url: '/api/requiredVolunteersVic',
    access: SCHOOL_READERS,
    response: requiredVolunteersVicSchema,
  }),
  requiredAus: defineRoute({
    method: 'GET',
    url: '/api/requiredVolunteersAus',
    access: SCHOOL_READERS,
    response: requiredVolunteersSchema,
  }),
  save: defineRoute({
    queued: true,
    method: 'PUT',
    url: '/api/volunteers',
    access: SCHOOL_EDITORS,
    body: volunteersBodySchema,
    response: volunteersSaveResponseSchema,
  }),
  spots: defineRoute({
    method: 'GET',
    url: '/api/volunteerSpots',
    access: ADMINS,
    response: z.array(volunteerSpotSchema),
  }),
  saveSpots: defineRoute({
    method: 'PUT',
    url: '/api/volunteerSpots',
    access: ADMINS,
    body: volunteerSpotsBodySchema,
    response: z.array(volunteerSpotSchema),
  }),
};
