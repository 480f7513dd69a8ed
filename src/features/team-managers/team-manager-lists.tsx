// The lists under the team managers grid: rows removed in the draft (with undo) and rows whose
// last save the server refused, with its message.
import type { TeamManagerGridRow } from './team-manager-rows';

export const teamManagerName = (row: Pick<TeamManagerGridRow, 'firstname' | 'lastname'>) =>
  `${row.firstname} ${row.lastname}`.trim() || 'New team manager';

export function RemovedTeamManagers({ rows, onUndo }: { rows: TeamManagerGridRow[]; onUndo: (id: string) => void }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label="Removed, not saved yet">
      <h2 style={{ fontSize: '1rem' }}>Removed (saved with the next Save)</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {teamManagerName(row)}{' '}
            <button type="button" className="button" onClick={() => onUndo(row.id)}>
              Undo remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RefusedTeamManagers({ rows }: { rows: TeamManagerGridRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-label="Changes the server refused">
      <h2 style={{ fontSize: '1rem' }}>Changes the server refused</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {teamManagerName(row)}: {row.status}
          </li>
        ))}
      </ul>
    </section>
  );
}
