// #/reports/race-entries: every racer in every team of the event, charted by discipline.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { ReportBarChart } from '../report-chart';
import { entriesByDiscipline } from '../report-charts';
import { raceEntryColumns } from '../report-columns';
import { ReportPage, eventQuery, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

export default function RaceEntriesReport({ db }: ReportPageProps) {
  const title = reportTitle('race-entries');
  return (
    <ReportPage db={db} title={title} request={eventQuery(reportsApi.raceEntries)}>
      {(rows) => (
        <ReportTable
          title={title}
          rows={rows}
          columns={raceEntryColumns}
          chart={<ReportBarChart {...entriesByDiscipline(rows)} />}
        />
      )}
    </ReportPage>
  );
}
