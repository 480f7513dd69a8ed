// #/trophies (TRO-01..05): the trophies with their pictures (imageURL holds several addresses
// joined by '|', rules/trophy-images), discipline, division, gender, state, type and who won it at
// the chosen event by its published results (rules/trophy-winners.ts). Read from the
// mirror; the admin adds, edits and removes trophies like the grids: into the mirror and the outbox at
// once (PUT /api/v2/Trophies, entity 'trophies'), so it works offline; only uploading a picture
// needs the network. Everyone else reads.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { PageMain } from '../../components/page-main';
import { RefusalNotice } from '../../components/refusal-notice';
import { StoredLink } from '../../components/stored-link';
import { useSession } from '../../components/session-context';
import { trophyWinners } from '../../domain/rules/trophy-winners';
import { useListEdits } from '../../components/use-list-edits';
import { useListRefusal } from '../../components/use-row-refusal';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb, TrophyRow } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import { isSafeStoredUrl } from '../../domain/rules/stored-url';
import { splitImageUrls } from '../../domain/rules/trophy-images';
import { queueListBatch } from '../../sync/write-adapter';
import { TROPHIES_SAVE } from './result-writes';
import { TrophyDialog, type TrophyDialogResult } from './trophy-dialog';

export const TROPHIES_SAVED = 'Trophies saved. They are sent to the server now, or when the connection returns.';

const order = (a: TrophyRow, b: TrophyRow) =>
  (a.name ?? '').localeCompare(b.name ?? '') ||
  (a.disciplineId ?? 0) - (b.disciplineId ?? 0) ||
  (a.division ?? 0) - (b.division ?? 0) ||
  a.gender.localeCompare(b.gender);

/** A picture this server keeps (uploaded here): shown in the list. Only a safe stored address
 *  (rules/stored-url) is ever shown or linked; any other, stored before the server checked them,
 *  is shown as text. */
const isOwnFile = (url: string) => {
  if (!isSafeStoredUrl(url)) return false;
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
};

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
      await queueListBatch(db, TROPHIES_SAVE, {
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
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">Pictures</th>
                  <th scope="col">Name</th>
                  <th scope="col">Discipline</th>
                  <th scope="col">Division</th>
                  <th scope="col">Gender</th>
                  <th scope="col">State</th>
                  <th scope="col">Type</th>
                  <th scope="col">Winner at this event</th>
                  {admin && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {shown.map((t) => {
                  const images = splitImageUrls(t.imageURL);
                  return (
                    <tr key={t.id}>
                      <td>
                        {images.length === 0
                          ? 'No picture'
                          : images.map((url, i) =>
                              isOwnFile(url) ? (
                                <img
                                  key={`${url}-${i}`}
                                  src={url}
                                  alt={`${label(t)}, picture ${i + 1} of ${images.length}`}
                                  loading="lazy"
                                  style={{ maxWidth: 160, maxHeight: 160, marginRight: 4 }}
                                />
                              ) : (
                                // Pictures kept on other sites are linked, not shown: the app loads images
                                // only from its own server (Content-Security-Policy img-src 'self').
                                <StoredLink
                                  key={`${url}-${i}`}
                                  url={url}
                                  fallback={<span style={{ marginRight: 4 }}>{url}</span>}
                                >{`${label(t)}, picture ${i + 1}`}</StoredLink>
                              ),
                            )}
                      </td>
                      <td>
                        {t.name || '—'}
                        {t._pending && (
                          <span className="admin-list-pending">
                            {refusal ? ' (not saved)' : ' (waiting to be sent)'}
                          </span>
                        )}
                      </td>
                      <td>{t.disciplineId === null ? 'Any' : (names.get(t.disciplineId) ?? t.disciplineId)}</td>
                      <td>{t.division ?? 'Any'}</td>
                      <td>{t.gender}</td>
                      <td>{t.state || '—'}</td>
                      <td>{t.type}</td>
                      <td>{trophyWinners(t, races ?? []) ?? 'Not decided yet'}</td>
                      {admin && (
                        <td className="admin-list-row-actions">
                          <button
                            type="button"
                            className="button"
                            disabled={busy}
                            aria-label={`Edit trophy ${label(t)}`}
                            onClick={() => setDialog({ row: t })}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button"
                            disabled={busy}
                            aria-label={`Remove trophy ${label(t)}`}
                            onClick={() => remove(t)}
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
          {shown.length === 0 && <p>No trophies yet.</p>}
        </div>
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
