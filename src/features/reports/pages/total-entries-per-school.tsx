// #/reports/total-entries-per-school: race entries of each school in the event, one bar per school.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ReportBarChart } from '../report-chart';
import { entriesPerSchool } from '../report-charts';
import { perSchoolColumns } from '../report-columns';
import { useStateName } from '../report-lookups';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function TotalEntriesPerSchoolReport({ db }: ReportPageProps) {
  const title = reportTitle('total-entries-per-school');
  const stateName = useStateName(db);
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.totalEntriesPerSchool)}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={perSchoolColumns(stateName)}
          chart={<ReportBarChart {...entriesPerSchool(rows)} />}
        />
      )}
    </ReportPage>
  );
}
