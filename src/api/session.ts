// Session calls of spec section 7 (host check, login, logout, password reset, new password, the
// admin's school and event switch and its two pick lists). They need the network: the shell uses
// them only online, and each answer comes back as a result (never thrown) except the host check,
// whose network failure the caller answers with the last known result.
import { MESSAGES } from '../domain/messages';
import { HOST_PATH } from '../domain/schemas/api/host-path';
import type { SessionSelection, SessionUser } from '../domain/schemas/entities/user';
import { failure, text, type Answer, type CallResult } from './call';
import { http } from './http';

export { type CallResult } from './call';

/** The routes (and zod with their schemas) and the typed call load with the first call, not with
 *  the first page: the login screen must load small on a phone's connection. */
const sessionRoutes = () => import('../domain/schemas/api/session').then((m) => m.sessionApi);

/** An area's routes and the typed call; null when they could not be loaded (offline before the
 *  app's files were kept), which the callers answer as a network failure. Null too when `signal`
 *  was aborted while they loaded: the screen that asked has gone, and a call whose answer it will
 *  not read is not sent. */
async function loaded<T>(routes: () => Promise<T>, signal?: AbortSignal) {
  try {
    const [api, { callRoute }] = await Promise.all([routes(), import('./route-call')]);
    return signal?.aborted ? null : { api, callRoute };
  } catch {
    return null;
  }
}

/** GET /utils/host. Throws when the server cannot be reached (the caller uses the last answer). */
export async function fetchHost(): Promise<{ host: string; allowed: boolean }> {
  const response = await http.get(HOST_PATH.replace(/^\//, ''), { timeout: 8_000 });
  if (!response.ok) throw new Error(`host check answered ${response.status}`);
  const body = await response.json<{ host?: unknown; allowed?: unknown }>();
  return { host: String(body.host ?? ''), allowed: body.allowed !== false };
}

/** POST /api/login, into the event chosen (none: the server picks the school's state's event).
 *  A refusal shows the response's `error` (spec section 8), else its message. */
export async function login(
  username: string,
  password: string,
  EventId: string | null = null,
): Promise<CallResult<SessionUser>> {
  const calls = await loaded(sessionRoutes);
  if (!calls) return failure(null, '');
  const answer = await calls.callRoute(calls.api.login, {
    body: { username, password, ...(EventId ? { EventId } : {}) },
  });
  if (!answer) return failure(answer, '');
  // The answer's schema also reads a refusal ({ error }): only a user with a username signs in.
  const user = answer.data && 'username' in answer.data ? answer.data : null;
  if (user?.username) return { ok: true, data: user };
  const message =
    answer.status === 401
      ? (text(answer.body?.error) ?? text(answer.body?.message))
      : (text(answer.body?.message) ?? text(answer.body?.error));
  return { ok: false, status: answer.status, message: message ?? 'Sign in failed' };
}

/** GET /api/logout. The session ends locally whatever the answer: failures are ignored. */
export async function logout(): Promise<void> {
  const calls = await loaded(sessionRoutes);
  await calls?.callRoute(calls.api.logout);
}

/** POST /api/reset: the spec's two messages; other refusals (rate limit) show the server's. */
export async function requestPasswordReset(email: string): Promise<CallResult<string>> {
  const calls = await loaded(sessionRoutes);
  const answer = calls ? await calls.callRoute(calls.api.reset, { body: { email } }) : null;
  if (answer && answer.status >= 200 && answer.status < 300) return { ok: true, data: MESSAGES.resetEmailSent };
  if (answer?.status === 404) return { ok: false, status: 404, message: MESSAGES.resetUnknownEmail };
  return failure(answer, MESSAGES.resetUnknownEmail);
}

/** POST /api/newPassword with the emailed token. */
export async function setNewPassword(input: {
  email: string;
  password: string;
  token: string;
}): Promise<CallResult<string>> {
  const calls = await loaded(sessionRoutes);
  const answer = calls ? await calls.callRoute(calls.api.newPassword, { body: input }) : null;
  if (answer && answer.status >= 200 && answer.status < 300) {
    return { ok: true, data: text(answer.body?.message) ?? 'Your password has been changed.' };
  }
  return failure(answer, 'The password could not be changed.');
}

/** POST /api/session/ (admin): the school and event the session works on; null for none. */
export async function switchSession(choice: {
  SchoolId: string | null;
  EventId: string | null;
}): Promise<CallResult<SessionSelection>> {
  const calls = await loaded(sessionRoutes);
  const answer = calls ? await calls.callRoute(calls.api.switchSession, { body: choice }) : null;
  if (answer?.data) return { ok: true, data: answer.data };
  return failure(answer, 'The session could not be switched.');
}

export type PickItem = { id: string; name: string };

/** The pick lists read only each row's id and name, so a row of another shape is left out rather
 *  than the whole list refused. */
function pickList(answer: Answer | null): CallResult<PickItem[]> {
  if (!answer || answer.status < 200 || answer.status >= 300) return failure(answer, 'The list could not be loaded.');
  const rows = Array.isArray(answer.body?.data) ? (answer.body.data as unknown[]) : [];
  const items = rows.flatMap((row) => {
    const r = row as { id?: unknown; name?: unknown };
    return typeof r.id === 'string' && typeof r.name === 'string' ? [{ id: r.id, name: r.name }] : [];
  });
  return { ok: true, data: items };
}

/** An open event on the sign-in form: its name, and when its entries close in whose local time. */
export type LoginEventItem = PickItem & { entriesCloseAt: string | null; states: number[] };

/** GET /api/events?active=true: signed out, the login form's choice of event. Not sent once `signal` is aborted (the screen has gone). */
export async function listActiveEvents(signal?: AbortSignal): Promise<CallResult<LoginEventItem[]>> {
  const calls = await loaded(() => import('../domain/schemas/api/events').then((m) => m.eventsApi), signal);
  const answer = calls ? await calls.callRoute(calls.api.list, { query: { active: 'true' } }) : null;
  const list = pickList(answer);
  if (!list.ok) return list;
  // The close is an extra the form can do without: a row that lacks it still offers its event.
  const listed = Array.isArray(answer?.body?.data) ? (answer.body.data as unknown[]) : [];
  const rows = new Map(
    listed.map((r) => r as { id?: unknown; entriesCloseAt?: unknown; states?: unknown }).map((r) => [r.id, r]),
  );
  return {
    ok: true,
    data: list.data.map((item) => {
      const row = rows.get(item.id);
      const states = Array.isArray(row?.states) ? row.states.filter((s): s is number => Number.isInteger(s)) : [];
      return { ...item, entriesCloseAt: typeof row?.entriesCloseAt === 'string' ? row.entriesCloseAt : null, states };
    }),
  };
}

/** GET /api/school/list?EventId=: the header's school picker (admin). Not sent once `signal` is
 *  aborted (the picker has gone, or asks for another event's schools). */
export async function listSchools(eventId: string | null, signal?: AbortSignal): Promise<CallResult<PickItem[]>> {
  const calls = await loaded(() => import('../domain/schemas/api/schools').then((m) => m.schoolsApi), signal);
  return pickList(calls ? await calls.callRoute(calls.api.list, eventId ? { query: { EventId: eventId } } : {}) : null);
}
