// #/reports/current-waivers: the waivers recorded for the event.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { waiverColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function CurrentWaiversReport({ db }: ReportPageProps) {
  const title = reportTitle('current-waivers');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.currentWaivers)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={waiverColumns} />}
    </ReportPage>
  );
}
