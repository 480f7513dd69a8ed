// #/reports/home-summary: the event's figures across every school (GET
// /api/report/home-summary/{EventId}, RPT-18), one measure a row.
import { formatMoney } from '../../../domain/rules/money';
import { reportsApi } from '../../../domain/schemas/api/reports';
import type { z } from 'zod';
import { ReportPage, eventParam, type ReportPageProps } from '../report-page';
import type { ReportColumn } from '../report-table';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

type Summary = z.output<typeof reportsApi.homeSummary.response>;
type Measure = { measure: string; value: number; money?: boolean };

const MEASURES: readonly [keyof Summary, string][] = [
  ['schoolCount', 'Schools'],
  ['participantCount', 'Participants'],
  ['enteredParticipantsCount', 'Participants entered in a race'],
  ['teamsCount', 'Teams'],
  ['raceEntriesCount', 'Race entries'],
  ['teamManagerCount', 'Team managers'],
  ['volunteerCount', 'Volunteers'],
  ['noPositionsAssignedToVolunteer', 'Volunteer positions assigned'],
  ['noPositionsNotAssignedToVolunteer', 'Volunteer positions not assigned'],
  ['completedParticipantsWaiversCount', 'Completed participant waivers'],
  ['completedVolunteerWaiversCount', 'Completed volunteer waivers'],
];

function summaryRows(summary: Summary): Measure[] {
  return [
    ...MEASURES.map(([key, measure]) => ({ measure, value: Number(summary[key]) })),
    { measure: 'Payments received', value: summary.paymentsReceived, money: true },
  ];
}

const COLUMNS: ReportColumn<Measure>[] = [
  { key: 'measure', label: 'Measure' },
  { key: 'value', label: 'Value', kind: 'number', value: (r) => (r.money ? formatMoney(r.value) : r.value) },
];

export default function HomeSummaryReport({ db }: ReportPageProps) {
  const title = reportTitle('home-summary');
  return (
    <ReportPage db={db} title={title} request={eventParam(reportsApi.homeSummary)}>
      {(summary) => <ReportTable title={title} rows={summaryRows(summary)} columns={COLUMNS} />}
    </ReportPage>
  );
}
