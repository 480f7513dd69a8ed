// An event's details in the events grid: level, invoice type, invoice dates, the states whose
// schools may enter, and the disciplines sub-grid (divisions from and to, male, female, active).
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

export function EventDetails({ event, states, disciplineNames, levels, invoiceTypes, onChange }: Props) {
  const name = event.name || 'the new event';
  const setDiscipline = (index: number, patch: Partial<EventDiscipline>) =>
    onChange({ ...event, disciplines: event.disciplines.map((d, i) => (i === index ? { ...d, ...patch } : d)) });
  const toggleState = (id: number, on: boolean) =>
    onChange({
      ...event,
      states: on ? [...event.states, id].sort((a, b) => a - b) : event.states.filter((s) => s !== id),
    });

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
    </div>
  );
}
