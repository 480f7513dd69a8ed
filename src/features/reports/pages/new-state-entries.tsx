// #/reports/new-state-entries: race entries by school and state (GET /api/v2/report/new-state-entries/{EventId}).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { stateEntriesColumns } from '../report-columns';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function NewStateEntriesReport({ db }: ReportPageProps) {
  const title = reportTitle('new-state-entries');
  return (
    <ReportPage db={db} title={title} path={(id: string) => `api/v2/report/new-state-entries/${encodeURIComponent(id)}`} schema={reportsApi.newStateEntries.response}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={stateEntriesColumns}
        />
      )}
    </ReportPage>
  );
}
