// A server answer read online and kept on the device for offline reading (docs/decisions.md
// 'Offline, screen by screen': the invoice and each report show their last fetched copy with its
// time). Online: fetched, shown and kept; offline, or when the fetch fails: the kept copy, if any,
// with the time it was fetched.
import { useEffect, useState } from 'react';
import { failure } from '../api/call';
import type { InterschoolsDb } from '../db/database';
import { getFetchedCopy, setFetchedCopy } from '../db/meta';
import type { RouteContract, RouteResponse } from '../domain/schemas/route';
import { requestPath, sendRequest, type RouteRequest } from './route-request';
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

/** The key a copy is kept under: the request's path without its leading slash, as copies kept
 *  before the calls were made from the contract were named, so they stay readable. */
const copyKeyOf = (request: RouteRequest) => requestPath(request).replace(/^\//, '');

export function useFetchedCopy<R extends RouteContract>(
  db: InterschoolsDb,
  user: string | null,
  request: RouteRequest<R> | null,
  failed: string,
  reloadToken = 0,
): FetchedState<RouteResponse<R>> {
  type Data = RouteResponse<R>;
  const { online } = useSyncStatus();
  const [state, setState] = useState<FetchedState<Data>>({
    data: null,
    fetchedAt: null,
    fromCopy: false,
    error: null,
    loading: true,
  });
  const route = request?.route ?? null;
  const path = request ? copyKeyOf(request as RouteRequest) : null;
  // The effect reads the input from its text, so a caller's new object each render fetches nothing.
  const inputKey = JSON.stringify(request?.input ?? {});

  useEffect(() => {
    if (!route || !path || !user) return undefined;
    let current = true;
    const showCopy = (error: string | null) =>
      getFetchedCopy<Data>(db, user, path).then((copy) => {
        if (!current) return;
        setState({
          data: copy?.value ?? null,
          fetchedAt: copy?.fetchedAt ?? null,
          fromCopy: !!copy,
          error,
          loading: false,
        });
      });
    if (!online) {
      void showCopy(null);
    } else {
      void sendRequest({ route, input: JSON.parse(inputKey) as unknown } as RouteRequest<R>).then(async (answer) => {
        const data = answer?.status === 200 ? answer.data : undefined;
        if (data === undefined) return showCopy(failure(answer, failed).message);
        const fetchedAt = new Date().toISOString();
        await setFetchedCopy(db, user, path, data, fetchedAt);
        if (current) setState({ data, fetchedAt, fromCopy: false, error: null, loading: false });
      });
    }
    return () => {
      current = false;
    };
  }, [db, user, route, path, inputKey, failed, online, reloadToken]);

  return state;
}
