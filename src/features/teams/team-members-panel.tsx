// The selected team's members and team manager: a grid of its participants by position (the bib
// column for admins only, read-only here), 'Add participant' until every position is taken, and a
// single team manager, added only while the team has none. Changes go into the page's draft.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { DataGrid, type GridAction, type GridChange } from '../../components/data-grid';
import type { ParticipantRow, TeamManagerRow } from '../../db/database';
import { positionsPerTeam } from '../../domain/rules/positions-per-team';
import { addEntry, removeEntry, setEntry, setManager, teamIsFull, type WorkingTeam } from './team-draft';
import {
  eligibleParticipants,
  managerName,
  memberCellClassName,
  memberColumns,
  toMemberGridRow,
  type MemberGridRow,
} from './team-grid-rows';

export interface TeamMembersPanelProps {
  team: WorkingTeam;
  title: string;
  /** Every team on the screen (a participant may race a discipline once). */
  teams: readonly WorkingTeam[];
  removed: ReadonlySet<string>;
  participants: readonly ParticipantRow[];
  labels: ReadonlyMap<string, string>;
  managers: readonly TeamManagerRow[];
  showBib: boolean;
  readOnly: boolean;
  /** Messages per entry id: the server's refusals first, then the checks before Save. */
  refusals: ReadonlyMap<string, string>;
  issues: ReadonlyMap<string, string>;
  onChange: (team: WorkingTeam) => void;
  /** Opened from the team's Show button: the panel, below the whole grid, is brought into view,
   *  so the members do not open out of sight (its heading takes the focus where the grid lets it
   *  go). */
  reveal?: boolean;
}

/** The team's single team manager: shown with Remove, or added (only while the team has none). */
function TeamManagerChoice({
  team,
  managers,
  readOnly,
  onChange,
}: Pick<TeamMembersPanelProps, 'team' | 'managers' | 'readOnly' | 'onChange'>) {
  const managerSelectId = useId();
  const [choosingManager, setChoosingManager] = useState(false);
  const manager = team.TeamManagerId ? managers.find((m) => m.id === team.TeamManagerId) : undefined;
  return (
    <>
      <h3>Team manager</h3>
      {manager ? (
        <p className="team-manager">
          {managerName(manager)}
          {manager.mobile ? `, ${manager.mobile}` : ''}{' '}
          {!readOnly && (
            <button type="button" className="button" onClick={() => onChange(setManager(team, null))}>
              Remove team manager
            </button>
          )}
        </p>
      ) : team.TeamManagerId ? (
        <p>The team manager chosen is no longer one of your school's team managers.</p>
      ) : (
        <p>No team manager.</p>
      )}
      {!readOnly &&
        !team.TeamManagerId &&
        (managers.length === 0 ? (
          <p>Add your team managers first, on the Team managers screen.</p>
        ) : choosingManager ? (
          <p>
            <label htmlFor={managerSelectId}>Team manager </label>
            <select
              id={managerSelectId}
              defaultValue=""
              onChange={(event) => {
                if (!event.target.value) return;
                setChoosingManager(false);
                onChange(setManager(team, event.target.value));
              }}
            >
              <option value="">Choose a team manager</option>
              {managers.map((m) => (
                <option key={m.id} value={m.id}>
                  {managerName(m)}
                </option>
              ))}
            </select>{' '}
            <button type="button" className="button" onClick={() => setChoosingManager(false)}>
              Cancel
            </button>
          </p>
        ) : (
          <button type="button" className="button" onClick={() => setChoosingManager(true)}>
            Add team manager
          </button>
        ))}
    </>
  );
}

export function TeamMembersPanel(props: TeamMembersPanelProps) {
  const { team, title, teams, removed, participants, labels, managers, showBib, readOnly, refusals, issues, onChange } =
    props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!props.reveal) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [props.reveal]);
  const byId = useMemo(() => new Map(participants.map((p) => [p.id, p])), [participants]);

  const choices = useMemo(
    () =>
      new Map(
        team.entries.map((entry) => [
          entry.id,
          eligibleParticipants(team, entry, teams, removed, participants).map((p) => labels.get(p.id) ?? p.id),
        ]),
      ),
    [team, teams, removed, participants, labels],
  );
  const idOfLabel = useMemo(() => new Map([...labels].map(([id, label]) => [label, id])), [labels]);

  const context = useMemo(() => ({ participants: byId, labels, choices, showBib }), [byId, labels, choices, showBib]);
  const rows = useMemo(
    () =>
      team.entries.map((entry) => {
        const refusal = refusals.get(entry.id);
        return toMemberGridRow(entry, context, refusal ?? issues.get(entry.id), refusal !== undefined);
      }),
    [team, context, refusals, issues],
  );
  const columns = useMemo(() => memberColumns(team, context), [team, context]);

  function onGridChange(changes: GridChange<MemberGridRow>[]) {
    let next = team;
    for (const change of changes) {
      if (change.key === 'position') {
        const position = Number(change.newValue);
        next = setEntry(next, change.row.id, {
          position: Number.isInteger(position) && position > 0 ? position : null,
        });
      } else if (change.key === 'participant') {
        const text = String(change.newValue ?? '');
        const id = text === '' ? null : idOfLabel.get(text);
        if (id !== undefined) next = setEntry(next, change.row.id, { ParticipantId: id });
      }
    }
    if (next !== team) onChange(next);
  }

  const actions = useMemo<GridAction<MemberGridRow>[]>(
    () =>
      readOnly
        ? []
        : [{ key: 'remove', title: 'Remove', label: 'Remove', onClick: (row) => onChange(removeEntry(team, row.id)) }],
    [readOnly, team, onChange],
  );

  const full = teamIsFull(team);
  const size = team.DisciplineId === null ? null : positionsPerTeam(team.DisciplineId);

  return (
    <section className="team-members" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {team.DisciplineId === null ? (
        <p>Choose the team's discipline first: it decides how many positions the team has.</p>
      ) : (
        <>
          {!readOnly && (
            <div className="toolbar">
              <button
                type="button"
                className="button"
                disabled={full}
                onClick={() => onChange(addEntry(team, uuidv7()))}
              >
                Add participant
              </button>
              {full && <span className="hint">The team is full: {size} positions.</span>}
            </div>
          )}
          {team.entries.length === 0 ? (
            <p>No participants in this team yet.</p>
          ) : (
            <DataGrid
              label={`Members of ${title}`}
              columns={columns}
              rows={rows}
              actions={actions}
              readOnly={readOnly}
              onChange={onGridChange}
              cellClassName={memberCellClassName}
              rowLabel={(row) => `Position ${row.position || '?'}`}
            />
          )}
          {participants.every((p) => p.archived) && (
            <p>Add your school's participants first, on the Participants screen.</p>
          )}
        </>
      )}

      <TeamManagerChoice team={team} managers={managers} readOnly={readOnly} onChange={onChange} />
    </section>
  );
}
