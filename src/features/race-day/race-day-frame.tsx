// The frame every race-day screen shares: the title with the time its data was last synced
// ('As of 09:42'), the race picker (event, discipline, division(s), gender) kept in the address,
// a Print button, and a print header that repeats on every A4 page (event, race; page numbers
// come from the print stylesheet). The screen renders the race from the mirror's rows.
import { format, isToday } from 'date-fns';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { SelectField } from '../../components/fields';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import { divisionChoices } from '../../domain/rules/discipline-choices';
import { activeDisciplines, choiceParams, genderOptions, raceChoiceFrom, raceTitle, type ChoiceOptions, type RaceChoice } from './race-choice';
import { useRaceDayRows, useRaceDaySyncedAt, useRaceEvents, type RaceDayData } from './use-race-day';
import './race-day.css';

export interface RaceView {
  choice: RaceChoice;
  data: RaceDayData;
}

interface Props {
  db: InterschoolsDb;
  title: string;
  options?: ChoiceOptions;
  /** Controls of the screen beside the race picker (sheet type, run). */
  controls?: ReactNode;
  /** Actions beside Print (draw, download). */
  actions?: (view: RaceView) => ReactNode;
  children: (view: RaceView) => ReactNode;
}

/** 'As of 09:42' today, 'As of 21 Nov 09:42' before. */
export function asOfText(at: string): string {
  const date = new Date(at);
  return `As of ${format(date, isToday(date) ? 'HH:mm' : 'd MMM HH:mm')}`;
}

export function SyncedAt({ db }: { db: InterschoolsDb }) {
  const at = useRaceDaySyncedAt(db);
  const { online } = useSyncStatus();
  if (at === undefined) return null;
  return (
    <p className="race-as-of" role="status">
      {at ? asOfText(at) : 'Not downloaded to this device yet'}
      {!online && <span className="race-offline"> · offline</span>}
    </p>
  );
}

export function RaceDayFrame({ db, title, options = {}, controls, actions, children }: Props) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const events = useRaceEvents(db);
  const choice = useMemo(
    () => (events ? raceChoiceFrom(params, events, { sessionEventId: user?.EventId, ...options }) : null),
    // The options are the screen's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, params, user?.EventId],
  );
  const data = useRaceDayRows(db, choice?.event.id ?? null);

  const change = (patch: Partial<Record<'event' | 'discipline' | 'division' | 'gender', string>>) => {
    if (!choice) return;
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...choiceParams(choice), ...patch })) next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <PageMain className="page race-page">
      <div className="race-title no-print">
        <h1>{title}</h1>
        <SyncedAt db={db} />
      </div>
      {events === undefined ? (
        <p>Loading…</p>
      ) : !choice ? (
        <NothingYet />
      ) : (
        <>
          <div className="race-controls no-print">
            <RacePicker events={events} choice={choice} options={options} onChange={change} />
            {controls}
            <div className="race-actions">
              {data && actions?.({ choice, data })}
              <button type="button" className="button" onClick={() => window.print()}>Print</button>
            </div>
          </div>
          <table className="print-frame">
            <thead>
              <tr>
                <td>
                  <div className="print-header">
                    <strong>{choice.event.name}</strong> · {title} · {raceTitle(choice)}
                  </div>
                </td>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <h2 className="race-heading">{raceTitle(choice)}</h2>
                  {data === undefined ? <p>Loading…</p> : children({ choice, data })}
                </td>
              </tr>
            </tbody>
          </table>
        </>
      )}
    </PageMain>
  );
}

function NothingYet() {
  return (
    <div className="race-empty">
      <p>No race-day data is on this device yet.</p>
      <p>Start lists appear here once an event's start lists are published and this device has been online to download them.</p>
    </div>
  );
}

function RacePicker({ events, choice, options, onChange }: {
  events: readonly RaceEventMirrorRow[];
  choice: RaceChoice;
  options: ChoiceOptions;
  onChange: (patch: Partial<Record<'event' | 'discipline' | 'division' | 'gender', string>>) => void;
}) {
  const disciplines = (options.disciplines ?? ((all) => [...all]))(activeDisciplines(choice.event));
  const divisions = divisionChoices(choice.discipline);
  return (
    <>
      {events.length > 1 && (
        <SelectField
          label="Event"
          value={choice.event.id}
          options={events.map((e) => ({ value: e.id, label: `${e.name} ${e.year}` }))}
          onChange={(event) => onChange({ event })}
        />
      )}
      <SelectField
        label="Discipline"
        value={String(choice.discipline.DisciplineId)}
        options={disciplines.map((d) => ({ value: String(d.DisciplineId), label: d.name }))}
        onChange={(discipline) => onChange({ discipline })}
      />
      {options.multipleDivisions ? (
        <fieldset className="race-divisions">
          <legend>Divisions</legend>
          {divisions.map((d) => {
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
      ) : (
        <SelectField
          label="Division"
          value={String(choice.divisions[0] ?? '')}
          options={divisions.map(String)}
          onChange={(division) => onChange({ division })}
        />
      )}
      <SelectField label="Gender" value={choice.gender} options={genderOptions(choice.discipline)} onChange={(gender) => onChange({ gender })} />
    </>
  );
}
