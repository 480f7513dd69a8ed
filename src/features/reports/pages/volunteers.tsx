// #/reports/volunteers: the volunteers of every school with the place each was given.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { volunteerColumns } from '../report-columns';
import { useDisciplineName } from '../report-lookups';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function VolunteersReport({ db }: ReportPageProps) {
  const title = reportTitle('volunteers');
  const disciplineName = useDisciplineName(db);
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.volunteers)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={volunteerColumns(disciplineName)} />}
    </ReportPage>
  );
}
