// The route table (spec section 2), hash routes, derived from the screens the features declare:
// public screens in the public layout, the rest behind sign-in, each behind the one role guard.
import type { ComponentType } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import type { Screen, ScreenProps } from '../components/screen';
import { useServices } from '../components/services-context';
import { DownPage } from '../features/session/down-page';
import { ScreenGuard } from './guards';
import { AppLayout, PublicLayout } from './layout';
import { Root } from './root';
import { SCREENS } from './screens';

function ScreenRoute({ screen }: { screen: Screen }) {
  const { db, engine } = useServices();
  const Page: ComponentType<ScreenProps> = screen.page;
  return (
    <ScreenGuard screen={screen}>
      <Page db={db} engine={engine} />
    </ScreenGuard>
  );
}

function routesOf(screens: readonly Screen[]): RouteObject[] {
  return screens.flatMap((screen) =>
    [screen.path, ...(screen.aliases ?? [])].map((path): RouteObject => {
      const element = <ScreenRoute screen={screen} />;
      return path === '' ? { index: true, element } : { path, element };
    }),
  );
}

export function appRoutes(screens: readonly Screen[] = SCREENS): RouteObject[] {
  return [
    {
      path: '/',
      element: <Root />,
      children: [
        { path: 'down', element: <DownPage /> },
        { element: <PublicLayout />, children: routesOf(screens.filter((s) => s.roles === 'public')) },
        { element: <AppLayout />, children: routesOf(screens.filter((s) => s.roles !== 'public')) },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(appRoutes());
}
