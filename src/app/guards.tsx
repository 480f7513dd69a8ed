// The one role guard (spec section 2 and docs/decisions.md 'Access'), applied to every screen by
// the route table: signed-in screens send a visitor with no stored user to /login, home also needs
// an event in the session, and a user whose role the screen is not for goes to /login where the
// spec says so, else sees what the screen is for. The page's title is set here, once.
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Screen } from '../components/screen';
import { useSession } from '../components/session-context';
import { ROUTES } from '../domain/constants/ui';
import { homeNeedsLogin } from '../domain/rules/session';
import { mayOpen } from './navigation';
import { NotForYourRole } from './not-for-your-role';

export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to={ROUTES.login} replace />;
  return children;
}

function useTitle(title: string) {
  useEffect(() => {
    document.title = title === 'Home' ? 'Interschools' : `${title} · Interschools`;
  }, [title]);
}

export function ScreenGuard({ screen, children }: { screen: Screen; children: ReactNode }) {
  const { user } = useSession();
  useTitle(screen.title);
  if (screen.roles === 'public') return children;
  if (!user || (screen.needsEvent && homeNeedsLogin(user))) return <Navigate to={ROUTES.login} replace />;
  if (mayOpen(screen, user.type)) return children;
  if (screen.othersTo === 'login') return <Navigate to={ROUTES.login} replace />;
  return <NotForYourRole screen={screen} type={user.type} />;
}
