// #/reports/moguls-slopestyle: the spec's page that 'only reads the current user' (NAV-47, RPT-14):
// it makes no call at all. It shows who is signed in and for which event, and the moguls and
// slopestyle disciplines of that event (the Live heats disciplines, 2, 10 and 11) as the device's
// mirror holds them, so it reads the same offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from '../../../components/session-context';
import { LIVE_HEATS_DISCIPLINES } from '../../../domain/constants/disciplines';
import { useDisciplineName } from '../report-lookups';
import { PrintButton, ReportShell, type ReportPageProps } from '../report-page';
import type { ReportColumn } from '../report-table';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

type DisciplineRow = { DisciplineId: number; name: string; divisions: string; genders: string; active: boolean };

const COLUMNS: ReportColumn<DisciplineRow>[] = [
  { key: 'name', label: 'Discipline' },
  { key: 'divisions', label: 'Divisions' },
  { key: 'genders', label: 'Genders' },
  { key: 'active', label: 'Open for entries' },
];

export default function MogulsSlopestyleReport({ db }: ReportPageProps) {
  const title = reportTitle('moguls-slopestyle');
  const { user } = useSession();
  const disciplineName = useDisciplineName(db);
  const eventId = user?.EventId ?? null;
  const disciplines = useLiveQuery(
    async () =>
      eventId
        ? (await db.eventDisciplines.where('EventId').equals(eventId).toArray()).filter((d) =>
            LIVE_HEATS_DISCIPLINES.includes(d.DisciplineId),
          )
        : [],
    [db, eventId],
  );
  const rows: DisciplineRow[] = [...(disciplines ?? [])]
    .sort((a, b) => a.DisciplineId - b.DisciplineId)
    .map((d) => ({
      DisciplineId: d.DisciplineId,
      name: d.name ?? disciplineName(d.DisciplineId),
      divisions: d.divisionFrom === d.divisionTo ? String(d.divisionFrom) : `${d.divisionFrom} to ${d.divisionTo}`,
      genders: [d.male && 'Male', d.female && 'Female'].filter(Boolean).join(', '),
      active: d.active,
    }));
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ');
  return (
    <ReportShell title={title}>
      <div className="report-controls no-print">
        <PrintButton />
      </div>
      {user && (
        <dl className="report-details">
          <dt>Signed in as</dt>
          <dd>{name ? `${name} (${user.username})` : user.username}</dd>
          <dt>Role</dt>
          <dd>{user.type}</dd>
          <dt>Event</dt>
          <dd>{user.eventName ?? 'No event chosen'}</dd>
          {user.schoolName && (
            <>
              <dt>School</dt>
              <dd>{user.schoolName}</dd>
            </>
          )}
        </dl>
      )}
      {eventId ? (
        <ReportTable
          title="Moguls and slopestyle disciplines"
          heading
          rows={rows}
          columns={COLUMNS}
          empty="This event has no moguls or slopestyle discipline on this device."
          rowKey={(r) => String(r.DisciplineId)}
        />
      ) : (
        <p>Choose an event to see its moguls and slopestyle disciplines.</p>
      )}
    </ReportShell>
  );
}
