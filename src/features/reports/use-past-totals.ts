// The past-event totals report is the one report asked for with a body (POST
// /api/report/school-past-total-entries {events}), so useFetchedCopy (GET) does not fit: the
// events to tick come from GET /api/events (archived events are not listed there), Generate posts
// the ticked ones, and the last generated answer is kept on the device with the events it covered
// and its time, to show offline (docs/decisions.md 'Offline, screen by screen').
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { failure } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { getFetchedCopy, setFetchedCopy } from '../../db/meta';
import { eventSummarySchema, type EventSummary } from '../../domain/schemas';
import { eventsApi } from '../../domain/schemas/api/events';
import { reportsApi } from '../../domain/schemas/api/reports';
import type { PastTotalsRow } from './report-columns';

/** The key the last generated copy is kept under: the route's path without its leading slash, the
 *  name copies were kept under before the calls were made from the contract. */
const PAST_TOTALS_KEY = reportsApi.schoolPastTotalEntries.url.replace(/^\//, '');
const EVENTS_NOT_LOADED = 'The events could not be loaded.';
const PAST_TOTALS_FAILED = 'The report could not be generated.';

/** Read as summaries: that is all the report's choice shows, whichever shape the route answers. */
const eventsSchema = z.array(eventSummarySchema);

/** An event as a column of the report: its id and the label shown. */
export type PastEvent = { id: string; label: string; year: number };
export type PastTotals = { events: PastEvent[]; rows: PastTotalsRow[] };

export const eventLabel = (e: Pick<EventSummary, 'name' | 'year'>) =>
  e.name.includes(String(e.year)) ? e.name : `${e.name} ${e.year}`;

export function usePastTotals(db: InterschoolsDb, user: string | null) {
  const { online } = useSyncStatus();
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [result, setResult] = useState<{ value: PastTotals; fetchedAt: string; fromCopy: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return undefined;
    let current = true;
    void callRoute(eventsApi.list).then((answer) => {
      if (!current) return;
      const parsed = answer?.status === 200 ? eventsSchema.safeParse(answer.json) : null;
      if (parsed?.success) setEvents([...parsed.data].sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)));
      else setEventsError(failure(answer, EVENTS_NOT_LOADED).message);
    });
    return () => {
      current = false;
    };
  }, [online]);

  // The last generated copy, shown until the user generates again.
  useEffect(() => {
    if (!user) return undefined;
    let current = true;
    void getFetchedCopy<PastTotals>(db, user, PAST_TOTALS_KEY).then((copy) => {
      if (current && copy) setResult((now) => now ?? { value: copy.value, fetchedAt: copy.fetchedAt, fromCopy: true });
    });
    return () => {
      current = false;
    };
  }, [db, user]);

  const generate = useCallback(
    async (chosen: readonly PastEvent[]) => {
      if (!user) return;
      setBusy(true);
      setError(null);
      const answer = await callRoute(reportsApi.schoolPastTotalEntries, { body: { events: chosen.map((e) => e.id) } });
      if (answer?.status === 200 && answer.data) {
        const value: PastTotals = {
          events: [...chosen].sort((a, b) => a.year - b.year || a.label.localeCompare(b.label)),
          rows: answer.data,
        };
        const fetchedAt = new Date().toISOString();
        await setFetchedCopy(db, user, PAST_TOTALS_KEY, value, fetchedAt);
        setResult({ value, fetchedAt, fromCopy: false });
      } else {
        setError(failure(answer, PAST_TOTALS_FAILED).message);
      }
      setBusy(false);
    },
    [db, user],
  );

  return { online, events, eventsError, result, busy, error, generate };
}
