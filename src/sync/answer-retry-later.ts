// 408, 429 and 5xx: the server could not take the item now. It waits (exponential backoff with
// full jitter, never sooner than Retry-After) and goes again under its number; after a 429 the
// server applied nothing, so a new number is fine too.
import type { WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import { parseRetryAfter, retryDelay } from './backoff';
import type { EngineContext } from './engine-context';
import type { Step } from './answer-step';

export const isRetryLater = (status: number) => status === 408 || status === 429 || status >= 500;

export async function answerRetryLater(ctx: EngineContext, item: OutboxItem, answer: WriteAnswer): Promise<Step> {
  if (answer.status === 429) await ctx.db.outbox.update(item.localId!, { inFlightSeq: undefined });
  const ms = retryDelay(item.attempts, ctx.random, parseRetryAfter(answer.headers, ctx.now));
  await ctx.db.outbox.update(item.localId!, { nextAttemptAt: ctx.now() + ms });
  return { kind: 'retry', ms };
}
