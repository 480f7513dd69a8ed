// An event's details in the events grid: level, invoice type, invoice dates, its calendar (venue,
// race days, when entries close, in the local time of its first state), the states whose schools
// may enter, and the disciplines sub-grid (divisions from and to, male, female, active).
import { eventTimeZone, instantToLocal, localToInstant } from '../../domain/rules/event-local-time';
import type { Event, EventDiscipline } from '../../domain/schemas';
import { TableScroll } from '../../components/table-scroll';

type Props = {
  event: Event;
  states: readonly { id: number; name: string }[];
  disciplineNames: ReadonlyMap<number, string>;
  levels: readonly string[];
  invoiceTypes: readonly string[];
  onChange(event: Event): void;
};

const DIVISIONS = [1, 2, 3, 4, 5, 6];
/** A close given a date but no time yet closes at the end of the working day. */
const DEFAULT_CLOSE_TIME = '17:00';

/** The disciplines sub-grid: each discipline's divisions from and to, male, female and active. */
function EventDisciplines({
  event,
  name,
  disciplineNames,
  onChange,
}: Pick<Props, 'event' | 'disciplineNames' | 'onChange'> & { name: string }) {
  const setDiscipline = (index: number, patch: Partial<EventDiscipline>) =>
    onChange({ ...event, disciplines: event.disciplines.map((d, i) => (i === index ? { ...d, ...patch } : d)) });
  return (
    <TableScroll>
      <table className="admin-list-table event-disciplines">
        <caption>Disciplines of {name}</caption>
        <thead>
          <tr>
            <th scope="col">Discipline</th>
            <th scope="col">Division from</th>
            <th scope="col">Division to</th>
            <th scope="col">Male</th>
            <th scope="col">Female</th>
            <th scope="col">Active</th>
          </tr>
        </thead>
        <tbody>
          {event.disciplines.map((d, i) => {
            const discipline = disciplineNames.get(d.DisciplineId) ?? d.name ?? `Discipline ${d.DisciplineId}`;
            return (
              <tr key={d.DisciplineId}>
                <th scope="row">{discipline}</th>
                {(['divisionFrom', 'divisionTo'] as const).map((key) => (
                  <td key={key}>
                    <select
                      aria-label={`${key === 'divisionFrom' ? 'Division from' : 'Division to'}: ${discipline}`}
                      value={d[key]}
                      onChange={(x) => setDiscipline(i, { [key]: Number(x.target.value) })}
                    >
                      {DIVISIONS.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </td>
                ))}
                {(['male', 'female', 'active'] as const).map((key) => (
                  <td key={key}>
                    <input
                      type="checkbox"
                      className="admin-list-check"
                      aria-label={`${key[0]!.toUpperCase()}${key.slice(1)}: ${discipline}`}
                      checked={d[key]}
                      onChange={(x) => setDiscipline(i, { [key]: x.target.checked })}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function EventDetails({ event, states, disciplineNames, levels, invoiceTypes, onChange }: Props) {
  const name = event.name || 'the new event';
  const toggleState = (id: number, on: boolean) =>
    onChange({
      ...event,
      states: on ? [...event.states, id].sort((a, b) => a - b) : event.states.filter((s) => s !== id),
    });

  // The close is entered and shown in the event's own local time (its first state's).
  const zone = eventTimeZone(event);
  const close = event.entriesCloseAt ? instantToLocal(event.entriesCloseAt, zone) : null;
  const setClose = (date: string, time: string) =>
    onChange({ ...event, entriesCloseAt: date ? localToInstant(date, time, zone) : null });

  return (
    <div className="event-details">
      <div className="event-details-fields">
        <label>
          Level
          <select value={event.level} onChange={(x) => onChange({ ...event, level: x.target.value as Event['level'] })}>
            {levels.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label>
          Invoice type
          <select
            value={event.invoiceType}
            onChange={(x) => onChange({ ...event, invoiceType: x.target.value as Event['invoiceType'] })}
          >
            {invoiceTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Invoice available
          <input
            type="date"
            value={event.invoiceAvailable ?? ''}
            onChange={(x) => onChange({ ...event, invoiceAvailable: x.target.value || null })}
          />
        </label>
        <label>
          Invoice due
          <input
            type="date"
            value={event.invoiceDue ?? ''}
            onChange={(x) => onChange({ ...event, invoiceDue: x.target.value || null })}
          />
        </label>
      </div>
      <fieldset className="event-details-calendar">
        <legend>Calendar of {name}</legend>
        <label>
          Venue
          <input
            type="text"
            value={event.venue}
            maxLength={200}
            onChange={(x) => onChange({ ...event, venue: x.target.value })}
          />
        </label>
        <label>
          First race day
          <input
            type="date"
            value={event.firstRaceDay ?? ''}
            onChange={(x) => onChange({ ...event, firstRaceDay: x.target.value || null })}
          />
        </label>
        <label>
          Last race day
          <input
            type="date"
            value={event.lastRaceDay ?? ''}
            min={event.firstRaceDay ?? undefined}
            onChange={(x) => onChange({ ...event, lastRaceDay: x.target.value || null })}
          />
        </label>
        <label>
          Entries close on
          <input
            type="date"
            value={close?.date ?? ''}
            onChange={(x) => setClose(x.target.value, close?.time ?? DEFAULT_CLOSE_TIME)}
          />
        </label>
        <label>
          at ({zone.split('/').pop()!.replaceAll('_', ' ')} time)
          <input
            type="time"
            value={close?.time ?? ''}
            disabled={!close}
            onChange={(x) => close && setClose(close.date, x.target.value || DEFAULT_CLOSE_TIME)}
          />
        </label>
        <p className="field-hint">
          From then on schools can no longer change their entries, as when the event is locked. To reopen, move the
          close later or clear it.
        </p>
      </fieldset>
      <fieldset className="event-details-states">
        <legend>States whose schools may enter</legend>
        {states.map((s) => (
          <label key={s.id}>
            <input
              type="checkbox"
              checked={event.states.includes(s.id)}
              onChange={(x) => toggleState(s.id, x.target.checked)}
            />{' '}
            {s.name}
          </label>
        ))}
      </fieldset>
      <EventDisciplines event={event} name={name} disciplineNames={disciplineNames} onChange={onChange} />
    </div>
  );
}
