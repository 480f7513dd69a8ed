// The route table (spec section 2), hash routes, derived from the screens the features declare:
// public screens in the public layout, the rest behind sign-in, each behind the one role guard.
// Every route has an error boundary (screen-error.tsx): a screen that cannot load or breaks says so
// inside the app's frame, never with a developer's error page.
import type { ComponentType } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import type { Screen, ScreenProps } from '../components/screen';
import { useServices } from '../components/services-context';
import { DownPage } from '../features/session/down-page';
import { ScreenGuard } from './guards';
import { AppLayout, PublicLayout } from './layout';
import { Root } from './root';
import { ScreenError } from './screen-error';
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
      const errorElement = <ScreenError />;
      return path === '' ? { index: true, element, errorElement } : { path, element, errorElement };
    }),
  );
}

export function appRoutes(screens: readonly Screen[] = SCREENS): RouteObject[] {
  return [
    {
      path: '/',
      element: <Root />,
      errorElement: <ScreenError />,
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
