// #/reports/new-schools: schools new this season.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { schoolColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function NewSchoolsReport({ db }: ReportPageProps) {
  const title = reportTitle('new-schools');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.newSchools)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={schoolColumns} />}
    </ReportPage>
  );
}
