// When the event's entries close, said where a coordinator looks (the sign-in form, home): the
// moment in the event's local time, a reminder with the days left in the last week, or that
// entries have closed (src/domain/rules/event-local-time.ts).
import type { EventCalendarFacts } from '../domain/rules/event-calendar';
import { entriesCloseNotice } from '../domain/rules/event-local-time';

export function EntriesCloseNote({
  event,
}: {
  event: Pick<EventCalendarFacts, 'entriesCloseAt' | 'states'> | null | undefined;
}) {
  const notice = event ? entriesCloseNotice(event, new Date()) : null;
  if (!notice) return null;
  // The reminder and the close are news to read; the date alone is a fact beside the form.
  return (
    <p
      className={`entries-close entries-close-${notice.tone}${notice.tone === 'info' ? '' : ' notice notice-warning'}`}
      role={notice.tone === 'info' ? undefined : 'status'}
    >
      {notice.text}
    </p>
  );
}
