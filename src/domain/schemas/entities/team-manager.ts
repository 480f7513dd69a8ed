// TeamManager (spec section 3). The mobile also arrives as phoneNumber in some payloads.
import { z } from 'zod';
import { MAX_PERSON_NAME_LENGTH, MAX_PHONE_LENGTH } from '../../constants/limits';
import { MESSAGES } from '../../messages';
import { isValidPhone } from '../../rules/phone';
import { boundedText, idSchema, requiredText, stringFlagSchema, versioned, wholeWhenNew } from '../common';
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

/**
 * Request row (PUT /api/teamManagers): whole (a new manager, or any row without a version), or,
 * for a manager on record (a version given), the id, version and only the fields changed, so a
 * field this device did not touch never carries its older value over another device's change.
 * mobile or phoneNumber, checked with the spec's rule and message wherever one is sent (always on a
 * whole row), and answered as mobile.
 */
export const teamManagerWriteSchema = z
  .object({
    id: idSchema,
    firstname: requiredText(MAX_PERSON_NAME_LENGTH).optional(),
    lastname: requiredText(MAX_PERSON_NAME_LENGTH).optional(),
    mobile: boundedText(MAX_PHONE_LENGTH).optional(),
    phoneNumber: boundedText(MAX_PHONE_LENGTH).optional(),
    seasonPass: stringFlagSchema.optional(),
    ...versioned,
  })
  .superRefine((row, ctx) => {
    wholeWhenNew({ firstname: 'string', lastname: 'string' })(row, ctx);
    const whole = row.version === undefined;
    const phoneSent = row.mobile !== undefined || row.phoneNumber !== undefined;
    if ((whole || phoneSent) && !isValidPhone(row.mobile || row.phoneNumber)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: MESSAGES.teamManagerPhoneRequired });
    }
  })
  .transform(({ phoneNumber, ...row }) => {
    const phoneSent = row.mobile !== undefined || phoneNumber !== undefined;
    if (row.version !== undefined) return { ...row, ...(phoneSent ? { mobile: row.mobile || phoneNumber || '' } : {}) };
    return { ...row, mobile: row.mobile || phoneNumber || '', seasonPass: row.seasonPass ?? '0' };
  });
export type TeamManagerWrite = z.output<typeof teamManagerWriteSchema>;

/** A row with every field: a new manager can be created from it. */
export const isWholeTeamManagerRow = (
  row: TeamManagerWrite,
): row is TeamManagerWrite & Required<Pick<TeamManagerWrite, 'firstname' | 'lastname' | 'mobile' | 'seasonPass'>> =>
  row.firstname !== undefined && row.lastname !== undefined && row.mobile !== undefined && row.seasonPass !== undefined;
