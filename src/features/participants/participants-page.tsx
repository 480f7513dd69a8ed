// #/participant/index: the school's participants (spec section 2). Reads only the Dexie mirror;
// edits stay a draft until Save, which commits them locally with one queued call and returns to
// disabled at once. The draft is kept on the device as it is made (usePersistedDraft), so leaving
// the screen or reloading loses no edit. Read-only while the event is locked.
import { useCallback, useMemo, useState } from 'react';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import {
  DataGrid,
  RowFormDialog,
  findInvalidCells,
  type GridAction,
  type GridChange,
} from '../../components/data-grid';
import { GridSearch } from '../../components/grid-search';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { MirrorWaiting } from '../../components/mirror-waiting';
import { useMirrorView } from '../../components/use-mirror-view';
import { getDb, type InterschoolsDb } from '../../db/database';
import { draftKey } from '../../db/drafts';
import { canRemoveParticipant, participantMatches } from '../../domain/rules/participants';
import { AddParticipantDialog } from './add-participant-dialog';
import { participantCellClassName, participantColumns } from './participant-columns';
import {
  applyEdits,
  diffParticipants,
  recordEdit,
  saveProblems,
  toGridRow,
  type ParticipantEdits,
  type ParticipantGridRow,
} from './participant-rows';
import { saveParticipantChanges } from './participant-writes';
import { RaceEntriesDialog } from './race-entries-dialog';
import { useFailedParticipantMessages, useInvoicePaid, useSchoolParticipants } from './use-participants-data';
import { PageMain } from '../../components/page-main';

export const LOCKED_MESSAGE = 'This event is locked: participants can be viewed but not changed.';

export interface ParticipantsPageProps {
  /** The database to read and write; the app's by default (tests pass their own). */
  db?: InterschoolsDb;
  currentYear?: number;
}

const NO_ROWS: ParticipantGridRow[] = [];

/** The screen's unsaved work: edited fields by row, and rows removed. */
type Draft = { edits: ParticipantEdits; removed: ReadonlySet<string> };
const EMPTY_DRAFT: Draft = { edits: {}, removed: new Set() };
const draftCount = (d: Draft) => Object.keys(d.edits).length + d.removed.size;

