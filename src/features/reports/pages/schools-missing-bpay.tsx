// #/reports/schools-missing-bpay: schools without a BPAY reference (RPT-12).
import type { ReportPageProps } from '../report-page';
import { SchoolListReport } from './school-list-report';

export default function SchoolsMissingBpayReport({ db }: ReportPageProps) {
  return <SchoolListReport db={db} name="schools-missing-bpay" />;
}
