// The lists of the waivers screen, built for a phone first and scanned top to bottom: one compact
// row per person with the name first, the waiver's state in words under it, the state's own
// control beside it (the Completed box, or Add waiver when there is none) and removing behind the
// row's More button. Then the waivers that match nobody (each with a choice of person to match it
// to) and the waivers removed in the draft (with undo). Native controls, 44 px touch targets; no
// tables, so nothing scrolls sideways on a narrow screen.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { WaiverRow } from '../../db/database';
import { waiverName } from './waiver-draft';

export interface PersonWaiverRow {
  id: string;
  name: string;
  snowId?: string | null;
  waiver: WaiverRow | null;
}

export interface WaiverRowActions {
  locked: boolean;
  /** The server's refusal of an earlier save, by waiver id. */
  refusals: ReadonlyMap<string, string>;
  onCompleted: (waiver: WaiverRow, completed: boolean) => void;
  onRemove: (waiver: WaiverRow) => void;
}

type State = 'done' | 'open' | 'none';
const STATE_WORDS: Record<State, string> = { done: 'Completed', open: 'Not completed', none: 'No waiver' };

const stateOf = (waiver: Pick<WaiverRow, 'completed'> | null): State =>
  !waiver ? 'none' : waiver.completed ? 'done' : 'open';

/** The name, then the waiver's state in words (and a participant's snow id). */
function Who({ name, waiver, snowId }: { name: string; waiver: WaiverRow | null; snowId?: string | null }) {
  const state = stateOf(waiver);
  return (
    <div className="waiver-who">
      <span className="waiver-name">{name}</span>
      <span className="waiver-meta">
        <span className={`waiver-state waiver-state-${state}`}>{STATE_WORDS[state]}</span>
        {snowId ? <span className="waiver-snow">Snow id {snowId}</span> : null}
      </span>
    </div>
  );
}

function CompletedBox({
  waiver,
  who,
  locked,
  onCompleted,
}: { waiver: WaiverRow; who: string } & Pick<WaiverRowActions, 'locked' | 'onCompleted'>) {
  return (
    <label className="waiver-check">
      <input
        type="checkbox"
        checked={waiver.completed}
        disabled={locked}
        aria-label={`Completed: ${who}`}
        onChange={(event) => onCompleted(waiver, event.target.checked)}
      />
      Completed
    </label>
  );
}

/** The row's secondary actions, behind a More button (a disclosure: shown below the row). */
function More({ who, children }: { who: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <>
      <button
        type="button"
        className="button waiver-more"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">More for {who}</span>
      </button>
      <div id={panel} className="waiver-more-panel" hidden={!open}>
        {open && children}
      </div>
    </>
  );
}

function RemoveButton({ who, onRemove }: { who: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="button waiver-remove"
      aria-label={`Remove the waiver of ${who}`}
      onClick={onRemove}
    >
      Remove the waiver
    </button>
  );
}

function Refusal({ waiver, refusals }: { waiver: WaiverRow | null; refusals: ReadonlyMap<string, string> }) {
  const message = waiver ? refusals.get(waiver.id) : undefined;
  if (!message) return null;
  return <p className="field-error waiver-wide">{message}</p>;
}

function PersonRow({
  person,
  withSnowId,
  onAdd,
  locked,
  refusals,
  onCompleted,
  onRemove,
}: WaiverRowActions & { person: PersonWaiverRow; withSnowId: boolean; onAdd: (person: PersonWaiverRow) => void }) {
  const { waiver, name } = person;
  // Adding or removing swaps the row's control: the new one takes the focus the old one had.
  const moved = useRef(false);
  const row = useRef<HTMLLIElement>(null);
  const hasWaiver = waiver !== null;
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    row.current?.querySelector<HTMLElement>('.waiver-control input, .waiver-control button')?.focus();
  }, [hasWaiver]);
  return (
    <li className="waiver-row waiver-row-person" ref={row}>
      <Who name={name} waiver={waiver} snowId={withSnowId ? person.snowId : null} />
      <div className="waiver-control">
        {waiver ? (
          <CompletedBox waiver={waiver} who={name} locked={locked} onCompleted={onCompleted} />
        ) : (
          !locked && (
            <button
              type="button"
              className="button waiver-add"
              aria-label={`Add waiver for ${name}`}
              onClick={() => {
                moved.current = true;
                onAdd(person);
              }}
            >
              Add waiver
            </button>
          )
        )}
      </div>
      {!locked && waiver && (
        <More who={name}>
          <RemoveButton
            who={name}
            onRemove={() => {
              moved.current = true;
              onRemove(waiver);
            }}
          />
        </More>
      )}
      <Refusal waiver={waiver} refusals={refusals} />
    </li>
  );
}

