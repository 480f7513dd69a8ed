// #/reports/school-costs: what each school owes for the event: entries, fees, GST, received and outstanding (AUD).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { schoolCostColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function SchoolCostsReport({ db }: ReportPageProps) {
  const title = reportTitle('school-costs');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.schoolCosts)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={schoolCostColumns} />}
    </ReportPage>
  );
}
