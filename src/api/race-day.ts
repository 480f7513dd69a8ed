// The race-day actions that need the network (docs/decisions.md 'Offline, screen by screen'): the
// admin's start order draw and bulk bib generation. Each click carries its own idempotency key, so
// a request repeated by the network is applied once; the answers come back as results.
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import { bibsApi, type bibGenerateResponseSchema, type BibForm } from '../domain/schemas/api/bibs';
import { startlistsApi } from '../domain/schemas/api/startlists';
import type { RouteBody } from '../domain/schemas/route';
import { failure, type CallResult } from './call';
import { callRoute } from './route-call';

/** The race whose start order is drawn, always in a named event. */
export type DrawRequest = RouteBody<typeof startlistsApi.draw> & { EventId: string };

const once = () => ({ [WRITE_HEADERS.idempotencyKey]: uuidv7() });

export async function drawStartOrder(race: DrawRequest): Promise<CallResult<null>> {
  const answer = await callRoute(startlistsApi.draw, { body: race, headers: once() });
  return answer?.status === 200 ? { ok: true, data: null } : failure(answer, 'The start order could not be drawn.');
}

export type GeneratedBibs = z.infer<typeof bibGenerateResponseSchema>;

export async function generateBibs(bibForm: BibForm): Promise<CallResult<GeneratedBibs>> {
  const answer = await callRoute(bibsApi.generate, { body: { bibForm }, headers: once() });
  if (answer?.status === 200 && answer.data) return { ok: true, data: answer.data };
  return failure(answer, 'The bibs could not be generated.');
}
