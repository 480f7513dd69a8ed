// The login form's choice of event (docs/decisions.md 'Signing in'): the open events, with the
// device's last choice preselected; left at the default, the server signs a school in to its own
// state's event. Without the list (no network yet) the default still works.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { listActiveEvents, type LoginEventItem } from '../../api/session';
// Loaded once there is an event to speak of: its time-zone words would weigh on the first load.
const EntriesCloseNote = lazy(() =>
  import('../../components/entries-close-note').then((m) => ({ default: m.EntriesCloseNote })),
);

const LAST_CHOICE_KEY = 'interschools.loginEvent';

/** Keeps the choice for this device's next sign-in ('' forgets it: the default again). */
export function rememberLoginEvent(eventId: string): void {
  try {
    if (eventId) localStorage.setItem(LAST_CHOICE_KEY, eventId);
    else localStorage.removeItem(LAST_CHOICE_KEY);
  } catch {
    // storage refused (private mode): the default is chosen next time
  }
}

function lastLoginEvent(): string {
  try {
    return localStorage.getItem(LAST_CHOICE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The open events and the one chosen ('' = the school's own state's event). */
export function useLoginEventChoice() {
  const [events, setEvents] = useState<LoginEventItem[]>([]);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    // Left before the list's routes have loaded, the page neither reads nor sends the call.
    const asking = new AbortController();
    void listActiveEvents(asking.signal).then((answer) => {
      if (asking.signal.aborted || !answer.ok) return;
      setEvents(answer.data);
      const last = lastLoginEvent();
      if (answer.data.some((e) => e.id === last)) setChosen((current) => current || last);
    });
    return () => asking.abort();
  }, []);
  return { events, chosen, setChosen };
}

export function LoginEventChoice({
  events,
  chosen,
  onChange,
  focus = false,
}: {
  events: LoginEventItem[];
  chosen: string;
  onChange(id: string): void;
  focus?: boolean;
}) {
  const select = useRef<HTMLSelectElement>(null);
  // A user back to change event starts at the choice, once the events are known.
  useEffect(() => {
    if (focus && events.length) select.current?.focus();
  }, [focus, events.length]);
  if (!events.length) return null;
  return (
    <div className="field">
      <label htmlFor="login-event">Event</label>
      <select id="login-event" ref={select} name="event" value={chosen} onChange={(e) => onChange(e.target.value)}>
        <option value="">My school&apos;s state event</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </select>
      {/* The chosen event's close; left at the default, the only open event's when there is one. */}
      <Suspense fallback={null}>
        <EntriesCloseNote event={events.find((e) => e.id === chosen) ?? (events.length === 1 ? events[0] : null)} />
      </Suspense>
    </div>
  );
}
