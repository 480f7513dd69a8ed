// The admin's school and event pickers (spec sections 2 and 4). The events come from the device's
// copy (every device holds every event), so an event saved on the events screen is offered at once
// and the list reads offline; the schools are asked of the server. A choice is sent with POST
// /api/session; success updates the stored user, then the page reloads when the event is the same
// or the app goes home otherwise; failure resets school and event (null) and goes home. Needs the
// network: disabled offline with a note. While changes have not reached the server or edits are not
// saved, a switch is confirmed first: nothing is lost or moved by it (each queued change is sent
// for the school and event it was made for; a draft opens again on its own school and event), but
// the admin should know the work is still on this device.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listSchools, switchSession, type PickItem } from '../api/session';
import { ConfirmDialog } from '../components/dialog';
import { useServices } from '../components/services-context';
import { useSession } from '../components/session-context';
import { useOutboxCounts } from '../components/use-outbox-counts';
import { useSyncStatus } from '../components/use-sync-status';
import { ROUTES } from '../domain/constants/ui';
import {
  applySessionSwitch,
  pickableEvents,
  sessionAfterSwitchFailure,
  sessionSwitchOutcome,
} from '../domain/rules/session';
import type { SessionUser } from '../domain/schemas/entities/user';
import { useUnsavedEditCount } from './use-unsaved-edit-count';

type Choice = { SchoolId: string | null; EventId: string | null };

function withCurrent(items: PickItem[] | null, id: string | null, name: string | null): PickItem[] {
  const list = items ?? [];
  if (id && !list.some((item) => item.id === id)) return [{ id, name: name ?? 'Current' }, ...list];
  return list;
}

export function SessionPicker({
  user,
  reload = () => window.location.reload(),
}: {
  user: SessionUser;
  reload?: () => void;
}) {
  const { setUser } = useSession();
  const { online } = useSyncStatus();
  const navigate = useNavigate();
  const { db } = useServices();
  const events = useLiveQuery(async () => pickableEvents(await db.events.toArray()), [db]) ?? null;
  const [schools, setSchools] = useState<PickItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const counts = useOutboxCounts(db);
  const unsent = counts.pending + counts.blocked + counts.failed;
  const unsaved = useUnsavedEditCount();
  const [asking, setAsking] = useState<Choice | null>(null);

  // A list asked for by a picker that has gone (or now shows another event) is neither read nor
  // sent: the list loads its route first, and the picker may be gone by then.
  useEffect(() => {
    if (!online) return;
    const asking = new AbortController();
    void listSchools(user.EventId, asking.signal).then((r) => {
      if (!asking.signal.aborted && r.ok) setSchools(r.data);
    });
    return () => asking.abort();
  }, [online, user.EventId]);

  const request = (choice: Choice) => (unsent + unsaved > 0 ? setAsking(choice) : void choose(choice));

  async function choose(choice: Choice) {
    setAsking(null);
    setBusy(true);
    const answer = await switchSession(choice);
    if (answer.ok) {
      await setUser(applySessionSwitch(user, answer.data));
      setBusy(false);
      if (sessionSwitchOutcome(user.EventId, answer.data.EventId) === 'reload') reload();
      else navigate(ROUTES.home);
    } else {
      await setUser(sessionAfterSwitchFailure(user));
      setBusy(false);
      navigate(ROUTES.home);
    }
  }

  const disabled = !online || busy;
  return (
    <div className="session-picker">
      <div className="field field-inline">
        <label htmlFor="pick-event">Event</label>
        <select
          id="pick-event"
          value={user.EventId ?? ''}
          disabled={disabled}
          onChange={(e) => request({ SchoolId: user.SchoolId, EventId: e.target.value || null })}
        >
          <option value="">No event</option>
          {withCurrent(events, user.EventId, user.eventName).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-inline">
        <label htmlFor="pick-school">School</label>
        <select
          id="pick-school"
          value={user.SchoolId ?? ''}
          disabled={disabled}
          onChange={(e) => request({ SchoolId: e.target.value || null, EventId: user.EventId })}
        >
          <option value="">No school</option>
          {withCurrent(schools, user.SchoolId, user.schoolName).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      {!online && <p className="hint">Switching school or event needs the network.</p>}
      {asking && (
        <ConfirmDialog
          title="Switch with unsent changes?"
          message={
            <>
              {unsent > 0 && (
                <p>
                  {unsent === 1 ? '1 change has' : `${unsent} changes have`} not reached the server yet.{' '}
                  {unsent === 1 ? 'It is' : 'They are'} still saved to the school and event{' '}
                  {unsent === 1 ? 'it was' : 'they were'} made for, not to the one you pick now.
                </p>
              )}
              {unsaved > 0 && (
                <p>
                  {unsaved === 1 ? '1 edit is' : `${unsaved} edits are`} not saved yet.{' '}
                  {unsaved === 1 ? 'It stays' : 'They stay'} on this device and {unsaved === 1 ? 'opens' : 'open'} again
                  when you come back to {unsaved === 1 ? 'its' : 'their'} school and event.
                </p>
              )}
            </>
          }
          confirmLabel="Switch"
          onConfirm={() => void choose(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
