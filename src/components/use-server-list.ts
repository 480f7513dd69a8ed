// The admin lists that live on the server only (BPAY, /rev, users, invites, events): load the list
// when online, keep one message (notice or error), and save with an idempotency key so a retried
// request is applied once. Failures keep the edits on screen; the message says what happened; a
// failed load offers Retry (ListLoading) instead of 'Loading…' for good.
import { useCallback, useEffect, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { failure } from '../api/call';
import type { RouteAnswer } from '../api/route-call';
import type { RouteContract } from '../domain/schemas/route';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import { sendRequest, type RouteRequest } from './route-request';
import { useSyncStatus } from './use-sync-status';

export type ListMessage = { text: string; error: boolean };

type Options<R extends RouteContract, S extends z.ZodType> = RouteRequest<R> & {
  /** How the screen reads the answer when not as the route's schema does (a narrower shape, a
   *  sort); without it the rows are the route's answer. */
  schema?: S;
  loadError: string;
};

export function useServerList<R extends RouteContract, S extends z.ZodType = R['response']>(options: Options<R, S>) {
  type Rows = z.output<S>;
  const { route, schema, loadError } = options;
  // The effect reads the input from its text, so a caller's new object each render loads nothing.
  const inputKey = JSON.stringify(options.input ?? {});
  const { online } = useSyncStatus();
  const [rows, setRows] = useState<Rows | null>(null);
  const [message, setMessage] = useState<ListMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void sendRequest({ route, input: JSON.parse(inputKey) as unknown } as RouteRequest<R>).then((answer) => {
      if (!current) return;
      let read: { rows: Rows } | null = null;
      if (answer?.status === 200 && schema) {
        const parsed = schema.safeParse(answer.json);
        if (parsed.success) read = { rows: parsed.data as Rows };
      } else if (answer?.status === 200 && answer.data !== undefined) {
        read = { rows: answer.data as Rows };
      }
      if (read) {
        setRows(read.rows);
      } else {
        setMessage({ text: failure(answer, loadError).message, error: true });
        setLoadFailed(true);
      }
    });
    return () => {
      current = false;
    };
  }, [online, route, inputKey, schema, loadError, attempt]);

  /** Loads the list again after a failed load. */
  const retry = useCallback(() => {
    setLoadFailed(false);
    setMessage(null);
    setAttempt((n) => n + 1);
  }, []);

  /** Sends one write; on a 2xx answer calls saved(answer) and shows its notice, otherwise shows
   *  the server's message (or the fallback). Answers whether it was saved. */
  const save = useCallback(
    async <W extends RouteContract>(
      request: RouteRequest<W>,
      texts: { saved: string; failed: string },
      saved?: (answer: RouteAnswer<W>) => void,
    ): Promise<boolean> => {
      setBusy(true);
      setMessage(null);
      const answer = await sendRequest(request, { [WRITE_HEADERS.idempotencyKey]: uuidv7() });
      const ok = !!answer && answer.status >= 200 && answer.status < 300;
      if (ok) {
        saved?.(answer);
        setMessage({ text: texts.saved, error: false });
      } else {
        setMessage({ text: failure(answer, texts.failed).message, error: true });
      }
      setBusy(false);
      return ok;
    },
    [],
  );

  return { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry };
}
