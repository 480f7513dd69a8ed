// #/reports/missing-waivers: the participants and volunteers whose waiver is missing (GET /api/report/missing-waivers/{EventId}).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { waiverColumns } from '../report-columns';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function MissingWaiversReport({ db }: ReportPageProps) {
  const title = reportTitle('missing-waivers');
  return (
    <ReportPage db={db} title={title} path={(id: string) => `api/report/missing-waivers/${encodeURIComponent(id)}`} schema={reportsApi.missingWaivers.response}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={waiverColumns}
        />
      )}
    </ReportPage>
  );
}
