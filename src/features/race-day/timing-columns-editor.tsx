// The columns of a system's timing file at an event, under the file's preview: which ones the file
// uses (the system's standard ones or the event's own) and, for an admin, a way to change them:
// what each column holds, its heading and its place, added or removed, every control labelled with
// its column and reachable by keyboard. Unsaved edits are kept on the device as they are made
// (src/db/drafts.ts), so a reload loses nothing; Save goes through the outbox like any edit, so it
// works with no network and reaches every other tablet later.
import { useEffect, useRef, useState } from 'react';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { SelectField, TextField } from '../../components/fields';
import { RefusalNotice } from '../../components/refusal-notice';
import { SaveButton } from '../../components/save-button';
import { useRowRefusal } from '../../components/use-row-refusal';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { draftKey } from '../../db/drafts';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import type { FileSystem } from '../../domain/constants/race-day';
import {
  STANDARD_TIMING_COLUMNS,
  TIMING_FIELDS,
  TIMING_FIELD_LABELS,
  type TimingColumn,
  type TimingField,
} from '../../domain/constants/timing-files';
import {
  hasOwnTimingColumns,
  sameTimingColumns,
  timingColumnProblems,
  timingColumnsFor,
} from '../../domain/rules/timing-columns';
import {
  addColumn,
  changeField,
  changeHeading,
  draftEditCount,
  moveColumn,
  removeColumn,
} from './timing-columns-draft';
import { saveTimingColumns } from './timing-columns-writes';
import './timing-columns.css';

export const TIMING_COLUMNS_TEXT = {
  standard: (system: string) => `This file has the standard ${system} columns.`,
  own: 'This file has the columns set for this event.',
  waiting: 'Saved on this device: waiting to be sent to the server.',
  blocked: 'Fix the columns marked before saving.',
  saved: 'Columns saved. The files use them now.',
} as const;

const FIELD_OPTIONS = TIMING_FIELDS.map((field) => ({ value: field, label: TIMING_FIELD_LABELS[field] }));

interface Props {
  db: InterschoolsDb;
  event: RaceEventMirrorRow;
  system: FileSystem;
  /** Shown as the screen names it ('NSW system'). */
  systemName: string;
  /** The signed-in admin's name, or null when the user may only read the columns. */
  editor: string | null;
}

export function TimingColumnsPanel({ db, event, system, systemName, editor }: Props) {
  const saved = timingColumnsFor(system, event.timingColumns);
  const own = hasOwnTimingColumns(system, event.timingColumns);
  const key = editor ? draftKey(editor, `timing-columns-${system}`, null, event.id) : null;
  const { draft, setDraft, restored } = usePersistedDraft<TimingColumn[] | null>(db, key, null, (d) =>
    draftEditCount(d, saved),
  );
  const refusal = useRowRefusal(db, 'raceEvents', event.id);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="timing-columns-panel no-print" aria-labelledby="timing-columns-heading">
      <h3 id="timing-columns-heading">Columns of the file</h3>
      <p>{own ? TIMING_COLUMNS_TEXT.own : TIMING_COLUMNS_TEXT.standard(systemName)}</p>
      {event._pending && <p role="status">{TIMING_COLUMNS_TEXT.waiting}</p>}
      <RefusalNotice db={db} refusal={refusal} className="race-error" />
      {restored && draft && <DraftRestoredNote count={draftEditCount(draft, saved)} onDiscard={() => setDraft(null)} />}
      {notice && <p role="status">{notice}</p>}
      {editor && draft === null && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            setDraft([...saved]);
          }}
        >
          Change columns
        </button>
      )}
      {editor && draft !== null && (
        <ColumnsEditor
          columns={draft}
          saved={saved}
          standard={STANDARD_TIMING_COLUMNS[system]}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={async (columns) => {
            // Columns equal to the standard ones are saved as 'standard', so they follow the app.
            const isStandard = sameTimingColumns(columns, STANDARD_TIMING_COLUMNS[system]);
            await saveTimingColumns(db, event, system, isStandard ? null : columns, editor);
            setDraft(null);
            setNotice(TIMING_COLUMNS_TEXT.saved);
          }}
        />
      )}
    </section>
  );
}

interface EditorProps {
  columns: TimingColumn[];
  saved: readonly TimingColumn[];
  standard: readonly TimingColumn[];
  onChange(next: TimingColumn[]): void;
  onCancel(): void;
  onSave(columns: TimingColumn[]): Promise<void>;
}

function ColumnsEditor({ columns, saved, standard, onChange, onCancel, onSave }: EditorProps) {
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After a move the focus follows the column, so the keyboard can keep moving it.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterMove.current) document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [columns]);

  const problems = timingColumnProblems(columns);
  const byColumn = new Map<number, string>();
  for (const p of problems) if (p.index !== null && !byColumn.has(p.index)) byColumn.set(p.index, p.message);
  const general = problems.filter((p) => p.index === null);

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    // The same button at the column's new place; at the top or bottom (where it is disabled) the other.
    const atEnd = by === -1 ? to === 0 : to === columns.length - 1;
    const direction = (by === -1) !== atEnd ? 'up' : 'down';
    focusAfterMove.current = `timing-column-${to}-${direction}`;
    onChange(moveColumn(columns, index, by));
  };

  const save = async () => {
    setUpdating(true);
    setError(null);
    try {
      await onSave(columns);
    } catch (cause) {
      setError(
        `The columns could not be saved on this device: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    } finally {
      setUpdating(false);
    }
  };

  return (
    <form aria-label="Columns of the file" onSubmit={(e) => e.preventDefault()}>
      <p>Each column: what it holds and its heading in the file, in the order the timing system reads them.</p>
      <ol className="timing-columns">
        {columns.map((column, index) => {
          const n = index + 1;
          return (
            // Columns have no id of their own; the list is rebuilt whole on every edit.
            <li key={index} className="timing-column">
              <SelectField
                id={`timing-column-${index}-field`}
                label={`Column ${n}: what it holds`}
                value={column.field}
                options={FIELD_OPTIONS}
                onChange={(field) => onChange(changeField(columns, index, field as TimingField))}
              />
              <TextField
                id={`timing-column-${index}-heading`}
                label={`Column ${n}: heading`}
                value={column.heading}
                onChange={(heading) => onChange(changeHeading(columns, index, heading))}
                error={byColumn.get(index) ?? null}
                autoComplete="off"
              />
              <span className="timing-column-buttons">
                <button
                  type="button"
                  className="button"
                  id={`timing-column-${index}-up`}
                  aria-label={`Column ${n}: move up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button"
                  id={`timing-column-${index}-down`}
                  aria-label={`Column ${n}: move down`}
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={`Column ${n}: remove`}
                  onClick={() => onChange(removeColumn(columns, index))}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {general.map((p) => (
        <p key={p.message} className="race-error" role="alert">
          {p.message}
        </p>
      ))}
      <div className="timing-columns-actions">
        <button type="button" className="button" onClick={() => onChange(addColumn(columns))}>
          Add a column
        </button>
        <button
          type="button"
          className="button"
          disabled={sameTimingColumns(columns, standard)}
          onClick={() => onChange([...standard])}
        >
          Start again from the standard columns
        </button>
      </div>
      <div className="timing-columns-actions">
        <SaveButton
          label="Save columns"
          dirty={!sameTimingColumns(columns, saved)}
          updating={updating}
          blockedReason={problems.length ? TIMING_COLUMNS_TEXT.blocked : null}
          onSave={save}
        />
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="race-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
