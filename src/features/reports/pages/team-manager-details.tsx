// #/reports/team-manager-details: the team managers of every school (GET /api/report/teamManagers, RPT-06).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { teamManagerColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function TeamManagerDetailsReport({ db }: ReportPageProps) {
  const title = reportTitle('team-manager-details');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.teamManagers)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={teamManagerColumns} />}
    </ReportPage>
  );
}
