// #/reports/school-past-total-entries (RPT-16): tick past events, then Generate; each school's race
// entries in each ticked event, one column per event, and a chart of the seasons side by side.
// The events are those GET /api/events lists (archived events are not listed there, so they
// cannot be ticked). The last generated report is kept on the device and shown offline with its time.
import { useMemo, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../../api/call';
import { MAX_EVENTS_PER_SAVE } from '../../../domain/constants/limits';
import { ReportBarChart } from '../report-chart';
import { entriesPerSeason } from '../report-charts';
import type { PastTotalsRow } from '../report-columns';
import { PrintButton, ReportShell, asOfText, timeOf, type ReportPageProps } from '../report-page';
import type { ReportColumn } from '../report-table';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';
import { useSession } from '../../../components/session-context';
import { eventLabel, usePastTotals, type PastEvent } from '../use-past-totals';

export const GENERATE_BUTTON = 'Generate';
const ARCHIVED_NOTE = 'Archived events are not listed: the server does not offer them for this report.';

function pastTotalsColumns(events: readonly PastEvent[]): ReportColumn<PastTotalsRow>[] {
  return [
    { key: 'schoolName', label: 'School' },
    ...events.map((e): ReportColumn<PastTotalsRow> => ({
      key: `event:${e.id}`,
      label: e.label,
      kind: 'number',
      value: (r) => r.pastTotals[e.id] ?? 0,
    })),
    {
      key: 'total',
      label: 'Total',
      kind: 'number',
      value: (r) => events.reduce((sum, e) => sum + (r.pastTotals[e.id] ?? 0), 0),
    },
  ];
}

export default function SchoolPastTotalEntriesReport({ db }: ReportPageProps) {
  const title = reportTitle('school-past-total-entries');
  const { user } = useSession();
  const report = usePastTotals(db, user?.username ?? null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const chosen: PastEvent[] = (report.events ?? [])
    .filter((e) => ticked.has(e.id))
    .map((e) => ({ id: e.id, label: eventLabel(e), year: e.year }));
  const shown = report.result;
  const columns = useMemo(() => pastTotalsColumns(shown?.value.events ?? []), [shown]);
  const chart = useMemo(() => (shown ? entriesPerSeason(shown.value.rows, shown.value.events) : null), [shown]);

  const toggle = (id: string, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ReportShell title={title}>
      <fieldset className="report-events no-print">
        <legend>Events to compare</legend>
        {!report.online && <p className="admin-list-notice">{OFFLINE_MESSAGE}</p>}
        {report.eventsError && (
          <p className="admin-list-error" role="alert">
            {report.eventsError}
          </p>
        )}
        {report.online && report.events === null && !report.eventsError && <p role="status">Loading events…</p>}
        {report.events?.map((e) => (
          <label key={e.id}>
            <input
              type="checkbox"
              checked={ticked.has(e.id)}
              onChange={(event) => toggle(e.id, event.target.checked)}
            />
            {eventLabel(e)}
          </label>
        ))}
        {report.events && report.events.length === 0 && <p>No event is listed.</p>}
        <p className="report-count">{ARCHIVED_NOTE}</p>
        <button
          type="button"
          className="button button-primary"
          disabled={!report.online || report.busy || chosen.length === 0 || chosen.length > MAX_EVENTS_PER_SAVE}
          onClick={() => void report.generate(chosen)}
        >
          {report.busy ? 'Generating…' : GENERATE_BUTTON}
        </button>{' '}
        <PrintButton />
      </fieldset>
      {report.error && (
        <p className="admin-list-error" role="alert">
          {report.error}
        </p>
      )}
      {shown && (
        <>
          <p className="report-asof">{asOfText(shown.fetchedAt)}</p>
          {shown.fromCopy && (
            <p className="admin-list-notice no-print" role="status">
              Showing the report generated {timeOf(shown.fetchedAt)}.
            </p>
          )}
          <ReportTable
            title={title}
            rows={shown.value.rows}
            columns={columns}
            chart={chart && <ReportBarChart {...chart} />}
            rowKey={(r) => r.SchoolId}
          />
        </>
      )}
    </ReportShell>
  );
}
