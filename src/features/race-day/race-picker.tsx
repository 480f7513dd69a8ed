// The race picker of the race-day screens. Where a screen shows one race at a time (start lists,
// start marshall sheets, bib list, manual bibs) it is one compact line that stays at the top of the
// screen while the list scrolls, holding the screen's own choices (sheet, run, list) and Previous
// race / Next race, so the start hut changes race without scrolling back up. Its selects keep their
// names for screen readers while their values speak for themselves ('Div 2', 'Run 1'). Previous and
// Next pass over races nobody is entered in, and each gender's option says where its race stands
// ('Male · not drawn yet'), so an administrator finds the races still open to a draw. Where a screen
// takes several divisions (timing files, bib generation) stepping means nothing: the picker is the
// labelled form that wraps.
import { useMemo, type ReactNode } from 'react';
import { SelectField } from '../../components/fields';
import type { RaceEventMirrorRow } from '../../db/database';
import { divisionChoices } from '../../domain/rules/discipline-choices';
import { raceDrawState, racesWithRacers } from '../../domain/rules/race-draw-state';
import type { RaceDayRows } from '../../domain/rules/race-day-rows';
import {
  genderOptions,
  offeredDisciplines,
  raceOf,
  raceTitle,
  steppedChoice,
  type ChoiceOptions,
  type RaceChoice,
} from './race-choice';

export type ChoicePatch = Partial<Record<'event' | 'discipline' | 'division' | 'gender', string>>;

interface Props {
  choice: RaceChoice;
  options: ChoiceOptions;
  onChange: (patch: ChoicePatch) => void;
  /** The screen's own choices (sheet, run, list, timing system). */
  controls?: ReactNode;
  /** The event's race-day rows (undefined while they load): which races have racers, and each
   *  one's draw. */
  rows?: RaceDayRows;
}

export function RacePicker({ choice, options, onChange, controls, rows }: Props) {
  if (options.multipleDivisions) {
    return (
      <div className="race-controls no-print">
        <DisciplineSelect choice={choice} options={options} onChange={onChange} />
        <DivisionChecks choice={choice} onChange={onChange} />
        <GenderSelect choice={choice} onChange={onChange} />
        {controls}
      </div>
    );
  }
  return (
    <div className="race-picker no-print" role="group" aria-label="Race">
      <StepButton direction="previous" to={steppedChoice(choice, -1, options, rows)} onChange={onChange} />
      <DisciplineSelect choice={choice} options={options} onChange={onChange} />
      <SelectField
        label="Division"
        value={String(choice.divisions[0] ?? '')}
        options={divisionChoices(choice.discipline).map((d) => ({ value: String(d), label: `Div ${d}` }))}
        onChange={(division) => onChange({ division })}
      />
      {/* The second line on a phone. */}
      <div className="race-picker-more">
        <GenderSelect choice={choice} onChange={onChange} rows={rows} />
        {controls}
      </div>
      <StepButton direction="next" to={steppedChoice(choice, 1, options, rows)} onChange={onChange} />
      {/* Stepping changes the race with focus still on the button: say which race it is now. */}
      <p className="visually-hidden" role="status">
        {raceTitle(choice)}
      </p>
    </div>
  );
}

function StepButton({
  direction,
  to,
  onChange,
}: {
  direction: 'previous' | 'next';
  to: ChoicePatch | null;
  onChange: (patch: ChoicePatch) => void;
}) {
  const name = direction === 'previous' ? 'Previous race' : 'Next race';
  return (
    <button
      type="button"
      className={`button race-step race-step-${direction}`}
      title={name}
      disabled={!to}
      onClick={() => to && onChange(to)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={direction === 'previous' ? 'M15 4 7 12l8 8' : 'M9 4l8 8-8 8'} />
      </svg>
      <span className="visually-hidden">{name}</span>
    </button>
  );
}

export function EventSelect({
  events,
  choice,
  onChange,
}: {
  events: readonly RaceEventMirrorRow[];
  choice: RaceChoice;
  onChange: (patch: ChoicePatch) => void;
}) {
  if (events.length < 2) return null;
  return (
    <SelectField
      label="Event"
      value={choice.event.id}
      options={events.map((e) => ({ value: e.id, label: `${e.name} ${e.year}` }))}
      onChange={(event) => onChange({ event })}
    />
  );
}

type Part = Pick<Props, 'choice' | 'onChange'>;

function DisciplineSelect({ choice, options, onChange }: Part & Pick<Props, 'options'>) {
  return (
    <SelectField
      label="Discipline"
      className="race-discipline"
      value={String(choice.discipline.DisciplineId)}
      options={offeredDisciplines(choice.event, options).map((d) => ({ value: String(d.DisciplineId), label: d.name }))}
      onChange={(discipline) => onChange({ discipline })}
    />
  );
}

function DivisionChecks({ choice, onChange }: Part) {
  return (
    <fieldset className="race-divisions">
      <legend>Divisions</legend>
      {divisionChoices(choice.discipline).map((d) => {
        const on = choice.divisions.includes(d);
        const next = on ? choice.divisions.filter((x) => x !== d) : [...choice.divisions, d];
        return (
          <label key={d} className="check">
            <input
              type="checkbox"
              checked={on}
              // At least one division stays chosen.
              disabled={on && choice.divisions.length === 1}
              onChange={() => onChange({ division: next.sort((a, b) => a - b).join(',') })}
            />
            {d}
          </label>
        );
      })}
    </fieldset>
  );
}

/** Each gender's race, with where it stands once the rows are read ('Female · drawn'). */
function GenderSelect({ choice, onChange, rows }: Part & { rows?: RaceDayRows }) {
  const withRacers = useMemo(() => rows && racesWithRacers(choice.event.id, rows), [rows, choice.event.id]);
  const options = genderOptions(choice.discipline).map((gender) => ({
    value: gender,
    label:
      rows && withRacers ? `${gender} · ${raceDrawState(raceOf({ ...choice, gender }), rows, withRacers)}` : gender,
  }));
  return (
    <SelectField label="Gender" value={choice.gender} options={options} onChange={(gender) => onChange({ gender })} />
  );
}
