// #/reports/new-state-entries: race entries by school and state (GET /api/v2/report/new-state-entries/{EventId}).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { stateEntriesColumns } from '../report-columns';
import { ReportPage, eventParam, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function NewStateEntriesReport({ db }: ReportPageProps) {
  const title = reportTitle('new-state-entries');
  return (
    <ReportPage db={db} title={title} request={eventParam(reportsApi.newStateEntries)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={stateEntriesColumns} />}
    </ReportPage>
  );
}
