import { z } from 'zod';
import { ERROR_CODE_LIST } from '../errors';

/** The one error body every failed call answers with. Its texts are the server's own and carry
 *  no bound: a refusal listing many fields must still serialise (a bound could only turn a 4xx
 *  into a 500). */
const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.enum(ERROR_CODE_LIST).optional(),
  fields: z.array(fieldErrorSchema).optional(),
});
