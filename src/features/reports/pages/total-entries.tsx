// #/reports/total-entries: the event's race entries, the count of the answer's first row (RPT-02).
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { reportTitle } from '../reports';

export default function TotalEntriesReport({ db }: ReportPageProps) {
  return (
    <ReportPage db={db} title={reportTitle('total-entries')} request={eventQuery(reportsApi.totalEntries)}>
      {(rows) => (
        <p className="report-total">
          Race entries <strong>{rows[0]?.count ?? 0}</strong>
        </p>
      )}
    </ReportPage>
  );
}
