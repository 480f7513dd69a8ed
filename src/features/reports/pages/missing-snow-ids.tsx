// #/reports/missing-snow-ids: participants without a snow id (RPT-25).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { participantColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportAbout, reportTitle } from '../reports';

export default function MissingSnowIdsReport({ db }: ReportPageProps) {
  const title = reportTitle('missing-snow-ids');
  return (
    <ReportPage
      db={db}
      title={title}
      subtitle={reportAbout('missing-snow-ids')}
      request={eventQuery(reportsApi.missingSnowIds)}
    >
      {(rows) => <ReportTable title={title} rows={rows} columns={participantColumns} />}
    </ReportPage>
  );
}
