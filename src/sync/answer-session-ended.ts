// 401: the session ended. Everything pauses (the pause is kept in meta, so other engines on the
// database pause too) until the same user signs in again: one user's changes are never sent under
// another's session.
import type { OutboxItem } from '../db/database';
import type { EngineContext } from './engine-context';
import { ENGINE_META } from './engine-meta';
import type { Step } from './answer-step';

export async function answerSessionEnded(ctx: EngineContext, item: OutboxItem): Promise<Step> {
  await ctx.db.outbox.update(item.localId!, { inFlightSeq: undefined });
  await ctx.setMeta(ENGINE_META.pausedFor, item.userId ?? (await ctx.activeUser()) ?? '');
  ctx.status.set({ needsLogin: true, message: 'Your session has ended: sign in again to send your changes.' });
  return { kind: 'stop' };
}
