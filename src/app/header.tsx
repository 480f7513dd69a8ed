// The header (spec section 2): school and event of the session, the admin's pickers, log out.
import { Link, NavLink } from 'react-router-dom';
import { useSession } from '../components/session-context';
import { isAdmin } from '../domain/rules/access';
import { SessionPicker } from './session-picker';
import { useLogout } from './use-logout';

export function Header() {
  const { user } = useSession();
  const { requestLogout, dialog } = useLogout();
  if (!user) return null;

  return (
    <header className="app-header">
      <Link to="/" className="brand">Interschools</Link>
      <nav className="app-nav" aria-label="Main">
        <NavLink to="/" end>Home</NavLink>
        {(user.type === 'school' || user.type === 'admin') && <NavLink to="/participant/index">Participants</NavLink>}
        {(user.type === 'racedept' || user.type === 'admin') && <NavLink to="/startlists">Start lists</NavLink>}
      </nav>
      <div className="session-info">
        {isAdmin(user.type) ? (
          <SessionPicker user={user} />
        ) : (
          <p className="session-names">
            <span>{user.schoolName || 'No school'}</span>
            <span>{user.eventName || 'No event'}</span>
          </p>
        )}
        <span className="session-user">{user.username}</span>
        <button type="button" className="button" onClick={requestLogout}>Log out</button>
      </div>
      {dialog}
    </header>
  );
}
