// /users (admin only, USR-01..07): the staff who sign in to run the events. The admin edits names,
// email addresses and roles, sets a password (blank keeps the current one), adds and removes users,
// and saves everything in one call (PUT /api/users). The list lives on the server: the page needs
// the network and says so. A refused save keeps the edits and shows the server's reason.
import { useState } from 'react';
import { callRoute } from '../../api/route-call';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import type { AdminUser } from '../../domain/schemas';
import { usersApi } from '../../domain/schemas/api/users';
import {
  draftOf,
  draftProblems,
  isChanged,
  isNewUser,
  newDraft,
  saveBody,
  type UserDraft,
  type UserField,
} from './user-drafts';
import { UserRow } from './user-row';

export const USERS_SAVED = 'Users saved.';

export default function UsersPage() {
  const { user } = useSession();
  const { online, rows, setRows, message, setMessage, busy, save, loadFailed, retry } = useServerList({
    route: usersApi.list,
    loadError: 'The users could not be loaded.',
  });
  const [edits, setEdits] = useState<Map<string, UserDraft>>(new Map());
  const [added, setAdded] = useState<UserDraft[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [checked, setChecked] = useState(false);

  if (!user) return null;

  const originals = new Map((rows ?? []).map((r) => [r.id, r]));
  const shown = [...(rows ?? []).map((r) => edits.get(r.id) ?? draftOf(r)), ...added];
  const changed = shown.filter((d) => !removed.has(d.id) && isChanged(d, originals.get(d.id)));
  const problems = new Map(changed.map((d) => [d.id, draftProblems(d)]));
  const dirty = changed.length > 0 || removed.size > 0;

  const change = (draft: UserDraft, field: UserField, value: string) => {
    setMessage(null);
    const next = { ...draft, [field]: value };
    if (isNewUser(draft.id)) setAdded((list) => list.map((d) => (d.id === draft.id ? next : d)));
    else setEdits((map) => new Map(map).set(draft.id, next));
  };
  const toggleRemove = (draft: UserDraft) => {
    if (isNewUser(draft.id)) {
      setAdded((list) => list.filter((d) => d.id !== draft.id));
      return;
    }
    setRemoved((set) => {
      const next = new Set(set);
      if (!next.delete(draft.id)) next.add(draft.id);
      return next;
    });
  };

  /** After a refusal: take the server's current rows, so a row someone else changed shows their
   *  version (its edit is dropped, as the stale-version message says); other edits stay. */
  const refresh = async () => {
    const answer = await callRoute(usersApi.list);
    if (answer?.status !== 200 || !answer.data) return;
    const fresh = new Map(answer.data.map((r) => [r.id, r]));
    setRows(answer.data);
    setEdits((map) => new Map([...map].filter(([id, d]) => fresh.get(id)?.version === d.version)));
    setRemoved((set) => new Set([...set].filter((id) => fresh.has(id))));
  };

  const saveUsers = async () => {
    setChecked(true);
    if ([...problems.values()].some((p) => Object.keys(p).length > 0)) {
      setMessage({ text: 'Some fields need attention: see the messages in the table.', error: true });
      return;
    }
    const ok = await save(
      { route: usersApi.save, input: { body: saveBody(changed, removed) } },
      { saved: USERS_SAVED, failed: 'The users could not be saved.' },
      (answer) => {
        if (answer.data) setRows(answer.data);
        setEdits(new Map());
        setAdded([]);
        setRemoved(new Set());
        setChecked(false);
      },
    );
    if (!ok) await refresh();
  };

  const self = (u: AdminUser | undefined) => !!u && u.email.toLowerCase() === user.username.toLowerCase();

  return (
    <PageMain className="page admin-list">
      <h1>Users</h1>
      <p>Staff who sign in to run the events. Leave a password blank to keep the current one.</p>
      <AdminListStatus online={online} message={message} />
      {rows === null ? (
        <ListLoading online={online} failed={loadFailed} onRetry={retry} />
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">Given name</th>
                  <th scope="col">Surname</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Password</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((draft) => {
                  const original = originals.get(draft.id);
                  return (
                    <UserRow
                      key={draft.id}
                      draft={draft}
                      isNew={!original}
                      isSelf={self(original)}
                      removed={removed.has(draft.id)}
                      who={original ? original.email : `new user ${added.indexOf(draft) + 1}`}
                      disabled={!online || busy}
                      problems={checked ? (problems.get(draft.id) ?? {}) : {}}
                      onChange={(field, value) => change(draft, field, value)}
                      onToggleRemove={() => toggleRemove(draft)}
                    />
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button"
          disabled={!online || busy || rows === null}
          onClick={() => setAdded((list) => [...list, newDraft()])}
        >
          Add user
        </button>
        <button
          type="button"
          className="button button-save"
          disabled={!online || busy || !dirty}
          onClick={() => void saveUsers()}
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </PageMain>
  );
}
