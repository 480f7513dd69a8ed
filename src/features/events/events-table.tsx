// The events grid (events-page.tsx): per event its name, year, fees and flags, what is wrong with
// it, and its details (event-details.tsx) opened below it.
import { TableScroll } from '../../components/table-scroll';
import { EVENT_LEVELS, INVOICE_TYPES } from '../../domain/constants/choices';
import type { Event } from '../../domain/schemas';
import { EventDetails } from './event-details';

type Flag = 'active' | 'volunteerLock' | 'locked' | 'archived';
const FLAGS: readonly [Flag, string][] = [
  ['active', 'Active'],
  ['volunteerLock', 'Volunteer lock'],
  ['locked', 'Locked'],
  ['archived', 'Archive'],
];

const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const label = (e: Event) => e.name || 'New event';

type Shared = {
  states: readonly { id: number; name: string }[];
  disciplineNames: ReadonlyMap<number, string>;
  onChange: (event: Event) => void;
};

/** One event: its row, its problems and, opened, its details. */
function EventRows({
  e,
  rowProblems,
  expanded,
  onToggle,
  states,
  disciplineNames,
  onChange,
}: Shared & { e: Event; rowProblems: readonly string[]; expanded: boolean; onToggle: () => void }) {
  return (
    <>
      <tr className={rowProblems.length ? 'admin-list-refused' : undefined}>
        <td>
          <input
            aria-label={`Name of ${label(e)}`}
            value={e.name}
            onChange={(x) => onChange({ ...e, name: x.target.value })}
          />
        </td>
        <td>
          <input
            aria-label={`Year of ${label(e)}`}
            inputMode="numeric"
            className="events-narrow"
            value={Number.isNaN(e.year) ? '' : String(e.year)}
            onChange={(x) => onChange({ ...e, year: Number.parseInt(x.target.value, 10) })}
          />
        </td>
        <td>
          <input
            aria-label={`Registration fee of ${label(e)}`}
            inputMode="decimal"
            className="events-narrow"
            defaultValue={String(e.registrationFee)}
            onChange={(x) => onChange({ ...e, registrationFee: dollars(x.target.value) })}
          />
        </td>
        <td>
          <input
            aria-label={`Race fee of ${label(e)}`}
            inputMode="decimal"
            className="events-narrow"
            defaultValue={String(e.teamEntryFee)}
            onChange={(x) => onChange({ ...e, teamEntryFee: dollars(x.target.value) })}
          />
        </td>
        {FLAGS.map(([flag, text]) => (
          <td key={flag}>
            <input
              type="checkbox"
              className="admin-list-check"
              aria-label={`${text}: ${label(e)}`}
              checked={e[flag]}
              onChange={(x) => onChange({ ...e, [flag]: x.target.checked })}
            />
          </td>
        ))}
        <td>
          <button
            type="button"
            className="button"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide details' : 'Details'} of ${label(e)}`}
            onClick={onToggle}
          >
            {expanded ? 'Hide details' : 'Details'}
          </button>
        </td>
      </tr>
      {rowProblems.length > 0 && (
        <tr>
          <td colSpan={9}>
            <ul className="admin-list-error" aria-label={`Problems of ${label(e)}`}>
              {rowProblems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </td>
        </tr>
      )}
      {expanded && (
        <tr className="events-details-row">
          <td colSpan={9}>
            <EventDetails
              event={e}
              states={states}
              disciplineNames={disciplineNames}
              levels={EVENT_LEVELS}
              invoiceTypes={INVOICE_TYPES}
              onChange={onChange}
            />
          </td>
        </tr>
      )}
    </>
  );
}

export function EventsTable({
  rows,
  problemsOf,
  open,
  onToggle,
  ...shared
}: Shared & {
  rows: readonly Event[];
  /** The problems to show on an event's row (none until it is touched or Save is tried). */
  problemsOf: (e: Event) => readonly string[];
  /** The events whose details are open. */
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  return (
    <TableScroll>
      <table className="admin-list-table events-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Year</th>
            <th scope="col">Registration fee ($)</th>
            <th scope="col">Race fee ($)</th>
            {FLAGS.map(([, text]) => (
              <th key={text} scope="col">
                {text}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <EventRows
              key={e.id}
              e={e}
              rowProblems={problemsOf(e)}
              expanded={open.has(e.id)}
              onToggle={() => onToggle(e.id)}
              {...shared}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
