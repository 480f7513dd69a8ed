// /startlists: a race's teams in start order, each with its school, team letter and members by
// position with bib and snow id, from the race-day mirror (the same order the server answers
// GET /api/startlist with). The admin draws the start order, and may redraw it until bibs are
// given; the draw needs the network and says so.
import { useMemo, useState } from 'react';
import { drawStartOrder } from '../../api/race-day';
import { OFFLINE_MESSAGE } from '../../api/call';
import { useSession } from '../../components/session-context';
import { useServices } from '../../components/services-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import { sameRace } from '../../domain/rules/race-day-rows';
import { buildStartlist, raceHasBibs } from '../../domain/rules/start-list';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf } from './race-choice';

export default function StartlistsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  return (
    <RaceDayFrame
      db={db}
      title="Start lists"
      wholeDay
      actions={user && isAdmin(user.type) ? (view) => <DrawAction view={view} /> : undefined}
    >
      {(view) => <Startlist view={view} />}
    </RaceDayFrame>
  );
}

function Startlist({ view }: { view: RaceView }) {
  const teams = useMemo(() => buildStartlist(raceOf(view.choice), view.data), [view]);
  if (!teams.length) return <p className="race-empty">No teams are entered in this race.</p>;
  return (
    <div className="startlist">
      {teams.map((team) => (
        <section key={team.TeamId} className="start-team" aria-labelledby={`team-${team.TeamId}`}>
          <h3 id={`team-${team.TeamId}`}>
            {team.startOrder}. {team.schoolName} — Team {team.teamRank}
          </h3>
          <table className="race-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  Position
                </th>
                <th scope="col" className="num">
                  Bib
                </th>
                <th scope="col">Name</th>
                <th scope="col">Snow id</th>
                <th scope="col">Year</th>
              </tr>
            </thead>
            <tbody>
              {team.members.map((m) => (
                <tr key={m.teamEntryId}>
                  <td className="num">{m.position}</td>
                  <td className="num bib">{m.bib ?? ''}</td>
                  <td>{m.ParticipantId ? `${m.lastname}, ${m.firstname}` : 'No racer in this position'}</td>
                  <td>{m.snowId ?? ''}</td>
                  <td>{m.yearLevel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

function DrawAction({ view }: { view: RaceView }) {
  const { engine } = useServices();
  const { online } = useSyncStatus();
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const race = raceOf(view.choice);
  const drawn = view.data.draws.some((d) => sameRace(d, race));
  const bibsGiven = raceHasBibs(race, view.data);
  const hasTeams = view.data.teams.some((t) => sameRace(t, race));
  const reason = !online
    ? OFFLINE_MESSAGE
    : bibsGiven
      ? 'Bibs are given: the start order is the bib order.'
      : !hasTeams
        ? 'No teams are entered in this race.'
        : null;

  const draw = async () => {
    setState({ busy: true, message: null, error: false });
    const result = await drawStartOrder(race);
    if (result.ok) await engine.pull().catch(() => undefined);
    setState({ busy: false, message: result.ok ? 'Start order drawn.' : result.message, error: !result.ok });
  };

  return (
    <>
      <button
        type="button"
        className="button button-primary"
        disabled={state.busy || reason !== null}
        onClick={() => void draw()}
      >
        {drawn ? 'Redraw start order' : 'Draw start order'}
      </button>
      {reason && <span className="race-notice">{reason}</span>}
      {state.message && (
        <span className={state.error ? 'race-error' : 'race-notice'} role={state.error ? 'alert' : 'status'}>
          {state.message}
        </span>
      )}
    </>
  );
}
