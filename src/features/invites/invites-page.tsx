// /invites (admin, INV-01..07): which discipline, division and gender of the session's event are
// invited on to a State or National event. Read from the mirror and saved like the grids: the
// change goes into the mirror and the outbox at once (PUT /api/invites), so it works offline and
// syncs. Invites are added through a dialog and removed from the grid; both stay edits until
// Save, whose button turns red once an invite is removed (INV-05). A refused save shows the
// server's reason (the spec's client only logged it, ERR-17).
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import '../../components/admin-list.css';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { RefusalNotice } from '../../components/refusal-notice';
import { useListRefusal } from '../../components/use-row-refusal';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb, InviteRow } from '../../db/database';
import { LABELS, MESSAGES } from '../../domain/messages';
import type { InviteChoice } from '../../domain/rules/invite-form';
import type { Invite } from '../../domain/schemas';
import { queueListBatch } from '../../sync/write-adapter';
import { INVITES_SAVE } from './invite-writes';
import { AddInviteDialog } from './add-invite-dialog';

export const INVITES_SAVED = 'Invites saved. They are sent to the server now, or when the connection returns.';

const order = (a: Invite, b: Invite) =>
  a.DisciplineId - b.DisciplineId ||
  a.division - b.division ||
  a.gender.localeCompare(b.gender) ||
  a.stateNational.localeCompare(b.stateNational);
const inviteLabel = (i: Invite) =>
  `${i.name ?? `discipline ${i.DisciplineId}`}, division ${i.division}, ${i.gender}, ${i.stateNational}`;

/** The invites as they stand (the unsaved ones included), each with Remove. */
function InvitesTable({
  shown,
  names,
  refused,
  busy,
  onRemove,
}: {
  shown: InviteRow[];
  names: Map<number, string>;
  /** A save was refused: an invite waiting to be sent is not saved. */
  refused: boolean;
  busy: boolean;
  onRemove: (invite: Invite) => void;
}) {
  return (
    <div className="admin-list-table-wrap">
      <TableScroll>
        <table className="admin-list-table">
          <thead>
            <tr>
              <th scope="col">{LABELS.invitesGrid.discipline}</th>
              <th scope="col">{LABELS.invitesGrid.division}</th>
              <th scope="col">{LABELS.invitesGrid.gender}</th>
              <th scope="col">{LABELS.invitesGrid.stateNational}</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((invite) => (
              <tr key={invite.id}>
                <td>{invite.name ?? names.get(invite.DisciplineId) ?? invite.DisciplineId}</td>
                <td>{invite.division}</td>
                <td>{invite.gender}</td>
                <td>
                  {invite.stateNational}
                  {invite._pending && (
                    <span className="admin-list-pending">{refused ? ' (not saved)' : ' (waiting to be sent)'}</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={`Remove invite ${inviteLabel(invite)}`}
                    onClick={() => onRemove(invite)}
                  >
                    {MESSAGES.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {shown.length === 0 && <p>No invites yet.</p>}
    </div>
  );
}

export default function InvitesPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const eventId = user?.EventId ?? null;
  const disciplines = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const rows = useLiveQuery(
    async () => (eventId ? db.invites.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const refusal = useListRefusal(db, 'invites');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<InviteRow[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);

  const shown = useMemo(
    () => [...(rows ?? []).filter((r) => !removed.has(r.id)), ...added].sort(order),
    [rows, removed, added],
  );

  if (!user) return null;
  if (!eventId)
    return (
      <PageMain className="page">
        <h1>Invites</h1>
        <p>Choose an event first.</p>
      </PageMain>
    );

  const names = new Map((disciplines ?? []).map((d) => [d.id, d.name]));
  const dirty = added.length > 0 || removed.size > 0;

  const closeDialog = (choice: InviteChoice | null) => {
    setAdding(false);
    if (!choice) return;
    setMessage(null);
    setAdded((list) => [...list, { id: uuidv7(), EventId: eventId, ...choice, name: names.get(choice.DisciplineId) }]);
  };
  const remove = (invite: Invite) => {
    setMessage(null);
    if (added.some((a) => a.id === invite.id)) setAdded((list) => list.filter((a) => a.id !== invite.id));
    else setRemoved((set) => new Set(set).add(invite.id));
  };

  async function saveInvites(event: string) {
    setBusy(true);
    setMessage(null);
    const removedIds = [...removed];
    try {
      await queueListBatch(db, INVITES_SAVE, {
        body: {
          multi: true,
          invites: added.map(({ id, DisciplineId, division, gender, stateNational }) => ({
            id,
            DisciplineId,
            division,
            gender,
            stateNational,
          })),
          invitesDeleted: removedIds,
          overallDeleted: [],
        },
        eventId: event,
        added,
        removed: (rows ?? []).filter((r) => removed.has(r.id)),
      });
      setAdded([]);
      setRemoved(new Set());
      setMessage({ text: INVITES_SAVED, error: false });
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageMain className="page admin-list">
      <h1>Invites{user.eventName ? ` for ${user.eventName}` : ''}</h1>
      <p>Races of this event whose placegetters are invited on to a State or National event.</p>
      {message && (
        <p
          className={message.error ? 'admin-list-error' : 'admin-list-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      <RefusalNotice db={db} refusal={refusal} className="admin-list-error" />
      {rows === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <InvitesTable shown={shown} names={names} refused={refusal !== null} busy={busy} onRemove={remove} />
      )}
      <div className="admin-list-actions">
        <button type="button" className="button" disabled={busy || !disciplines} onClick={() => setAdding(true)}>
          Add invite
        </button>
        <button
          type="button"
          className={`button ${removed.size > 0 ? 'button-danger' : 'button-save'}`}
          disabled={busy || !dirty || refusal !== null}
          aria-describedby={refusal ? 'invites-save-blocked' : undefined}
          onClick={() => void saveInvites(eventId)}
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
        {refusal && <span id="invites-save-blocked">Discard the refused change before saving again.</span>}
      </div>
      {adding && <AddInviteDialog disciplines={disciplines ?? []} existing={shown} onClose={closeDialog} />}
    </PageMain>
  );
}
