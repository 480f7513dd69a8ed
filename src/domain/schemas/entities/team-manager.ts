// TeamManager (spec section 3). The mobile also arrives as phoneNumber in some payloads.
import { z } from 'zod';
import { MAX_PERSON_NAME_LENGTH, MAX_PHONE_LENGTH } from '../../constants/limits';
import { MESSAGES } from '../../messages';
import { isValidPhone } from '../../rules/phone';
import { boundedText, idSchema, requiredText, stringFlagSchema, versioned } from '../common';
import { teamRefSchema } from './team';

export const teamManagerSchema = z.object({
  id: idSchema,
  firstname: boundedText(MAX_PERSON_NAME_LENGTH),
  lastname: boundedText(MAX_PERSON_NAME_LENGTH),
  mobile: boundedText(MAX_PHONE_LENGTH),
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
    firstname: requiredText(MAX_PERSON_NAME_LENGTH),
    lastname: requiredText(MAX_PERSON_NAME_LENGTH),
    mobile: boundedText(MAX_PHONE_LENGTH).optional(),
    phoneNumber: boundedText(MAX_PHONE_LENGTH).optional(),
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
