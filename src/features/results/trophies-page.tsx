// #/trophies (TRO-01..05): the trophies with their pictures (imageURL holds several addresses
// joined by '|', rules/trophy-images), discipline, division, gender, state, type and who won it at
// the chosen event by its published results (rules/trophy-winners.ts). Read from the
// mirror; the admin adds, edits and removes trophies like the grids: into the mirror and the outbox at
// once (PUT /api/v2/Trophies, entity 'trophies'), so it works offline; only uploading a picture
// needs the network. Everyone else reads. The list itself is trophies-table.tsx.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { PageMain } from '../../components/page-main';
import { RefusalNotice } from '../../components/refusal-notice';
import { useSession } from '../../components/session-context';
import { useListEdits, type ListBatch } from '../../components/use-list-edits';
import { useListRefusal } from '../../components/use-row-refusal';
import type { InterschoolsDb, TrophyRow } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import { queueListBatch } from '../../sync/write-adapter';
import { TROPHIES_SAVE } from './result-writes';
import { TrophyDialog, type TrophyDialogResult } from './trophy-dialog';
import { TrophiesTable } from './trophies-table';

export const TROPHIES_SAVED = 'Trophies saved. They are sent to the server now, or when the connection returns.';

const order = (a: TrophyRow, b: TrophyRow) =>
  (a.name ?? '').localeCompare(b.name ?? '') ||
  (a.disciplineId ?? 0) - (b.disciplineId ?? 0) ||
  (a.division ?? 0) - (b.division ?? 0) ||
  a.gender.localeCompare(b.gender);

/** The trophies added, changed and removed, queued as one batch (PUT /api/v2/Trophies). */
function queueTrophies(db: InterschoolsDb, batch: ListBatch<TrophyRow>) {
  return queueListBatch(db, TROPHIES_SAVE, {
    body: {
      trophies: [...batch.added, ...batch.changed.map((c) => c.after)].map(
        ({ id, name, disciplineId, division, gender, state, imageURL, type, version }) => ({
          id,
          name,
          disciplineId,
          division,
          gender,
          state,
          imageURL,
          type,
          version,
        }),
      ),
      trophiesDeleted: batch.removed.map((t) => t.id),
    },
    eventId: null,
    ...batch,
  });
}

export default function TrophiesPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const rows = useLiveQuery(() => db.trophies.toArray(), [db]);
  const disciplines = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const eventId = user?.EventId ?? null;
  const races = useLiveQuery(
    () => (eventId ? db.resultRaces.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const refusal = useListRefusal(db, 'trophies');
  const edits = useListEdits(rows, order);
  const [dialog, setDialog] = useState<{ row?: TrophyRow } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const shown = edits.shown;
  if (!user) return null;
  const admin = isAdmin(user.type);
  const names = new Map((disciplines ?? []).map((d) => [d.id, d.name]));
  const label = (t: TrophyRow) =>
    [
      t.name || 'Trophy',
      t.disciplineId ? names.get(t.disciplineId) : null,
      t.division ? `division ${t.division}` : null,
      t.gender,
    ]
      .filter(Boolean)
      .join(', ');

  const closeDialog = (row: TrophyRow | undefined) => (result: TrophyDialogResult | null) => {
    setDialog(null);
    if (!result) return;
    setMessage(null);
    if (row) edits.change({ ...row, ...result });
    else edits.add({ id: uuidv7(), ...result });
  };
  const remove = (t: TrophyRow) => {
    setMessage(null);
    edits.remove(t);
  };

  async function save() {
    setBusy(true);
    setMessage(null);
    const batch = edits.batch();
    try {
      await queueTrophies(db, batch);
      edits.reset();
      setMessage({ text: TROPHIES_SAVED, error: false });
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageMain className="page admin-list">
      <h1>Trophies</h1>
      {message && (
        <p
          className={message.error ? 'admin-list-error' : 'admin-list-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {admin && <RefusalNotice db={db} refusal={refusal} className="admin-list-error" />}
      {rows === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <TrophiesTable
          shown={shown}
          names={names}
          races={races ?? []}
          refused={refusal !== null}
          admin={admin}
          busy={busy}
          label={label}
          onEdit={(t) => setDialog({ row: t })}
          onRemove={remove}
        />
      )}
      {admin && (
        <div className="admin-list-actions">
          <button type="button" className="button" disabled={busy || !disciplines} onClick={() => setDialog({})}>
            Add trophy
          </button>
          <button
            type="button"
            className={`button ${edits.anyRemoved ? 'button-danger' : 'button-save'}`}
            disabled={busy || !edits.dirty || refusal !== null}
            aria-describedby={refusal ? 'trophies-save-blocked' : undefined}
            onClick={() => void save()}
          >
            {busy ? 'Saving…' : 'Save'}
          </button>
          {refusal && <span id="trophies-save-blocked">Discard the refused change before saving again.</span>}
        </div>
      )}
      {dialog && <TrophyDialog disciplines={disciplines ?? []} row={dialog.row} onClose={closeDialog(dialog.row)} />}
    </PageMain>
  );
}
