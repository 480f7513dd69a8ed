// A date of birth as a write carries it: YYYY-MM-DD, a real calendar day, its year from 1900 to
// the current year, refused with the spec's message.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isBirthDateInRange } from '../rules/birth-date';

// `abort`: a text that is no date at all gets the message once, not again for its year.
export const birthDateWriteSchema = z.iso
  .date({ error: MESSAGES.invalidDate, abort: true })
  .refine((iso) => isBirthDateInRange(iso), { message: MESSAGES.invalidDate });
