// #/reports/schools: every registered school.
import type { ReportPageProps } from '../report-page';
import { SchoolListReport } from './school-list-report';

export default function SchoolsReport({ db }: ReportPageProps) {
  return <SchoolListReport db={db} name="schools" />;
}
