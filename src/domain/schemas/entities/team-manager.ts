// TeamManager (spec section 3). The mobile also arrives as phoneNumber in some payloads.
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { isValidPhone } from '../../rules/phone';
import { idSchema, stringFlagSchema, versioned } from '../common';
import { teamRefSchema } from './team';

export const teamManagerSchema = z.object({
  id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string(),
  /** '1' when the manager has a season pass (VIC events). */
  seasonPass: stringFlagSchema,
  SchoolId: idSchema,
  EventId: idSchema.optional(),
  teams: z.array(teamRefSchema).optional(),
  ...versioned,
});
export type TeamManager = z.infer<typeof teamManagerSchema>;

/** Request row (PUT /api/teamManagers): mobile or phoneNumber, checked with the spec's rule and
 *  message, and answered as mobile. */
export const teamManagerWriteSchema = z
  .object({
    id: idSchema,
    firstname: z.string().trim().min(1),
    lastname: z.string().trim().min(1),
    mobile: z.string().optional(),
    phoneNumber: z.string().optional(),
    seasonPass: stringFlagSchema.default('0'),
    ...versioned,
  })
  .superRefine((row, ctx) => {
    if (!isValidPhone(row.mobile || row.phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: MESSAGES.teamManagerPhoneRequired });
    }
  })
  .transform(({ phoneNumber, ...row }) => ({ ...row, mobile: row.mobile || phoneNumber || '' }));
export type TeamManagerWrite = z.output<typeof teamManagerWriteSchema>;
