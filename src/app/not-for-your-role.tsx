// What a signed-in user meets on a screen that is not for their role (typed or bookmarked
// address): what the screen is, who uses it, and the way home.
import { Link } from 'react-router-dom';
import { PageMain } from '../components/page-main';
import type { Screen } from '../components/screen';
import { ROLE_NAMES, type UserType } from '../domain/constants';

function listed(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function NotForYourRole({ screen, type }: { screen: Screen; type: UserType }) {
  const roles = screen.roles === 'public' ? [] : screen.roles;
  return (
    <PageMain className="page">
      <h1>{screen.title} is not available for your role</h1>
      <p>
        {screen.title} is for {listed(roles.map((role) => ROLE_NAMES[role].many))}. You are signed in as one of the{' '}
        {ROLE_NAMES[type].many}.
      </p>
      <p>
        <Link className="button" to="/">
          Go to home
        </Link>
      </p>
    </PageMain>
  );
}
