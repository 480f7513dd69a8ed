// The frame every report page uses (spec section 2 'Report pages'; PRODUCT-DECISIONS 'Access' and
// 'Offline, screen by screen'): admin and auditor only (others go to /login); the title; the
// event the report reads where it reads one (auditors cannot pick an event in the header, so they
// choose here); the report fetched online and kept on the device, so offline it shows the last
// fetched copy 'As of' its time; Refresh and Print (A4, controls hidden, table header repeated on
// each page). The page gives the path, the answer's schema and what to show of the answer,
// usually one ReportTable.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { OFFLINE_MESSAGE } from '../../api/call';
import { AdminListStatus } from '../../components/admin-list';
import { EventChoiceField, useEventChoice } from '../../components/event-choice';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useFetchedCopy } from '../../components/use-fetched-copy';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import './reports.css';

/** What the route table hands every report page. */
export type ReportPageProps = { db: InterschoolsDb };

export const REPORT_NOT_LOADED = 'The report could not be loaded.';
export const NO_COPY_OFFLINE = 'No copy of this report is kept on this device yet: open it once online.';

export const timeOf = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
export const asOfText = (iso: string) => `As of ${timeOf(iso)}`;

/** The API path of a report that reads the chosen event: api/report/{name}?EventId={id}. */
export const eventQuery = (name: string) => (eventId: string) => `api/report/${name}?EventId=${encodeURIComponent(eventId)}`;

/** Access, the landmark and the title; Print. Pages that fetch nothing (moguls/slopestyle) use it alone. */
export function ReportShell({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageMain className="page admin-list report-page">
      <p className="no-print"><Link to="/reports">All reports</Link></p>
      <h1>{title}</h1>
      {children}
    </PageMain>
  );
}

export function PrintButton() {
  return <button type="button" className="button no-print" onClick={() => window.print()}>Print</button>;
}

type ReportPageOwnProps<S extends z.ZodType> = {
  db: InterschoolsDb;
  title: string;
  /** The API path (no leading slash); a function of the chosen event for a report that reads one;
   *  null while the page still needs a choice of its own (a state). */
  path: string | ((eventId: string) => string) | null;
  schema: S;
  /** Choices of the page's own, shown beside the event choice. */
  controls?: ReactNode;
  /** What to show of the answer. */
  children: (data: z.output<S>, context: { eventName: string | null }) => ReactNode;
};

export function ReportPage<S extends z.ZodType>(props: ReportPageOwnProps<S>) {
  return (
    <ReportShell title={props.title}>
      {typeof props.path === 'function' ? <EventReport {...props} eventPath={props.path} /> : <ReportBody {...props} path={props.path} eventName={null} chooser={null} />}
    </ReportShell>
  );
}

function EventReport<S extends z.ZodType>(props: ReportPageOwnProps<S> & { eventPath: (eventId: string) => string }) {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const choice = useEventChoice(user?.EventId ?? null, { past: true });
  const eventId = choice.chosen;
  const chooser = <EventChoiceField events={choice.events} chosen={eventId} onChange={choice.setChosen} />;
  if (!eventId) return <p>{choice.events !== null ? 'There is no active event.' : online ? 'Loading…' : OFFLINE_MESSAGE}</p>;
  const eventName = choice.event?.name ?? (eventId === user?.EventId ? user.eventName : null);
  const path = props.eventPath(eventId);
  return <ReportBody {...props} path={path} eventName={eventName} chooser={chooser} />;
}

function ReportBody<S extends z.ZodType>(props: ReportPageOwnProps<S> & { path: string | null; eventName: string | null; chooser: ReactNode }) {
  const { online } = useSyncStatus();
  const [reload, setReload] = useState(0);
  return (
    <>
      <div className="report-controls no-print">
        {props.chooser}
        {props.controls}
        <div className="report-actions">
          <button type="button" className="button" disabled={!online || !props.path} onClick={() => setReload((n) => n + 1)}>Refresh</button>
          <PrintButton />
        </div>
      </div>
      {/* Keyed by the path: another event or state never shows the previous one's rows. */}
      <ReportData key={props.path ?? ''} {...props} reload={reload} online={online} />
    </>
  );
}

function ReportData<S extends z.ZodType>({ db, path, schema, children, eventName, reload, online }: ReportPageOwnProps<S> & { path: string | null; eventName: string | null; reload: number; online: boolean }) {
  const { user } = useSession();
  const state = useFetchedCopy(db, user?.username ?? null, path, schema, REPORT_NOT_LOADED, reload);
  if (!path) return null;
  return (
    <>
      {state.data !== null && (eventName || state.fetchedAt) && (
        <p className="report-asof">{[eventName, state.fetchedAt ? asOfText(state.fetchedAt) : null].filter(Boolean).join(' · ')}</p>
      )}
      {state.fromCopy && state.fetchedAt && (
        <p className="admin-list-notice no-print" role="status">
          {online ? 'The latest report could not be fetched: ' : 'Offline: '}showing the copy fetched {timeOf(state.fetchedAt)}.
        </p>
      )}
      {state.data === null && (
        state.loading ? <p role="status">Loading…</p>
          : online ? <AdminListStatus online={online} message={{ text: state.error ?? REPORT_NOT_LOADED, error: true }} />
            : <p className="admin-list-notice">{OFFLINE_MESSAGE} {NO_COPY_OFFLINE}</p>
      )}
      {state.data !== null && children(state.data, { eventName })}
    </>
  );
}
