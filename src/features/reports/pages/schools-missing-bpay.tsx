// #/reports/schools-missing-bpay: schools without a BPAY reference (RPT-12).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { schoolColumns } from '../report-columns';
import { ReportPage, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function SchoolsMissingBpayReport({ db }: ReportPageProps) {
  const title = reportTitle('schools-missing-bpay');
  return (
    <ReportPage db={db} title={title} path={'api/report/schools-missing-bpay'} schema={reportsApi.schoolsMissingBpay.response}>
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
