// One queued item's answer, dealt with by its status: each kind of answer has its own module.
import type { WriteAnswer } from '../api/sync';
import type { OutboxItem } from '../db/database';
import type { EngineContext } from './engine-context';
import { answerConflict } from './answer-conflict';
import { answerLocked } from './answer-locked';
import { answerRefused } from './answer-refused';
import { answerRetryLater, isRetryLater } from './answer-retry-later';
import { answerSessionEnded } from './answer-session-ended';
import type { Step } from './answer-step';
import { applySuccesses, isPlainSuccess } from './answer-success';

export async function handleAnswer(
  ctx: EngineContext,
  item: OutboxItem,
  answer: WriteAnswer,
  merges: Map<number, number>,
): Promise<Step> {
  const s = answer.status;
  if (isPlainSuccess(answer)) {
    await applySuccesses(ctx.db, [item], [answer]);
    return { kind: 'next' };
  }
  if (s === 401) return answerSessionEnded(ctx, item);
  if (s === 410) return answerLocked(ctx, item, answer);
  if (s === 409) return answerConflict(ctx, item, answer, merges);
  if (isRetryLater(s)) return answerRetryLater(ctx, item, answer);
  return answerRefused(ctx, item, answer);
}
