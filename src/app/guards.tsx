// Route guards (spec section 2): signed-in routes go to /login without a stored user; home also
// needs an event in the session.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../components/session-context';
import { ROUTES } from '../domain/constants/ui';
import { homeNeedsLogin } from '../domain/rules/session';

export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to={ROUTES.login} replace />;
  return children;
}

export function RequireEvent({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (homeNeedsLogin(user)) return <Navigate to={ROUTES.login} replace />;
  return children;
}
