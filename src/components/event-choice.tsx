// The event a staff screen reads (payments, reports): the session's event when there is one, else
// the latest active event; staff who cannot pick an event in the header (auditors) choose here.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { call } from '../api/call';
import { eventSummarySchema, type EventSummary } from '../domain/schemas';
import { SelectField } from './fields';

const listSchema = z.array(eventSummarySchema);

export function useEventChoice(sessionEventId: string | null) {
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(sessionEventId);

  useEffect(() => {
    let current = true;
    void call('get', 'api/events?active=true').then((answer) => {
      const parsed = answer?.status === 200 ? listSchema.safeParse(answer.body?.data) : null;
      if (!current || !parsed?.success) return;
      const list = [...parsed.data].sort((a, b) => b.year - a.year || a.name.localeCompare(b.name));
      setEvents(list);
      setChosen((now) => now ?? list[0]?.id ?? null);
    });
    return () => {
      current = false;
    };
  }, []);

  const event = events?.find((e) => e.id === chosen) ?? null;
  return { events, chosen, event, setChosen };
}

export function EventChoiceField({ events, chosen, onChange }: { events: EventSummary[] | null; chosen: string | null; onChange(id: string): void }) {
  if (!events || events.length < 2) return null;
  return (
    <SelectField
      label="Event"
      value={chosen ?? ''}
      options={events.map((e) => ({ value: e.id, label: `${e.name} (${e.invoiceType})` }))}
      onChange={onChange}
    />
  );
}
