// The race-day actions that need the network (PRODUCT-DECISIONS 'Offline, screen by screen'): the
// admin's start order draw and bulk bib generation. Each click carries its own idempotency key, so
// a request repeated by the network is applied once; the answers come back as results.
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import { bibGenerateResponseSchema, type BibForm } from '../domain/schemas/api/bibs';
import { call, failure, type CallResult } from './call';

export interface DrawRequest {
  EventId: string;
  DisciplineId: number;
  division: number;
  gender: string;
}

const once = () => ({ [WRITE_HEADERS.idempotencyKey]: uuidv7() });

export async function drawStartOrder(race: DrawRequest): Promise<CallResult<null>> {
  const answer = await call('post', 'api/startlist/draw', race, once());
  return answer?.status === 200 ? { ok: true, data: null } : failure(answer, 'The start order could not be drawn.');
}

export type GeneratedBibs = z.infer<typeof bibGenerateResponseSchema>;

export async function generateBibs(bibForm: BibForm): Promise<CallResult<GeneratedBibs>> {
  const answer = await call('post', 'api/bibs/generate', { bibForm }, once());
  const parsed = answer?.status === 200 ? bibGenerateResponseSchema.safeParse(answer.body) : null;
  if (parsed?.success) return { ok: true, data: parsed.data };
  return failure(answer, 'The bibs could not be generated.');
}
