// Session and home (spec section 7): host check, login, logout, password reset, the admin's
// school/event switch and the home metrics.
import { ADMINS, SCHOOL_READERS } from '../../constants/access';
import { z } from 'zod';
import {
  MAX_PASSWORD_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_URL_LENGTH,
  MAX_USERNAME_LENGTH,
} from '../../constants/limits';
import { MIN_PASSWORD_LENGTH } from '../../constants/policy';
import { SERVER_MESSAGES } from '../../server-messages';
import {
  boundedText,
  emailSchema,
  idSchema,
  messageResponseSchema,
  noneableIdInput,
  okResponseSchema,
  schoolEventParamsSchema,
} from '../common';
import { sessionSelectionSchema, sessionUserSchema } from '../entities/user';
import { defineRoute } from '../route';
import { HOST_PATH } from './host-path';

/** GET /utils/host: the host the request came to and whether it is one we serve. `host` echoes
 *  the request's Host header, which the HTTP server bounds: a bound here could only turn the
 *  answer into a 500. */
const hostResponseSchema = z.object({ host: z.string(), allowed: z.boolean() });

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(MAX_USERNAME_LENGTH),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  EventId: noneableIdInput.optional(),
});
/** A refused login carries { error } (spec section 8: 'the response's error is shown'). The server
 *  answers it with 401 and the common error body, whose `error` field is set to that text. */
const loginErrorSchema = z.object({ error: boundedText(MAX_TEXT_LENGTH) });
const loginResponseSchema = z.union([sessionUserSchema, loginErrorSchema]);

const resetBodySchema = z.object({ email: emailSchema });
export const newPasswordBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, { error: SERVER_MESSAGES.passwordTooShort }).max(MAX_PASSWORD_LENGTH),
  token: z.string().min(1).max(MAX_TOKEN_LENGTH),
});

/** POST /api/session/ body: 0 or null for 'none' (answered as null). */
export const sessionBodySchema = z.object({ SchoolId: noneableIdInput, EventId: noneableIdInput });

/** The five latest published results, linked from home. */
const metricResultSchema = z.object({
  id: idSchema,
  title: boundedText(MAX_TITLE_LENGTH),
  fileUrl: boundedText(MAX_URL_LENGTH),
});

const count = z.number().int().nonnegative();
export const metricsResponseSchema = z.object({
  participantCount: count,
  teamManagerCount: count,
  teamsCount: count,
  raceEntriesCount: count,
  volunteerCount: count,
  noPositionsAssignedToVolunteer: count,
  noPositionsNotAssignedToVolunteer: count,
  enteredParticipantsCount: count,
  completedParticipantsWaiversCount: count,
  completedVolunteerWaiversCount: count,
  results: z.array(metricResultSchema).max(5),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

export const sessionApi = {
  host: defineRoute({ method: 'GET', url: HOST_PATH, access: 'public', response: hostResponseSchema }),
  login: defineRoute({
    method: 'POST',
    url: '/api/login',
    access: 'public',
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  logout: defineRoute({ method: 'GET', url: '/api/logout', access: 'public', response: okResponseSchema }),
  /** Success answers MESSAGES.resetEmailSent; an unknown email answers 404 with
   *  MESSAGES.resetUnknownEmail (the spec's message, which does reveal unknown addresses). */
  reset: defineRoute({
    method: 'POST',
    url: '/api/reset',
    access: 'public',
    body: resetBodySchema,
    response: messageResponseSchema,
  }),
  newPassword: defineRoute({
    method: 'POST',
    url: '/api/newPassword',
    access: 'public',
    body: newPasswordBodySchema,
    response: messageResponseSchema,
  }),
  switchSession: defineRoute({
    method: 'POST',
    url: '/api/session/',
    access: ADMINS,
    body: sessionBodySchema,
    response: sessionSelectionSchema,
  }),
  metrics: defineRoute({
    method: 'GET',
    url: '/api/metrics/:EventId/:SchoolId',
    access: SCHOOL_READERS,
    params: schoolEventParamsSchema,
    response: metricsResponseSchema,
  }),
};
