// #/reports/ski-snowboard-awards: four lists (spec section 2; RPT-24): secondary ski, secondary
// snowboard, primary ski and primary snowboard, each school's place and points.
import { reportsApi } from '../../../domain/schemas/api/reports';
import { awardColumns } from '../report-columns';
import { ReportPage, eventParam, type ReportPageProps } from '../report-page';
import { ReportTable } from '../report-table-view';
import { reportTitle } from '../reports';

const AWARD_LISTS = [
  ['secondarySki', 'Secondary ski'],
  ['secondarySnowboard', 'Secondary snowboard'],
  ['primarySki', 'Primary ski'],
  ['primarySnowboard', 'Primary snowboard'],
] as const;

export default function SkiSnowboardAwardsReport({ db }: ReportPageProps) {
  return (
    <ReportPage db={db} title={reportTitle('ski-snowboard-awards')} request={eventParam(reportsApi.skiSnowboardAwards)}>
      {(awards) =>
        AWARD_LISTS.map(([key, label]) => (
          <ReportTable
            key={key}
            heading
            title={label}
            rows={awards[key]}
            columns={awardColumns}
            empty="No school placed."
          />
        ))
      }
    </ReportPage>
  );
}