export default function ParticipantsPage({
  db = getDb(),
  currentYear = new Date().getFullYear(),
}: ParticipantsPageProps) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const base = useSchoolParticipants(db, schoolId);
  const view = useMirrorView(db, schoolId, eventId, base);
  const failures = useFailedParticipantMessages(db);
  const invoicePaid = useInvoicePaid(db, schoolId, eventId);

  const { draft, setDraft, restored } = usePersistedDraft(
    db,
    user ? draftKey(user.username, 'participants', schoolId, eventId) : null,
    EMPTY_DRAFT,
    draftCount,
  );
  const { edits, removed } = draft;
  const setEdits = useCallback(
    (next: (current: ParticipantEdits) => ParticipantEdits) => setDraft((d) => ({ ...d, edits: next(d.edits) })),
    [setDraft],
  );
  const setRemoved = useCallback(
    (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
      setDraft((d) => ({ ...d, removed: next(d.removed) })),
    [setDraft],
  );
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [entriesOf, setEntriesOf] = useState<ParticipantGridRow | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const canRemove = !locked && !!user && canRemoveParticipant(user.type, invoicePaid);

  const baseRows = useMemo(() => (base ?? []).map((row) => toGridRow(row, failures.get(row.id))), [base, failures]);
  const rows = useMemo(() => (base ? applyEdits(baseRows, edits, removed) : NO_ROWS), [base, baseRows, edits, removed]);
  const [search, setSearch] = useState('');
  // The grid shows the participants the search finds; edits and Save still cover every row.
  const shown = useMemo(
    () => (search.trim() ? rows.filter((row) => participantMatches(row, search)) : rows),
    [rows, search],
  );
  const columns = useMemo(() => participantColumns(currentYear), [currentYear]);
  const invalid = useMemo(() => findInvalidCells(columns, rows), [columns, rows]);
  const changes = useMemo(
    () => diffParticipants(base ?? [], edits, removed, currentYear),
    [base, edits, removed, currentYear],
  );
  const problems = useMemo(() => saveProblems(changes), [changes]);
  const dirty = draftCount(draft) > 0;
  const blockedReason =
    invalid.length > 0 ? 'Fix the invalid cells before saving.' : problems.length > 0 ? problems.join(' ') : null;

  const onChange = useCallback(
    (gridChanges: GridChange<ParticipantGridRow>[]) => {
      setNotice(null);
      setEdits((current) =>
        gridChanges.reduce(
          (next, change) =>
            recordEdit(
              next,
              baseRows.find((row) => row.id === change.row.id),
              change.row.id,
              change.key,
              change.newValue,
            ),
          current,
        ),
      );
    },
    [baseRows, setEdits],
  );

  const [editing, setEditing] = useState<{ row: ParticipantGridRow; index: number } | null>(null);
  const actions = useMemo<GridAction<ParticipantGridRow>[]>(() => {
    const list: GridAction<ParticipantGridRow>[] = [
      // The row as a form: on a phone the grid shows two columns at a time.
      ...(locked
        ? []
        : [
            {
              key: 'edit',
              title: 'Edit',
              label: 'Edit',
              onClick: (row: ParticipantGridRow, index: number) => setEditing({ row, index }),
            },
          ]),
      { key: 'entries', title: 'Race entries', label: 'Race entries', onClick: (row) => setEntriesOf(row) },
    ];
    if (canRemove) {
      list.push({
        key: 'remove',
        title: 'Remove',
        label: 'Remove',
        onClick: (row) => {
          setNotice(null);
          setRemoved((current) => new Set(current).add(row.id));
        },
      });
    }
    return list;
  }, [canRemove, setRemoved, locked]);

  async function save() {
    if (!user || locked) return;
    setUpdating(true);
    setError(null);
    try {
      await saveParticipantChanges(db, changes, user);
      setDraft(EMPTY_DRAFT);
      setNotice('Changes saved on this device; they are sent to the server when online.');
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setUpdating(false);
    }
  }

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see participants.</p>
      </PageMain>
    );
  if (!schoolId)
    return (
      <PageMain className="page">
        <h1>Participants</h1>
        <p>Choose a school to see its participants.</p>
      </PageMain>
    );

  const removedRows = baseRows.filter((row) => removed.has(row.id));
  const refused = rows.filter((row) => row.failed);
  const nameOf = (row: ParticipantGridRow) => `${row.firstname} ${row.lastname}`.trim() || row.snowId || 'Participant';

  return (
    <PageMain className="page-wide participants-page">
      <h1>Participants</h1>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      <div className="toolbar grid-toolbar">
        {!locked && (
          <>
            <button type="button" onClick={() => setAdding(true)} className="button">
              Add participant
            </button>
            <SaveButton dirty={dirty} updating={updating} blockedReason={blockedReason} onSave={save} />
          </>
        )}
        <GridSearch
          label="Find a participant"
          placeholder="Name or Snow Id"
          value={search}
          onChange={setSearch}
          found={shown.length}
          total={rows.length}
        />
      </div>
      {notice && <p role="status">{notice}</p>}
      {restored && <DraftRestoredNote count={draftCount(draft)} onDiscard={() => setDraft(EMPTY_DRAFT)} />}
      {error && <p role="alert">{error}</p>}
      {view === 'waiting' ? (
        <MirrorWaiting what="participants" online={status.online} />
      ) : (
        <DataGrid
          label="Participants"
          columns={columns}
          rows={shown}
          actions={actions}
          readOnly={locked}
          onChange={onChange}
          cellClassName={participantCellClassName}
          rowLabel={nameOf}
        />
      )}
      {view === 'empty' && rows.length === 0 && <p>No participants yet.</p>}
      {removedRows.length > 0 && (
        <section aria-label="Removed, not saved yet">
          <h2 style={{ fontSize: '1rem' }}>Removed (saved with the next Save)</h2>
          <ul>
            {removedRows.map((row) => (
              <li key={row.id}>
                {nameOf(row)}{' '}
                <button
                  type="button"
                  onClick={() => setRemoved((current) => new Set([...current].filter((id) => id !== row.id)))}
                  className="button"
                >
                  Undo remove
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-label="Changes the server refused">
          <h2 style={{ fontSize: '1rem' }}>Changes the server refused</h2>
          <ul>
            {refused.map((row) => (
              <li key={row.id}>
                {nameOf(row)}: {row.status}
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing && (
        <RowFormDialog
          title={`Edit ${nameOf(editing.row)}`}
          columns={columns}
          row={editing.row}
          rowIndex={editing.index}
          onChange={onChange}
          onClose={() => setEditing(null)}
        />
      )}
      {adding && (
        <AddParticipantDialog
          db={db}
          user={user}
          online={status.online}
          currentYear={currentYear}
          onClose={() => setAdding(false)}
          onAdded={(result, name) => {
            setAdding(false);
            setNotice(
              result.mode === 'updated' ? `${name} already existed: the participant was updated.` : `${name} added.`,
            );
          }}
        />
      )}
      {entriesOf && (
        <RaceEntriesDialog
          db={db}
          user={user}
          participant={entriesOf}
          readOnly={locked}
          onClose={() => setEntriesOf(null)}
        />
      )}
    </PageMain>
  );
}
