// The lists of the waivers screen: people with their waiver status (participants, volunteers),
// waivers that match nobody (each with a choice of person to match it to), and waivers removed in
// the draft (with undo). Native controls, 44 px touch targets.
import type { WaiverRow } from '../../db/database';
import { waiverName } from './waiver-draft';
import { TableScroll } from '../../components/table-scroll';

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

const TOUCH = { minHeight: 44 } as const;
const CHECKBOX = { width: 22, height: 22, minHeight: 0, margin: 0 } as const;

function waiverStatus(waiver: Pick<WaiverRow, 'completed'> | null): 'Completed' | 'Not completed' | 'No waiver' {
  if (!waiver) return 'No waiver';
  return waiver.completed ? 'Completed' : 'Not completed';
}

function CompletedBox({
  waiver,
  who,
  locked,
  onCompleted,
}: { waiver: WaiverRow; who: string } & Pick<WaiverRowActions, 'locked' | 'onCompleted'>) {
  return (
    <label style={{ ...TOUCH, minWidth: 44, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
      <input
        type="checkbox"
        style={CHECKBOX}
        checked={waiver.completed}
        disabled={locked}
        aria-label={`Completed: ${who}`}
        onChange={(event) => onCompleted(waiver, event.target.checked)}
      />
    </label>
  );
}

function Refusal({ waiver, refusals }: { waiver: WaiverRow | null; refusals: ReadonlyMap<string, string> }) {
  const message = waiver ? refusals.get(waiver.id) : undefined;
  if (!message) return null;
  return (
    <>
      <br />
      <small className="field-error">{message}</small>
    </>
  );
}

export function PeopleWaivers({
  title,
  people,
  withSnowId,
  empty,
  onAdd,
  locked,
  refusals,
  onCompleted,
  onRemove,
}: WaiverRowActions & {
  title: string;
  people: PersonWaiverRow[];
  withSnowId: boolean;
  empty: string;
  onAdd: (person: PersonWaiverRow) => void;
}) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {people.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <TableScroll>
          <table className="race-entries">
            <thead>
              <tr>
                <th scope="col">Name</th>
                {withSnowId && <th scope="col">Snow id</th>}
                <th scope="col">Waiver</th>
                <th scope="col">Completed</th>
                {!locked && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id}>
                  <th scope="row" style={{ fontWeight: 'normal' }}>
                    {person.name}
                  </th>
                  {withSnowId && <td>{person.snowId ?? ''}</td>}
                  <td>
                    {waiverStatus(person.waiver)}
                    <Refusal waiver={person.waiver} refusals={refusals} />
                  </td>
                  <td>
                    {person.waiver && (
                      <CompletedBox
                        waiver={person.waiver}
                        who={person.name}
                        locked={locked}
                        onCompleted={onCompleted}
                      />
                    )}
                  </td>
                  {!locked && (
                    <td>
                      {person.waiver ? (
                        <button
                          type="button"
                          className="button"
                          aria-label={`Remove waiver of ${person.name}`}
                          onClick={() => onRemove(person.waiver!)}
                        >
                          Remove waiver
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button"
                          aria-label={`Add waiver for ${person.name}`}
                          onClick={() => onAdd(person)}
                        >
                          Add waiver
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
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
    <section aria-label={title}>
      <h2>{title}</h2>
      <p className="hint">
        These waivers name nobody on your lists. Match each to the person it belongs to, or remove it.
      </p>
      <TableScroll>
        <table className="race-entries">
          <thead>
            <tr>
              <th scope="col">Name on the waiver</th>
              {withSnowId && <th scope="col">Snow id</th>}
              <th scope="col">Completed</th>
              {!locked && <th scope="col">Match to</th>}
              {!locked && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {waivers.map((waiver) => {
              const who = waiverName(waiver);
              return (
                <tr key={waiver.id}>
                  <th scope="row" style={{ fontWeight: 'normal' }}>
                    {who}
                    <Refusal waiver={waiver} refusals={refusals} />
                  </th>
                  {withSnowId && <td>{waiver.snowId ?? ''}</td>}
                  <td>
                    <CompletedBox waiver={waiver} who={who} locked={locked} onCompleted={onCompleted} />
                  </td>
                  {!locked && (
                    <td>
                      <select
                        aria-label={`Match the waiver of ${who} to`}
                        value=""
                        style={TOUCH}
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
                    </td>
                  )}
                  {!locked && (
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Remove waiver of ${who}`}
                        onClick={() => onRemove(waiver)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function RemovedWaivers({ waivers, onUndo }: { waivers: WaiverRow[]; onUndo: (id: string) => void }) {
  if (waivers.length === 0) return null;
  return (
    <section aria-label="Removed, not saved yet">
      <h2>Removed (saved with the next Save)</h2>
      <ul>
        {waivers.map((waiver) => (
          <li key={waiver.id}>
            {waiverName(waiver)}{' '}
            <button type="button" className="button" onClick={() => onUndo(waiver.id)}>
              Undo remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
