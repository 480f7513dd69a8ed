// The header (spec section 2): the brand, the session's school and event on one line (an admin's
// pickers; a school's 'Change event'), the user and Log out. On a laptop the navigation is the side
// rail beside the page; on tablets and phones the Menu button opens it as a drawer, with the
// session's controls.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Dialog } from '../components/dialog';
import { useSession } from '../components/session-context';
import { WIDE_SCREEN, useMediaQuery } from '../components/use-media-query';
import { ROLE_NAMES } from '../domain/constants';
import { isAdmin } from '../domain/rules/access';
import type { SessionUser } from '../domain/schemas/entities/user';
import { MainNav } from './main-nav';
import { SessionPicker } from './session-picker';
import { useLogout } from './use-logout';

/** The school worked on, or for staff without one their role ('Race official'), and the event. */
function SessionNames({ user }: { user: SessionUser }) {
  const who = user.schoolName || (user.type === 'school' ? 'No school' : (ROLE_NAMES[user.type]?.one ?? 'No school'));
  const names = `${who} · ${user.eventName || 'No event'}`;
  return (
    <p className="session-names" title={names}>
      {names}
    </p>
  );
}

function SessionControls({ user, leaving }: { user: SessionUser; leaving: ReturnType<typeof useLogout> }) {
  if (isAdmin(user.type)) return <SessionPicker user={user} />;
  return (
    <>
      <SessionNames user={user} />
      {user.type === 'school' && (
        <button type="button" className="button button-quiet" onClick={leaving.requestChangeEvent}>
          Change event
        </button>
      )}
    </>
  );
}

export function Header() {
  const { user } = useSession();
  const leaving = useLogout();
  const wide = useMediaQuery(WIDE_SCREEN);
  const { pathname } = useLocation();
  // The drawer is open on the page it was opened on: once it has led somewhere (a link, or an
  // admin's pick going home) it is closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  if (!user) return null;

  return (
    <header className="app-header">
      {!wide && (
        <button
          type="button"
          className="button menu-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          Menu
        </button>
      )}
      <Link to="/" className="brand">
        Interschools
      </Link>
      <div className="session-info">
        {wide ? <SessionControls user={user} leaving={leaving} /> : <SessionNames user={user} />}
      </div>
      {wide && (
        <>
          <span className="session-user">{user.username}</span>
          <button type="button" className="button" onClick={leaving.requestLogout}>
            Log out
          </button>
        </>
      )}
      {!wide && menuOpen && (
        <Dialog title="Menu" placement="start" onCancel={() => setMenuOpen(false)}>
          <MainNav type={user.type} onNavigate={() => setMenuOpen(false)} />
          <div className="drawer-session">
            <SessionControls user={user} leaving={leaving} />
            <p className="session-user">{user.username}</p>
            <button type="button" className="button" onClick={leaving.requestLogout}>
              Log out
            </button>
          </div>
        </Dialog>
      )}
      {leaving.dialog}
    </header>
  );
}

/** The laptop's side rail: the navigation beside every page. */
export function SideRail() {
  const { user } = useSession();
  const wide = useMediaQuery(WIDE_SCREEN);
  if (!user || !wide) return null;
  return (
    <aside className="side-rail">
      <MainNav type={user.type} />
    </aside>
  );
}
