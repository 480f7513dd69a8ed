// The state behind the participants grid (participants-page.tsx): the school's participants from
// the mirror with the draft over them (edited fields and removed rows, kept on the device as they
// are made), the search, the columns, what is invalid and what Save would send; the grid's changes
// recorded in the draft; and the rows' Edit, Race entries and Remove.
import { useCallback, useMemo, useState } from 'react';
import { findInvalidCells, type GridAction, type GridChange } from '../../components/data-grid';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { useMirrorView } from '../../components/use-mirror-view';
import type { InterschoolsDb } from '../../db/database';
import { draftKey } from '../../db/drafts';
import { participantMatches } from '../../domain/rules/participants';
import type { SessionUser } from '../../domain/schemas/entities';
import { participantColumns } from './participant-columns';
import {
  applyEdits,
  diffParticipants,
  recordEdit,
  saveProblems,
  toGridRow,
  type ParticipantEdits,
  type ParticipantGridRow,
} from './participant-rows';
import { useFailedParticipantMessages, useInvoicePaid, useSchoolParticipants } from './use-participants-data';

const NO_ROWS: ParticipantGridRow[] = [];

/** The screen's unsaved work: edited fields by row, and rows removed. */
type Draft = { edits: ParticipantEdits; removed: ReadonlySet<string> };
export const EMPTY_DRAFT: Draft = { edits: {}, removed: new Set() };
export const draftCount = (d: Draft) => Object.keys(d.edits).length + d.removed.size;

/** The draft kept on the device, with its edits and its removed rows set apart. */
function useParticipantsDraft(db: InterschoolsDb, user: SessionUser | null) {
  const { draft, setDraft, restored } = usePersistedDraft(
    db,
    user ? draftKey(user.username, 'participants', user.SchoolId ?? null, user.EventId ?? null) : null,
    EMPTY_DRAFT,
    draftCount,
  );
  const setEdits = useCallback(
    (next: (current: ParticipantEdits) => ParticipantEdits) => setDraft((d) => ({ ...d, edits: next(d.edits) })),
    [setDraft],
  );
  const setRemoved = useCallback(
    (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
      setDraft((d) => ({ ...d, removed: next(d.removed) })),
    [setDraft],
  );
  return { draft, setDraft, restored, setEdits, setRemoved };
}

export function useParticipantRows(db: InterschoolsDb, user: SessionUser | null, currentYear: number) {
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const base = useSchoolParticipants(db, schoolId);
  const view = useMirrorView(db, schoolId, eventId, base);
  const failures = useFailedParticipantMessages(db);
  const invoicePaid = useInvoicePaid(db, schoolId, eventId);
  const saved = useParticipantsDraft(db, user);
  const { edits, removed } = saved.draft;

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
  const blockedReason =
    invalid.length > 0 ? 'Fix the invalid cells before saving.' : problems.length > 0 ? problems.join(' ') : null;
  return { ...saved, view, invoicePaid, baseRows, rows, search, setSearch, shown, columns, changes, blockedReason };
}

/** A grid's (or a row form's) changes recorded in the draft; the rows' Edit (the row as a form)
 *  and Race entries, and Remove where the user may. */
export function useParticipantEditing({
  baseRows,
  locked,
  canRemove,
  setEdits,
  setRemoved,
  setNotice,
  setEntriesOf,
}: {
  baseRows: readonly ParticipantGridRow[];
  locked: boolean;
  canRemove: boolean;
  setEdits: (next: (current: ParticipantEdits) => ParticipantEdits) => void;
  setRemoved: (next: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  setNotice: (notice: string | null) => void;
  setEntriesOf: (row: ParticipantGridRow) => void;
}) {
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
    [baseRows, setEdits, setNotice],
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
  }, [canRemove, setRemoved, locked, setNotice, setEntriesOf]);
  return { onChange, actions, editing, setEditing };
}
