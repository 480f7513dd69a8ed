// The header (spec section 2): the navigation (navigation.ts), school and event of the session,
// the admin's pickers, log out.
import { Link, NavLink } from 'react-router-dom';
import { useSession } from '../components/session-context';
import { isAdmin } from '../domain/rules/access';
import { navigationFor } from './navigation';
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
        {navigationFor(user.type).map((group) => (
          <div key={group.id} className="nav-group" role="group" aria-labelledby={`nav-${group.id}`}>
            <span id={`nav-${group.id}`} className="nav-group-label">{group.label}</span>
            {group.items.map((item) => <NavLink key={item.to} to={item.to}>{item.label}</NavLink>)}
          </div>
        ))}
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
