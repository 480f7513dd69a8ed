// #/reports/ticket-list: each school's team manager tickets for the event.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ticketColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function TicketListReport({ db }: ReportPageProps) {
  const title = reportTitle('ticket-list');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.ticketList)}>
      {(rows) => <ReportTable title={title} rows={rows} columns={ticketColumns} />}
    </ReportPage>
  );
}
