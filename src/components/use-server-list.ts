// The admin lists that live on the server only (BPAY, /rev, users, invites, events): load the list
// when online, keep one message (notice or error), and save with an idempotency key so a retried
// request is applied once. Failures keep the edits on screen; the message says what happened; a
// failed load offers Retry (ListLoading) instead of 'Loading…' for good.
import { useCallback, useEffect, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { call, failure, type Answer } from '../api/call';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import { useSyncStatus } from './use-sync-status';

export type ListMessage = { text: string; error: boolean };

type Options<S extends z.ZodType> = {
  /** The list's GET path (no leading slash), e.g. 'api/users'. */
  path: string;
  /** The answer's shape: the list as the server sends it. */
  schema: S;
  loadError: string;
};

export function useServerList<S extends z.ZodType>({ path, schema, loadError }: Options<S>) {
  type Rows = z.output<S>;
  const { online } = useSyncStatus();
  const [rows, setRows] = useState<Rows | null>(null);
  const [message, setMessage] = useState<ListMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void call('get', path).then((answer) => {
      if (!current) return;
      const parsed = answer?.status === 200 ? schema.safeParse(answer.body?.data ?? answer.body) : null;
      if (parsed?.success) {
        setRows(parsed.data);
      } else {
        setMessage({ text: failure(answer, loadError).message, error: true });
        setLoadFailed(true);
      }
    });
    return () => {
      current = false;
    };
  }, [online, path, schema, loadError, attempt]);

  /** Loads the list again after a failed load. */
  const retry = useCallback(() => {
    setLoadFailed(false);
    setMessage(null);
    setAttempt((n) => n + 1);
  }, []);

  /** Sends one write; on a 2xx answer calls saved(answer) and shows its notice, otherwise shows
   *  the server's message (or the fallback). Answers whether it was saved. */
  const save = useCallback(async (
    method: 'post' | 'put' | 'delete',
    target: string,
    body: unknown,
    texts: { saved: string; failed: string },
    saved?: (answer: Answer) => void,
  ): Promise<boolean> => {
    setBusy(true);
    setMessage(null);
    const answer = await call(method, target, body, { [WRITE_HEADERS.idempotencyKey]: uuidv7() });
    const ok = !!answer && answer.status >= 200 && answer.status < 300;
    if (ok) {
      saved?.(answer);
      setMessage({ text: texts.saved, error: false });
    } else {
      setMessage({ text: failure(answer, texts.failed).message, error: true });
    }
    setBusy(false);
    return ok;
  }, []);

  return { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry };
}
