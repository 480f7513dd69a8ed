// #/reports/participants: every participant entered in a race, of every school, with their race entries.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { participantColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportAbout, reportTitle } from '../reports';

export default function ParticipantsReport({ db }: ReportPageProps) {
  const title = reportTitle('participants');
  return (
    <ReportPage
      db={db}
      title={title}
      subtitle={reportAbout('participants')}
      request={eventQuery(reportsApi.participants)}
    >
      {(rows) => <ReportTable title={title} rows={rows} columns={participantColumns} />}
    </ReportPage>
  );
}
