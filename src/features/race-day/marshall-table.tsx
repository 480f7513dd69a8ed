// The Start Marshall sheet as the start hut reads it on a tablet in sunlight: one dense row per
// racer (order, bib large, name, school on one line, team, position) and the Started and DNS marks,
// each a large target well apart from the other, so a gloved tap never lands on the wrong one. A
// mark's state is written under the racer's name (Started, Did not start, waiting to be sent), not
// told by colour alone.
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import type { RaceMarkKind, Run } from '../../domain/constants/race-day';
import { canViewRaceDay } from '../../domain/rules/access';
import type { StartMarshallSheetRow } from '../../domain/rules/start-marshall';
import { saveMark } from './mark-writes';
import type { RaceView } from './race-day-frame';
import { TableScroll } from '../../components/table-scroll';

const MARKS: { mark: RaceMarkKind; label: string; className: string }[] = [
  { mark: 'started', label: 'Started', className: 'started' },
  { mark: 'DNS', label: 'DNS', className: 'dns' },
];

const ROW_CLASS: Record<RaceMarkKind | 'none', string> = { started: 'started', DNS: 'dns', none: '' };
const MARK_STATE: Record<RaceMarkKind, string> = { started: 'Started', DNS: 'Did not start' };

/** What the row says of its mark; null for a racer not marked. */
function markState(mark: RaceMarkKind | null, pending: boolean): string | null {
  if (!mark) return null;
  return pending ? `${MARK_STATE[mark]}, waiting to be sent` : MARK_STATE[mark];
}

/** A column's short heading, with its full name for screen readers: the tablet's width goes to names. */
function Short({ shown, read }: { shown: string; read: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{read}</span>
    </>
  );
}

export function MarshallTable({
  db,
  view,
  rows,
  run,
  pending,
}: {
  db: InterschoolsDb;
  view: RaceView;
  rows: StartMarshallSheetRow[];
  run: Run;
  pending: ReadonlySet<string>;
}) {
  const { user } = useSession();
  const canMark = !!user && canViewRaceDay(user.type);
  const mark = (row: StartMarshallSheetRow, kind: RaceMarkKind) =>
    void saveMark(
      db,
      { EventId: view.choice.event.id, teamEntryId: row.teamEntryId, run, mark: row.mark === kind ? null : kind },
      user?.username ?? null,
    );
  return (
    <TableScroll>
      <table className="race-table marshall-table">
        <colgroup>
          <col className="col-order" />
          <col className="col-bib" />
          <col className="col-name" />
          <col />
          <col className="col-team" />
          <col className="col-position" />
          <col className="col-marks" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="num">
              <Short shown="#" read="Order" />
            </th>
            <th scope="col" className="num">
              Bib
            </th>
            <th scope="col">Name</th>
            <th scope="col">School</th>
            <th scope="col">Team</th>
            <th scope="col" className="num">
              <Short shown="Pos." read="Position" />
            </th>
            <th scope="col">Started / DNS</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const waiting = pending.has(row.teamEntryId);
            const state = markState(row.mark, waiting);
            return (
              <tr
                key={row.teamEntryId}
                className={[ROW_CLASS[row.mark ?? 'none'], waiting ? 'pending' : ''].join(' ').trim() || undefined}
              >
                <td className="num">{row.order}</td>
                <td className="num bib">{row.bib ?? ''}</td>
                <td>
                  <span className="racer-name">
                    {row.lastname}, {row.firstname}
                  </span>
                  {state && <span className="mark-state">{state}</span>}
                </td>
                <td className="school" title={row.schoolName}>
                  {row.schoolName}
                </td>
                <td>{row.teamRank}</td>
                <td className="num">{row.position}</td>
                <td>
                  <div className="mark-buttons" role="group" aria-label={`Mark ${row.firstname} ${row.lastname}`}>
                    {MARKS.map((m) => (
                      <button
                        key={m.mark}
                        type="button"
                        className={m.className}
                        aria-pressed={row.mark === m.mark}
                        disabled={!canMark}
                        onClick={() => mark(row, m.mark)}
                      >
                        {m.label}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
