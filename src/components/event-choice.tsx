// The event a staff screen reads (payments, reports): the session's event when there is one, else
// the latest active event; staff who cannot pick an event in the header (auditors) choose here.
// Reports also offer past (inactive, not archived) events: last season's figures stay readable.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { callRoute } from '../api/route-call';
import { eventSchema, eventSummarySchema } from '../domain/schemas';
import { eventsApi } from '../domain/schemas/api/events';
import { SelectField } from './fields';

/** Signed in, the list also says whether each event is active (the signed-out list holds only those). */
const choiceSchema = eventSummarySchema.extend({ active: eventSchema.shape.active.optional() });
type EventChoice = z.infer<typeof choiceSchema>;
const listSchema = z.array(choiceSchema);
/** Active events first (the default is the latest of them), then by year, newest first. */
const byRelevance = (a: EventChoice, b: EventChoice) =>
  Number(b.active !== false) - Number(a.active !== false) || b.year - a.year || a.name.localeCompare(b.name);

export function useEventChoice(sessionEventId: string | null, { past = false }: { past?: boolean } = {}) {
  const [events, setEvents] = useState<EventChoice[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(sessionEventId);

  useEffect(() => {
    let current = true;
    void callRoute(eventsApi.list, past ? {} : { query: { active: 'true' } }).then((answer) => {
      // Read as summaries that may say whether they are active: the route's answer is either shape.
      const parsed = answer?.status === 200 ? listSchema.safeParse(answer.json) : null;
      if (!current || !parsed?.success) return;
      const list = [...parsed.data].sort(byRelevance);
      setEvents(list);
      setChosen((now) => now ?? list[0]?.id ?? null);
    });
    return () => {
      current = false;
    };
  }, [past]);

  const event = events?.find((e) => e.id === chosen) ?? null;
  return { events, chosen, event, setChosen };
}

export function EventChoiceField({
  events,
  chosen,
  onChange,
}: {
  events: EventChoice[] | null;
  chosen: string | null;
  onChange(id: string): void;
}) {
  if (!events || events.length < 2) return null;
  return (
    <SelectField
      label="Event"
      value={chosen ?? ''}
      options={events.map((e) => ({
        value: e.id,
        label: `${e.name} (${e.year}, ${e.invoiceType}${e.active === false ? ', closed' : ''})`,
      }))}
      onChange={onChange}
    />
  );
}
