// #/reports/school-types: schools counted by type, category and sector, charted by type.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ReportBarChart } from '../report-chart';
import { schoolsByType } from '../report-charts';
import { schoolTypeColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function SchoolTypesReport({ db }: ReportPageProps) {
  const title = reportTitle('school-types');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.schoolTypes)}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={schoolTypeColumns}
          chart={<ReportBarChart {...schoolsByType(rows)} />}
        />
      )}
    </ReportPage>
  );
}
