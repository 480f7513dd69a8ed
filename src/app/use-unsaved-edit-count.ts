// The signed-in user's edits not saved yet, on every screen (src/db/drafts.ts), live: the status
// bar counts them and the logout warning names them.
import { useLiveQuery } from 'dexie-react-hooks';
import { useServices } from '../components/services-context';
import { useSession } from '../components/session-context';
import { unsavedEditCount } from '../db/drafts';

export function useUnsavedEditCount(): number {
  const { db } = useServices();
  const username = useSession().user?.username ?? null;
  return useLiveQuery(() => (username ? unsavedEditCount(db, username) : 0), [db, username]) ?? 0;
}
