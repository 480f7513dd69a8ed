// The route table (spec section 2), hash routes. The only place that knows every screen.
import { lazy } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import { DownPage } from '../features/session/down-page';
import { LoginPage } from '../features/session/login-page';
import { ResetPage } from '../features/session/reset-page';
import { RequireEvent } from './guards';
import { AppLayout, PublicLayout } from './layout';
import { Root } from './root';
import { useServices } from './services';
import { StartlistsPlaceholder } from './startlists-placeholder';

// Every screen behind the login loads with its route: the first load is the login screen only.
const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const ParticipantsPage = lazy(() => import('../features/participants/participants-page'));
const TeamManagersPage = lazy(() => import('../features/team-managers/team-managers-page'));
const TicketingPage = lazy(() => import('../features/ticketing/ticketing-page'));
const TeamGridPage = lazy(() => import('../features/teams/team-grid-page'));
const TeamIndexPage = lazy(() => import('../features/teams/team-index-page'));

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
          { path: 'startlists', element: <StartlistsPlaceholder /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(appRoutes);
}
