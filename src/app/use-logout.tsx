// Leaving the session (spec section 4): log out, or (a school) change event, which is logging out
// back to the event choice with the username kept. Both warn first while changes have not reached
// the server or edits are not saved yet, then end the server session (a network failure is
// ignored), clear the stored user and go to /login. The outbox and the unsaved drafts are kept:
// they are there when that user signs in again.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../api/session';
import { ConfirmDialog } from '../components/dialog';
import { useServices } from '../components/services-context';
import { useSession } from '../components/session-context';
import { useOutboxCounts } from '../components/use-outbox-counts';
import { ROUTES } from '../domain/constants/ui';
import { useUnsavedEditCount } from './use-unsaved-edit-count';

type Leaving = 'logout' | 'change-event';

/** What the sign-in form is told when a user comes back to choose another event. */
interface ChangeEventState {
  changeEvent: true;
  username: string;
}

const QUESTIONS: Record<Leaving, { title: string; confirm: string }> = {
  logout: { title: 'Log out with unsent changes?', confirm: 'Log out' },
  'change-event': { title: 'Change event with unsent changes?', confirm: 'Change event' },
};

export function useLogout(): { requestLogout(): void; requestChangeEvent(): void; dialog: ReactNode } {
  const { user, setUser } = useSession();
  const counts = useOutboxCounts(useServices().db);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Leaving | null>(null);
  const unsent = counts.pending + counts.blocked + counts.failed;
  const unsaved = useUnsavedEditCount();

  async function leave(how: Leaving) {
    setAsking(null);
    const username = user?.username ?? '';
    await logout();
    // To the sign-in form first: with the user cleared, the layout's guard would go there without
    // the username and the event choice.
    const state: ChangeEventState | undefined = how === 'change-event' ? { changeEvent: true, username } : undefined;
    navigate(ROUTES.login, { replace: true, state });
    await setUser(null);
  }

  function request(how: Leaving) {
    if (unsent + unsaved > 0) setAsking(how);
    else void leave(how);
  }

  const dialog = asking ? (
    <ConfirmDialog
      title={QUESTIONS[asking].title}
      message={
        <>
          {unsent > 0 && (
            <p>
              {unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached the server yet. They stay on this
              device and are sent when you sign in again here.
            </p>
          )}
          {unsaved > 0 && (
            <p>
              {unsaved === 1 ? '1 edit is' : `${unsaved} edits are`} not saved yet.{' '}
              {unsaved === 1 ? 'It stays' : 'They stay'} on this device, on {unsaved === 1 ? 'its' : 'their'} screen,
              when you sign in again here.
            </p>
          )}
        </>
      }
      confirmLabel={QUESTIONS[asking].confirm}
      onConfirm={() => void leave(asking)}
      onCancel={() => setAsking(null)}
    />
  ) : null;

  return { requestLogout: () => request('logout'), requestChangeEvent: () => request('change-event'), dialog };
}
