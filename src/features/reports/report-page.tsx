// The frame every report page uses (spec section 2 'Report pages'; docs/decisions.md 'Access' and
// 'Offline, screen by screen'): admin and auditor only (others go to /login); the title; the
// event the report reads where it reads one (auditors cannot pick an event in the header, so they
// choose here); the report fetched online and kept on the device, so offline it shows the last
// fetched copy 'As of' its time; Refresh and Print (A4, controls hidden, table header repeated on
// each page). The page gives the report's route (with what it sends) and what to show of the
// answer, usually one ReportTable.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OFFLINE_MESSAGE } from '../../api/call';
import type { RouteInput } from '../../api/route-call';
import { AdminListStatus } from '../../components/admin-list';
import { EventChoiceField, useEventChoice } from '../../components/event-choice';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { requestPath, type RouteRequest } from '../../components/route-request';
import { useFetchedCopy } from '../../components/use-fetched-copy';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import type { RouteContract, RouteResponse } from '../../domain/schemas/route';
import type { eventParamsSchema } from '../../domain/schemas/common';
import type { reportQuerySchema } from '../../domain/schemas/api/reports';
import './reports.css';

/** What the route table hands every report page. */
export type ReportPageProps = { db: InterschoolsDb };

const REPORT_NOT_LOADED = 'The report could not be loaded.';
const NO_COPY_OFFLINE = 'No copy of this report is kept on this device yet: open it once online.';

export const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
export const asOfText = (iso: string) => `As of ${timeOf(iso)}`;

/** A report of the chosen event: its route and what it sends for an event. */
type EventRequest<R extends RouteContract> = { route: R; forEvent: (eventId: string) => RouteInput<R> };

/** A report that reads the chosen event from its query: /api/report/{name}?EventId={id}. */
export const eventQuery = <R extends RouteContract & { querystring: typeof reportQuerySchema }>(
  route: R,
): EventRequest<R> => ({ route, forEvent: (eventId) => ({ query: { EventId: eventId } }) as RouteInput<R> });

/** A report that reads the chosen event from its path: /api/.../{EventId}. */
export const eventParam = <R extends RouteContract & { params: typeof eventParamsSchema }>(
  route: R,
): EventRequest<R> => ({ route, forEvent: (eventId) => ({ params: { EventId: eventId } }) as RouteInput<R> });

/** Access, the landmark and the title; Print. Pages that fetch nothing (moguls/slopestyle) use it alone. */
export function ReportShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageMain className="page admin-list report-page">
      <p className="no-print">
        <Link to="/reports">All reports</Link>
      </p>
      <h1>{title}</h1>
      {subtitle && <p className="report-subtitle">{subtitle}</p>}
      {children}
    </PageMain>
  );
}

export function PrintButton() {
  return (
    <button type="button" className="button no-print" onClick={() => window.print()}>
      Print
    </button>
  );
}

type ReportPageOwnProps<R extends RouteContract> = {
  db: InterschoolsDb;
  title: string;
  /** A line under the title: who the report counts (reports.ts reportAbout). */
  subtitle?: string;
  /** The report's call; for a report that reads the chosen event, its route and what it sends for
   *  one (eventQuery, eventParam); null while the page still needs a choice of its own (a state). */
  request: RouteRequest<R> | EventRequest<R> | null;
  /** Choices of the page's own, shown beside the event choice. */
  controls?: ReactNode;
  /** What to show of the answer. */
  children: (data: RouteResponse<R>, context: { eventName: string | null }) => ReactNode;
};

type BodyProps<R extends RouteContract> = Omit<ReportPageOwnProps<R>, 'request'> & { request: RouteRequest<R> | null };

export function ReportPage<R extends RouteContract>(props: ReportPageOwnProps<R>) {
  const { request } = props;
  return (
    <ReportShell title={props.title} subtitle={props.subtitle}>
      {request && 'forEvent' in request ? (
        <EventReport {...props} eventRequest={request} />
      ) : (
        <ReportBody {...props} request={request} eventName={null} chooser={null} />
      )}
    </ReportShell>
  );
}

function EventReport<R extends RouteContract>(props: ReportPageOwnProps<R> & { eventRequest: EventRequest<R> }) {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const choice = useEventChoice(user?.EventId ?? null, { past: true });
  const eventId = choice.chosen;
  const chooser = <EventChoiceField events={choice.events} chosen={eventId} onChange={choice.setChosen} />;
  if (!eventId)
    return <p>{choice.events !== null ? 'There is no active event.' : online ? 'Loading…' : OFFLINE_MESSAGE}</p>;
  const eventName = choice.event?.name ?? (eventId === user?.EventId ? user.eventName : null);
  const { route, forEvent } = props.eventRequest;
  const request = { route, input: forEvent(eventId) } as RouteRequest<R>;
  return <ReportBody {...props} request={request} eventName={eventName} chooser={chooser} />;
}

function ReportBody<R extends RouteContract>(props: BodyProps<R> & { eventName: string | null; chooser: ReactNode }) {
  const { online } = useSyncStatus();
  const [reload, setReload] = useState(0);
  return (
    <>
      <div className="report-controls no-print">
        {props.chooser}
        {props.controls}
        <div className="report-actions">
          <button
            type="button"
            className="button"
            disabled={!online || !props.request}
            onClick={() => setReload((n) => n + 1)}
          >
            Refresh
          </button>
          <PrintButton />
        </div>
      </div>
      {/* Keyed by the path: another event or state never shows the previous one's rows. */}
      <ReportData
        key={props.request ? requestPath(props.request as RouteRequest) : ''}
        {...props}
        reload={reload}
        online={online}
      />
    </>
  );
}

function ReportData<R extends RouteContract>({
  db,
  request,
  children,
  eventName,
  reload,
  online,
}: BodyProps<R> & { eventName: string | null; reload: number; online: boolean }) {
  const { user } = useSession();
  const state = useFetchedCopy(db, user?.username ?? null, request, REPORT_NOT_LOADED, reload);
  if (!request) return null;
  return (
    <>
      {state.data !== null && (eventName || state.fetchedAt) && (
        <p className="report-asof">
          {[eventName, state.fetchedAt ? asOfText(state.fetchedAt) : null].filter(Boolean).join(' · ')}
        </p>
      )}
      {state.fromCopy && state.fetchedAt && (
        <p className="admin-list-notice no-print" role="status">
          {online ? 'The latest report could not be fetched: ' : 'Offline: '}showing the copy fetched{' '}
          {timeOf(state.fetchedAt)}.
        </p>
      )}
      {state.data === null &&
        (state.loading ? (
          <p role="status">Loading…</p>
        ) : online ? (
          <AdminListStatus online={online} message={{ text: state.error ?? REPORT_NOT_LOADED, error: true }} />
        ) : (
          <p className="admin-list-notice">
            {OFFLINE_MESSAGE} {NO_COPY_OFFLINE}
          </p>
        ))}
      {state.data !== null && children(state.data, { eventName })}
    </>
  );
}
