// A server answer read online and kept on the device for offline reading (PRODUCT-DECISIONS
// 'Offline, screen by screen': the invoice and each report show their last fetched copy with its
// time). Online: fetched, shown and kept; offline, or when the fetch fails: the kept copy, if any,
// with the time it was fetched.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call, failure } from '../api/call';
import type { InterschoolsDb } from '../db/database';
import { getFetchedCopy, setFetchedCopy } from '../db/meta';
import { useSyncStatus } from './use-sync-status';

export type FetchedState<T> = {
  data: T | null;
  /** When the data shown was fetched (ISO); null before any. */
  fetchedAt: string | null;
  /** True when the data shown is the kept copy, not a fresh answer. */
  fromCopy: boolean;
  error: string | null;
  loading: boolean;
};

export function useFetchedCopy<S extends z.ZodType>(
  db: InterschoolsDb, user: string | null, path: string | null, schema: S, failed: string, reloadToken = 0,
): FetchedState<z.output<S>> {
  const { online } = useSyncStatus();
  const [state, setState] = useState<FetchedState<z.output<S>>>({ data: null, fetchedAt: null, fromCopy: false, error: null, loading: true });

  useEffect(() => {
    if (!path || !user) return undefined;
    let current = true;
    const showCopy = (error: string | null) => getFetchedCopy<z.output<S>>(db, user, path).then((copy) => {
      if (!current) return;
      setState({ data: copy?.value ?? null, fetchedAt: copy?.fetchedAt ?? null, fromCopy: !!copy, error, loading: false });
    });
    if (!online) {
      void showCopy(null);
    } else {
      void call('get', path).then(async (answer) => {
        const parsed = answer?.status === 200 ? schema.safeParse(answer.body?.data ?? answer.body) : null;
        if (!parsed?.success) return showCopy(failure(answer, failed).message);
        const fetchedAt = new Date().toISOString();
        await setFetchedCopy(db, user, path, parsed.data, fetchedAt);
        if (current) setState({ data: parsed.data, fetchedAt, fromCopy: false, error: null, loading: false });
      });
    }
    return () => {
      current = false;
    };
  }, [db, user, path, schema, failed, online, reloadToken]);

  return state;
}
