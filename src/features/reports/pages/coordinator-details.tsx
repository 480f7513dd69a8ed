// #/reports/coordinator-details: the coordinator of each school in the event and how to reach them.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { coordinatorColumns } from '../report-columns';
import { useStateName } from '../report-lookups';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function CoordinatorDetailsReport({ db }: ReportPageProps) {
  const title = reportTitle('coordinator-details');
  const stateName = useStateName(db);
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.coordinatorDetails)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={coordinatorColumns(stateName)} />}
    </ReportPage>
  );
}
