// First-season login (spec sections 2 and 4): last season's participants in a grid, each with the
// year level they move up to and a remove action; the Year 12s are listed as leaving. The
// coordinator removes whoever is not coming back and confirms: one queued call carries the rest
// over. Reads only the mirror, so it works offline like every other screen.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { DataGrid, type GridAction, type GridColumn } from '../../components/data-grid';
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { carryOverView, type CarryOverGridRow } from './carry-over-rows';
import { confirmCarryOver } from './carry-over-writes';

const COLUMNS: GridColumn<CarryOverGridRow>[] = [
  { key: 'snowId', title: 'Snow Id', readOnly: true, width: 110 },
  { key: 'firstname', title: 'Given name', readOnly: true },
  { key: 'lastname', title: 'Surname', readOnly: true },
  { key: 'lastSeason', title: 'Last season', readOnly: true, width: 110 },
  { key: 'thisSeason', title: 'This season', readOnly: true, width: 130 },
];

const nameOf = (row: CarryOverGridRow) => `${row.firstname} ${row.lastname}`.trim() || row.snowId || 'Participant';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface CarryOverSectionProps {
  db: InterschoolsDb;
  user: SessionUser;
  locked: boolean;
  /** Stores the session user whose first-season flag the carry-over cleared. */
  onDone(user: SessionUser): Promise<void>;
}

export function CarryOverSection({ db, user, locked, onDone }: CarryOverSectionProps) {
  const schoolId = user.SchoolId;
  const participants = useLiveQuery(
    () => (schoolId ? db.participants.where('SchoolId').equals(schoolId).toArray() : []),
    [db, schoolId],
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const view = useMemo(() => carryOverView(participants ?? [], removed), [participants, removed]);

  const actions = useMemo<GridAction<CarryOverGridRow>[]>(
    () =>
      locked
        ? []
        : [
            {
              key: 'remove',
              title: 'Remove',
              label: 'Remove',
              onClick: (row) => setRemoved((current) => new Set(current).add(row.id)),
            },
          ],
    [locked],
  );

  async function confirm() {
    setSaving(true);
    setError(null);
    try {
      await onDone(await confirmCarryOver(db, user, removed));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="carry-over-title" className="carry-over">
      <h2 id="carry-over-title">Start the new season</h2>
      <p>
        These are your participants from last season, with the year level each moves up to. Remove anyone who is not
        coming back, then confirm to carry the rest over to this season.
      </p>
      {participants === undefined ? (
        <p role="status">Loading last season&apos;s participants…</p>
      ) : (
        <DataGrid
          label="Last season's participants"
          columns={COLUMNS}
          rows={view.returning}
          actions={actions}
          readOnly
          rowLabel={nameOf}
        />
      )}
      {view.removed.length > 0 && (
        <section aria-labelledby="not-returning-title">
          <h3 id="not-returning-title" style={{ fontSize: '1rem' }}>
            Not coming back
          </h3>
          <ul>
            {view.removed.map((row) => (
              <li key={row.id}>
                {nameOf(row)}{' '}
                <button
                  type="button"
                  className="button"
                  onClick={() => setRemoved((current) => new Set([...current].filter((id) => id !== row.id)))}
                >
                  Undo remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.leaving.length > 0 && (
        <section aria-labelledby="leaving-title">
          <h3 id="leaving-title" style={{ fontSize: '1rem' }}>
            Leaving school: last season&apos;s Year 12s
          </h3>
          <ul>
            {view.leaving.map((row) => (
              <li key={row.id}>{nameOf(row)}</li>
            ))}
          </ul>
        </section>
      )}
      {locked ? (
        <p role="status">This event is locked: your participants can be carried over once it is open again.</p>
      ) : (
        <p>
          <button
            type="button"
            className="button button-primary"
            disabled={saving || participants === undefined}
            onClick={confirm}
          >
            Confirm: carry over {plural(view.returning.length, 'participant', 'participants')}
          </button>{' '}
          <span className="muted">
            {plural(view.removed.length + view.leaving.length, 'participant is', 'participants are')} archived (
            {view.removed.length} not coming back, {view.leaving.length} leaving Year 12).
          </span>
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
