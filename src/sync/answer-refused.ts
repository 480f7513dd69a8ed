// 400, 403, 404, 422 and a 2xx carrying the spec's `err`: resending the same cannot succeed, so
// the item is set aside with the server's message (and field errors, for the rows concerned) and
// later items of its row wait behind it until the user retries or discards it.
import { errorDetails, type WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import type { EngineContext } from './engine-context';
import type { Step } from './answer-step';

export async function setAside(
  ctx: EngineContext,
  item: OutboxItem,
  message: string,
  fields: { path: string; message: string }[] = [],
): Promise<void> {
  await ctx.db.outbox.update(item.localId!, { status: 'failed', error: message, fields, inFlightSeq: undefined });
  ctx.status.set({ message });
}

export async function answerRefused(ctx: EngineContext, item: OutboxItem, answer: WriteAnswer): Promise<Step> {
  const err = (answer.body as { err?: unknown } | null)?.err;
  if (answer.status >= 200 && answer.status < 300 && typeof err === 'string') {
    // The spec's other refusal: a success status carrying `err` (the profile save).
    await setAside(ctx, item, err);
    return { kind: 'next' };
  }
  const { message, fields } = errorDetails(answer.body);
  await setAside(ctx, item, message ?? `The server refused this change (${answer.status}).`, fields);
  return { kind: 'next' };
}
