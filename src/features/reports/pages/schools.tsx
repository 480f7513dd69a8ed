// #/reports/schools: every registered school.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { schoolColumns } from '../report-columns';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function SchoolsReport({ db }: ReportPageProps) {
  const title = reportTitle('schools');
  return (
    <ReportPage db={db} title={title} path={'api/report/schools'} schema={reportsApi.schools.response}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={schoolColumns}
        />
      )}
    </ReportPage>
  );
}
