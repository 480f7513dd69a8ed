// #/reports/primary-entries-event-compare: each school's primary race entries in this event against the previous one, charted in total.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ReportBarChart } from '../report-chart';
import { currentAgainstPrevious } from '../report-charts';
import { compareColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function PrimaryEntriesCompareReport({ db }: ReportPageProps) {
  const title = reportTitle('primary-entries-event-compare');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.primaryEntriesEventCompare)}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={compareColumns}
          chart={<ReportBarChart {...currentAgainstPrevious(rows)} />}
        />
      )}
    </ReportPage>
  );
}
