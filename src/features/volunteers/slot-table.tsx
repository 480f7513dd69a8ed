// The positions the school's volunteers fill, on the volunteers screen (volunteers-page.tsx): per
// position its volunteer and its preference, chosen step by step from the places still available
// (discipline, division, gender and, except on the VIC form, position; volunteer-draft.ts). Reset
// frees a locked preference's place; the row says why it cannot be saved, was refused, is locked
// or locks when saved.
import { TableScroll } from '../../components/table-scroll';
import { isPreferenceComplete } from '../../domain/rules/volunteer-preferences';
import {
  EMPTY_PREFERENCE,
  choose,
  placesFor,
  preferenceChoices,
  requiresPosition,
  type Preference,
  type SlotFields,
  type VolunteerFields,
  type VolunteersVariant,
} from './volunteer-draft';

type PreferenceField = 'DisciplineId' | 'division' | 'gender' | 'position';
type Spots = { DisciplineId: number; division: number; male: number; female: number }[];

/** One step of a preference: the choices still available, or the one made. */
function PreferenceSelect({
  label,
  value,
  disabled,
  options,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose…</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

type RowProps = {
  variant: VolunteersVariant;
  slot: SlotFields;
  /** The row's place in the table, from 0: its fields are named 'of position {index + 1}'. */
  index: number;
  slots: SlotFields[];
  volunteers: VolunteerFields[];
  spots: Spots;
  names: Map<number, string>;
  /** Why the row cannot be saved, or why the server refused it. */
  message: string | undefined;
  locked: boolean;
  onEdit: (slot: SlotFields) => void;
  onReset: (id: string) => void;
};

function SlotRow({
  variant,
  slot,
  index,
  slots,
  volunteers,
  spots,
  names,
  message,
  locked,
  onEdit,
  onReset,
}: RowProps) {
  const withPosition = requiresPosition(variant);
  const pref: Preference = slot.preferences[0] ?? EMPTY_PREFERENCE;
  const choices = preferenceChoices(pref, placesFor(slot.id, spots, slots, variant), variant);
  const frozen = locked || pref.isLocked;
  const step = (what: string, field: PreferenceField) => ({
    label: `${what} of position ${index + 1}`,
    disabled: frozen,
    onChange: (value: string) =>
      onEdit({ ...slot, preferences: [choose(pref, field, value), ...slot.preferences.slice(1)] }),
  });
  const complete = isPreferenceComplete(pref, withPosition);
  return (
    <tr className={message ? 'has-issue' : undefined}>
      <td>
        <select
          aria-label={`Volunteer of position ${index + 1}`}
          value={slot.VolunteerId ?? ''}
          disabled={locked}
          onChange={(e) => onEdit({ ...slot, VolunteerId: e.target.value || null })}
        >
          <option value="">No volunteer yet</option>
          {volunteers.map((v) => (
            <option key={v.id} value={v.id}>
              {`${v.firstname} ${v.lastname}`.trim() || 'New volunteer'}
            </option>
          ))}
        </select>
      </td>
      <td>
        <PreferenceSelect
          {...step('Discipline', 'DisciplineId')}
          value={pref.DisciplineId === null ? '' : String(pref.DisciplineId)}
          options={choices.disciplines.map((d) => ({ value: String(d), label: names.get(d) ?? `Discipline ${d}` }))}
        />
      </td>
      <td>
        <PreferenceSelect
          {...step('Division', 'division')}
          value={pref.division === null ? '' : String(pref.division)}
          options={choices.divisions.map((d) => ({ value: String(d), label: String(d) }))}
        />
      </td>
      <td>
        <PreferenceSelect
          {...step('Gender', 'gender')}
          value={pref.gender ?? ''}
          options={choices.genders.map((g) => ({ value: g, label: g }))}
        />
      </td>
      {withPosition && (
        <td>
          <PreferenceSelect
            {...step('Position', 'position')}
            value={pref.position ?? ''}
            options={choices.positions.map((p) => ({ value: p, label: p }))}
          />
        </td>
      )}
      <td>
        {!locked && (
          <button type="button" className="button" onClick={() => onReset(slot.id)}>
            {pref.isLocked ? 'Reset' : 'Remove'}
          </button>
        )}
        {message ? (
          <span className="vol-error">{message}</span>
        ) : pref.isLocked ? (
          <span className="vol-locked">Locked</span>
        ) : complete ? (
          <span className="vol-pending">Locks when saved</span>
        ) : null}
      </td>
    </tr>
  );
}

export function SlotTable({
  issues,
  refusals,
  ...rest
}: Omit<RowProps, 'slot' | 'index' | 'message'> & {
  issues: Map<string, string>;
  refusals: Map<string, string>;
}) {
  const { slots, variant } = rest;
  if (!slots.length) return <p>No positions yet: add one for each volunteer place your school fills.</p>;
  const withPosition = requiresPosition(variant);
  return (
    <div className="vol-table-wrap">
      <TableScroll>
        <table className="vol-table">
          <thead>
            <tr>
              <th scope="col">Volunteer</th>
              <th scope="col">Discipline</th>
              <th scope="col">Division</th>
              <th scope="col">Gender</th>
              {withPosition && <th scope="col">Position</th>}
              <th scope="col">
                <span className="visually-hidden">Actions and status</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {slots.map((slot, i) => (
              <SlotRow
                key={slot.id}
                slot={slot}
                index={i}
                message={issues.get(slot.id) ?? refusals.get(slot.id)}
                {...rest}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
