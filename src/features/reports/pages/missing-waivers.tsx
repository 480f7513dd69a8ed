// #/reports/missing-waivers: the participants and volunteers whose waiver is missing (GET /api/report/missing-waivers/{EventId}).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { waiverColumns } from '../report-columns';
import { ReportPage, eventParam, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function MissingWaiversReport({ db }: ReportPageProps) {
  const title = reportTitle('missing-waivers');
  return (
    <ReportPage db={db} title={title} request={eventParam(reportsApi.missingWaivers)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={waiverColumns} />}
    </ReportPage>
  );
}
