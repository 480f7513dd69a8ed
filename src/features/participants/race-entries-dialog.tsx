// A participant's race entries in the current event, from the mirror. Delete queues
// DELETE /api/v2/team-entries/{id} and removes the entry locally at once.
import { useState } from 'react';
import type { InterschoolsDb } from '../../db/database';
import type { SessionUser } from '../../domain/schemas/entities';
import { Dialog } from '../../components/dialog';
import { TableScroll } from '../../components/table-scroll';
import { deleteRaceEntry } from './participant-writes';
import { useRaceEntries } from './use-participants-data';

export interface RaceEntriesDialogProps {
  db: InterschoolsDb;
  user: Pick<SessionUser, 'username' | 'EventId'>;
  participant: { id: string; firstname: string; lastname: string };
  readOnly: boolean;
  onClose: () => void;
}

export function RaceEntriesDialog({ db, user, participant, readOnly, onClose }: RaceEntriesDialogProps) {
  const entries = useRaceEntries(db, participant.id, user.EventId);
  const [error, setError] = useState<string | null>(null);
  const name = `${participant.firstname} ${participant.lastname}`.trim();

  async function remove(id: string) {
    setError(null);
    const entry = await db.teamEntries.get(id);
    if (!entry) return;
    try {
      await deleteRaceEntry(db, entry, user);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <Dialog
      title={`Race entries: ${name}`}
      onCancel={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {entries === undefined ? (
        <p role="status">Loading…</p>
      ) : entries.length === 0 ? (
        <p>No race entries in this event.</p>
      ) : (
        <TableScroll>
          <table className="race-entries">
            <thead>
              <tr>
                <th scope="col">Discipline</th>
                <th scope="col">Division</th>
                <th scope="col">Team</th>
                <th scope="col">Gender</th>
                <th scope="col">Position</th>
                {!readOnly && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.disciplineName}</td>
                  <td>{entry.division ?? ''}</td>
                  <td>{entry.teamRank}</td>
                  <td>{entry.teamGender}</td>
                  <td>{entry.position}</td>
                  {!readOnly && (
                    <td>
                      <button
                        type="button"
                        onClick={() => void remove(entry.id)}
                        aria-label={`Delete ${entry.disciplineName} entry`}
                        className="button"
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {error && <p role="alert">{error}</p>}
      <p>
        <button type="button" onClick={onClose} className="button">
          Close
        </button>
      </p>
    </Dialog>
  );
}
