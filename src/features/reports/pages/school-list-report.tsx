// The reports that list schools, one row per school (schools, schools-missing-bpay): the same
// columns over the rows of their own call.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { schoolColumns } from '../report-columns';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export function SchoolListReport({ db, name }: ReportPageProps & { name: 'schools' | 'schools-missing-bpay' }) {
  const title = reportTitle(name);
  return (
    <ReportPage
      db={db}
      title={title}
      request={{ route: name === 'schools' ? reportsApi.schools : reportsApi.schoolsMissingBpay }}
    >
      {(rows) => <ReportTable title={title} rows={rows} columns={schoolColumns} />}
    </ReportPage>
  );
}
