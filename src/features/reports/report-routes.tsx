// The reports' routes for the app's route table (src/app/routes.tsx spreads them into the signed-in
// layout): #/reports, the index, and #/reports/:report, every report. Both load lazily, so the first
// load (#/login) carries only these few lines; each report page is its own chunk (report-route.tsx).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { InterschoolsDb } from '../../db/database';

const ReportsIndexPage = lazy(() => import('./reports-index-page'));
const ReportRoute = lazy(() => import('./report-route'));

/** The route objects, given how a route reads the app's Dexie database (a hook of the shell). */
export function reportRoutes(useDb: () => InterschoolsDb): RouteObject[] {
  function Report() {
    return <ReportRoute db={useDb()} />;
  }
  return [
    { path: 'reports', element: <ReportsIndexPage /> },
    { path: 'reports/:report', element: <Report /> },
  ];
}
