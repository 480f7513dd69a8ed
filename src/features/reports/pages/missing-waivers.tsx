// #/reports/missing-waivers: the racers (participants entered in a race) and volunteers whose waiver is missing,
// said under the title (GET /api/report/missing-waivers/{EventId}).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { waiverColumns } from '../report-columns';
import { ReportPage, eventParam, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportAbout, reportTitle } from '../reports';

export default function MissingWaiversReport({ db }: ReportPageProps) {
  const title = reportTitle('missing-waivers');
  return (
    <ReportPage
      db={db}
      title={title}
      subtitle={reportAbout('missing-waivers')}
      request={eventParam(reportsApi.missingWaivers)}
    >
      {(rows) => <ReportTable title={title} rows={rows} columns={waiverColumns} />}
    </ReportPage>
  );
}
