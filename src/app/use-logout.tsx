// Logout (spec section 4): warns first while changes have not reached the server or edits are not
// saved yet, then ends the server session (a network failure is ignored), clears the stored user
// and goes to /login. The outbox and the unsaved drafts are kept: they are there when that user
// signs in again.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../api/session';
import { ConfirmDialog } from '../components/dialog';
import { useSession } from '../components/session-context';
import { useSyncStatus } from '../components/use-sync-status';
import { ROUTES } from '../domain/constants/ui';
import { useUnsavedEditCount } from './use-unsaved-edit-count';

export function useLogout(): { requestLogout(): void; dialog: ReactNode } {
  const { setUser } = useSession();
  const status = useSyncStatus();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const unsent = status.pending + status.blocked + status.failed;
  const unsaved = useUnsavedEditCount();

  async function doLogout() {
    setAsking(false);
    await logout();
    await setUser(null);
    navigate(ROUTES.login, { replace: true });
  }

  const dialog = asking ? (
    <ConfirmDialog
      title="Log out with unsent changes?"
      message={(
        <>
          {unsent > 0 && (
            <p>
              {unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached the server yet. They stay on this
              device and are sent when you sign in again here.
            </p>
          )}
          {unsaved > 0 && (
            <p>
              {unsaved === 1 ? '1 edit is' : `${unsaved} edits are`} not saved yet. {unsaved === 1 ? 'It stays' : 'They stay'} on
              this device, on {unsaved === 1 ? 'its' : 'their'} screen, when you sign in again here.
            </p>
          )}
        </>
      )}
      confirmLabel="Log out"
      onConfirm={() => void doLogout()}
      onCancel={() => setAsking(false)}
    />
  ) : null;

  return {
    requestLogout() {
      if (unsent + unsaved > 0) setAsking(true);
      else void doLogout();
    },
    dialog,
  };
}
