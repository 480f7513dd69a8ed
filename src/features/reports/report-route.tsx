// #/reports/:report: the report named in the route, each page its own lazily loaded chunk (so a
// report's code, and chart.js for the ones that chart, loads only when it is opened). The table is
// keyed by the registry's names (reports.ts): a report listed there must have its page here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { ReportPageProps } from './report-page';
import { isReportName, type ReportName } from './reports';

const PAGES: Record<ReportName, LazyExoticComponent<ComponentType<ReportPageProps>>> = {
  'total-entries': lazy(() => import('./pages/total-entries')),
  'total-entries-per-school': lazy(() => import('./pages/total-entries-per-school')),
  'race-entries': lazy(() => import('./pages/race-entries')),
  participants: lazy(() => import('./pages/participants')),
  'new-state-entries': lazy(() => import('./pages/new-state-entries')),
  'moguls-slopestyle': lazy(() => import('./pages/moguls-slopestyle')),
  'home-summary': lazy(() => import('./pages/home-summary')),
  'coordinator-details': lazy(() => import('./pages/coordinator-details')),
  'coordinator-details-state': lazy(() => import('./pages/coordinator-details-state')),
  'team-manager-details': lazy(() => import('./pages/team-manager-details')),
  volunteers: lazy(() => import('./pages/volunteers')),
  'ticket-list': lazy(() => import('./pages/ticket-list')),
  schools: lazy(() => import('./pages/schools')),
  'new-schools': lazy(() => import('./pages/new-schools')),
  'schools-missing-bpay': lazy(() => import('./pages/schools-missing-bpay')),
  'school-types': lazy(() => import('./pages/school-types')),
  'school-costs': lazy(() => import('./pages/school-costs')),
  'missing-waivers': lazy(() => import('./pages/missing-waivers')),
  'current-waivers': lazy(() => import('./pages/current-waivers')),
  'missing-snow-ids': lazy(() => import('./pages/missing-snow-ids')),
  'school-past-total-entries': lazy(() => import('./pages/school-past-total-entries')),
  'primary-entries-event-compare': lazy(() => import('./pages/primary-entries-event-compare')),
  'ski-snowboard-awards': lazy(() => import('./pages/ski-snowboard-awards')),
};

export default function ReportRoute({ db }: ReportPageProps) {
  const { report } = useParams();
  if (!isReportName(report)) return <Navigate to="/reports" replace />;
  const Page = PAGES[report];
  return <Page key={report} db={db} />;
}
