// The route table (spec section 2), hash routes. The only place that knows every screen.
import { lazy, type ComponentType } from 'react';
import type { InterschoolsDb } from '../db/database';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import { DownPage } from '../features/session/down-page';
import { LoginPage } from '../features/session/login-page';
import { ResetPage } from '../features/session/reset-page';
import { RequireEvent } from './guards';
import { AppLayout, PublicLayout } from './layout';
import { Root } from './root';
import { useServices } from './services';
import { reportRoutes } from '../features/reports/report-routes';

// Every screen behind the login loads with its route: the first load is the login screen only.
const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const ParticipantsPage = lazy(() => import('../features/participants/participants-page'));
const TeamManagersPage = lazy(() => import('../features/team-managers/team-managers-page'));
const TicketingPage = lazy(() => import('../features/ticketing/ticketing-page'));
const TeamGridPage = lazy(() => import('../features/teams/team-grid-page'));
const TeamIndexPage = lazy(() => import('../features/teams/team-index-page'));
const StartlistsPage = lazy(() => import('../features/race-day/startlists-page'));
const StartMarshallPage = lazy(() => import('../features/race-day/start-marshall-page'));
const BibListPage = lazy(() => import('../features/race-day/bib-list-page'));
const BibManualPage = lazy(() => import('../features/race-day/bib-manual-page'));
const BibGenerationPage = lazy(() => import('../features/race-day/bib-generation-page'));
const TimingFilesPage = lazy(() => import('../features/race-day/timing-files-page'));
const UploadPage = lazy(() => import('../features/spreadsheet-import/upload-page'));
const VolunteersPage = lazy(() => import('../features/volunteers/volunteers-page'));
const WaiversPage = lazy(() => import('../features/waivers/waivers-page'));
const SpotsPage = lazy(() => import('../features/volunteers/spots-page'));
const BpayPage = lazy(() => import('../features/schools/bpay-page'));
const RevPage = lazy(() => import('../features/schools/rev-page'));
const RegisterPage = lazy(() => import('../features/schools/register-page'));
const SchoolPage = lazy(() => import('../features/schools/school-page'));
const EventsPage = lazy(() => import('../features/events/events-page'));
const UsersPage = lazy(() => import('../features/users/users-page'));
const InvitesPage = lazy(() => import('../features/invites/invites-page'));
const RegistryImportPage = lazy(() => import('../features/registry/registry-import-page'));
const RegistryExportPage = lazy(() => import('../features/registry/registry-export-page'));
const InvoicePage = lazy(() => import('../features/money/invoice-page'));
const PaymentsPage = lazy(() => import('../features/money/payments-page'));
const AccountingPage = lazy(() => import('../features/accounting/accounting-page'));
const ResultsPage = lazy(() => import('../features/results/results-page'));
const TrophiesPage = lazy(() => import('../features/results/trophies-page'));

/** The shell's database, for routes a feature builds (the reports). */
const useDb = () => useServices().db;

function Login() {
  return <LoginPage engine={useServices().engine} />;
}

function Home() {
  return (
    <RequireEvent>
      <HomePage db={useServices().db} />
    </RequireEvent>
  );
}

function Participants() {
  return <ParticipantsPage db={useServices().db} />;
}

function TeamManagers() {
  return <TeamManagersPage db={useServices().db} />;
}

function TeamGrid() {
  return <TeamGridPage db={useServices().db} />;
}

function TeamIndex() {
  return <TeamIndexPage db={useServices().db} />;
}

function Ticketing() {
  return <TicketingPage db={useServices().db} />;
}

/** A race-day screen: it reads the race-day mirror only. */
function raceDay(Page: ComponentType<{ db: InterschoolsDb }>) {
  return function RaceDayRoute() {
    return <Page db={useServices().db} />;
  };
}
const Startlists = raceDay(StartlistsPage);
const StartMarshall = raceDay(StartMarshallPage);
const BibList = raceDay(BibListPage);
const BibManual = raceDay(BibManualPage);
const BibGeneration = raceDay(BibGenerationPage);
const TimingFiles = raceDay(TimingFilesPage);

function Bpay() {
  return <BpayPage db={useServices().db} />;
}

function School() {
  return <SchoolPage db={useServices().db} />;
}

function Events() {
  return <EventsPage db={useServices().db} />;
}

function Invites() {
  return <InvitesPage db={useServices().db} />;
}

function Invoice() {
  return <InvoicePage db={useServices().db} />;
}

function Results() {
  return <ResultsPage db={useServices().db} />;
}

function Trophies() {
  return <TrophiesPage db={useServices().db} />;
}

function Accounting() {
  return <AccountingPage db={useServices().db} />;
}

function Spots() {
  return <SpotsPage db={useServices().db} />;
}

function Waivers() {
  return <WaiversPage db={useServices().db} />;
}

function Volunteers({ variant }: { variant: 'general' | 'vic' | 'aus' }) {
  return <VolunteersPage db={useServices().db} variant={variant} />;
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    children: [
      { path: 'down', element: <DownPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <Login /> },
          { path: 'reset', element: <ResetPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Home /> },
          { path: 'participant/index', element: <Participants /> },
          { path: 'team/grid', element: <TeamGrid /> },
          { path: 'team/index', element: <TeamIndex /> },
          { path: 'team/index/:SchoolId/:EventId', element: <TeamIndex /> },
          { path: 'teamManager/index', element: <TeamManagers /> },
          { path: 'ticketing', element: <Ticketing /> },
          { path: 'upload', element: <UploadPage /> },
          { path: 'volunteer/index', element: <Volunteers variant="general" /> },
          { path: 'volunteer/vic', element: <Volunteers variant="vic" /> },
          { path: 'volunteer/aus', element: <Volunteers variant="aus" /> },
          { path: 'waiver/index', element: <Waivers /> },
          { path: 'volunteer/spots', element: <Spots /> },
          { path: 'schools', element: <Bpay /> },
          { path: 'school', element: <School /> },
          { path: 'rev', element: <RevPage /> },
          { path: 'events', element: <Events /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'invites', element: <Invites /> },
          { path: 'payments', element: <PaymentsPage /> },
          { path: 'accounting', element: <Accounting /> },
          { path: 'invoice', element: <Invoice /> },
          { path: 'invoice/:SchoolId/:EventId', element: <Invoice /> },
          { path: 'invoice/append/:SchoolId/:EventId', element: <Invoice /> },
          { path: 'snowracer/import', element: <RegistryImportPage /> },
          { path: 'snowracer/export', element: <RegistryExportPage /> },
          { path: 'startlists', element: <Startlists /> },
          { path: 'startMarshall', element: <StartMarshall /> },
          { path: 'bib-list', element: <BibList /> },
          { path: 'bib-manual', element: <BibManual /> },
          { path: 'bib-generation', element: <BibGeneration /> },
          { path: 'files/nsw-system', element: <TimingFiles /> },
          { path: 'files/vic-system', element: <TimingFiles /> },
          { path: 'files/live-heats', element: <TimingFiles /> },
          { path: 'results', element: <Results /> },
          { path: 'trophies', element: <Trophies /> },
          ...reportRoutes(useDb),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