export function PeopleWaivers({
  title,
  people,
  withSnowId,
  empty,
  onAdd,
  ...actions
}: WaiverRowActions & {
  title: string;
  people: PersonWaiverRow[];
  withSnowId: boolean;
  empty: string;
  onAdd: (person: PersonWaiverRow) => void;
}) {
  return (
    <section aria-label={title} className="waiver-section">
      <h2>{title}</h2>
      {people.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="waiver-list">
          {people.map((person) => (
            <PersonRow key={person.id} {...actions} person={person} withSnowId={withSnowId} onAdd={onAdd} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MatchTo({
  waiver,
  who,
  candidates,
  onMatch,
}: {
  waiver: WaiverRow;
  who: string;
  candidates: PersonWaiverRow[];
  onMatch: (waiver: WaiverRow, personId: string) => void;
}) {
  const id = useId();
  return (
    <div className="waiver-match waiver-wide">
      <label htmlFor={id}>
        Match <span className="visually-hidden">the waiver of {who} </span>to
      </label>
      <select
        id={id}
        value=""
        disabled={candidates.length === 0}
        onChange={(event) => event.target.value && onMatch(waiver, event.target.value)}
      >
        <option value="">{candidates.length ? 'Choose a person' : 'Everyone has a waiver'}</option>
        {candidates.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function UnmatchedWaivers({
  title,
  waivers,
  candidates,
  withSnowId,
  onMatch,
  locked,
  refusals,
  onCompleted,
  onRemove,
}: WaiverRowActions & {
  title: string;
  waivers: WaiverRow[];
  /** The people of the waivers' type who have no waiver yet. */
  candidates: PersonWaiverRow[];
  withSnowId: boolean;
  onMatch: (waiver: WaiverRow, personId: string) => void;
}) {
  if (waivers.length === 0) return null;
  return (
    <section aria-label={title} className="waiver-section">
      <h2>{title}</h2>
      <p className="hint">
        These waivers name nobody on your lists. Match each to the person it belongs to, or remove it.
      </p>
      <ul className="waiver-list">
        {waivers.map((waiver) => {
          const who = waiverName(waiver);
          return (
            <li key={waiver.id} className="waiver-row">
              <Who name={who} waiver={waiver} snowId={withSnowId ? waiver.snowId : null} />
              <div className="waiver-control">
                <CompletedBox waiver={waiver} who={who} locked={locked} onCompleted={onCompleted} />
              </div>
              {!locked && (
                <More who={who}>
                  <RemoveButton who={who} onRemove={() => onRemove(waiver)} />
                </More>
              )}
              {!locked && <MatchTo waiver={waiver} who={who} candidates={candidates} onMatch={onMatch} />}
              <Refusal waiver={waiver} refusals={refusals} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function RemovedWaivers({ waivers, onUndo }: { waivers: WaiverRow[]; onUndo: (id: string) => void }) {
  if (waivers.length === 0) return null;
  return (
    <section aria-label="Removed, not saved yet" className="waiver-section">
      <h2>Removed (saved with the next Save)</h2>
      <ul className="waiver-list">
        {waivers.map((waiver) => {
          const who = waiverName(waiver);
          return (
            <li key={waiver.id} className="waiver-row">
              <div className="waiver-who">
                <span className="waiver-name">{who}</span>
              </div>
              <div className="waiver-control">
                <button
                  type="button"
                  className="button"
                  aria-label={`Undo remove: the waiver of ${who}`}
                  onClick={() => onUndo(waiver.id)}
                >
                  Undo remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
