// The main navigation: Home, then the groups of screens the user's role may open (navigation.ts).
// The same list is the laptop's side rail and the drawer of tablets and phones.
import { NavLink } from 'react-router-dom';
import type { UserType } from '../domain/constants';
import { navigationFor } from './navigation';

export function MainNav({ type, onNavigate }: { type: UserType; onNavigate?(): void }) {
  return (
    <nav className="main-nav" aria-label="Main">
      <NavLink to="/" end onClick={onNavigate}>
        Home
      </NavLink>
      {navigationFor(type).map((group) => (
        <div key={group.id} className="nav-group" role="group" aria-labelledby={`nav-${group.id}`}>
          <span id={`nav-${group.id}`} className="nav-group-label">
            {group.label}
          </span>
          {group.items.map((item) => (
            <NavLink key={item.to} to={item.to} onClick={onNavigate}>
              {item.label}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
