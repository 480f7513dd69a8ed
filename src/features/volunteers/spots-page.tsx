// #/volunteer/spots (admin): the volunteer places the event offers, per discipline, division and
// gender (the places still available: schools take them as their preferences lock). Read from the
// mirror; spots of divisions a discipline no longer races are left out and the screen says the
// stored spots were out of sync. Saving needs the network (PUT /api/volunteerSpots); a failure
// shows the spec's message.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { OFFLINE_MESSAGE } from '../../api/call';
import { callRoute } from '../../api/route-call';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useServices } from '../../components/services-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import { MESSAGES } from '../../domain/messages';
import { divisionChoices } from '../../domain/rules/discipline-choices';
import { reconcileSpots, type SpotCount } from '../../domain/rules/volunteer-spots';
import { WRITE_HEADERS } from '../../domain/schemas/api/sync';
import { volunteersApi } from '../../domain/schemas/api/volunteers';
import './volunteers.css';

const OUT_OF_SYNC =
  'Some stored places were for divisions this event no longer races; they are left out and go when you save.';
const SPOTS_SAVED = 'Volunteer places saved.';

const key = (s: { DisciplineId: number; division: number }) => `${s.DisciplineId}:${s.division}`;

/** The places per discipline and division, male and female, each a number to edit. */
function SpotsTable({
  rows,
  names,
  shown,
  onChange,
}: {
  rows: SpotCount[];
  names: Map<number, string>;
  /** The row as edited. */
  shown: (row: SpotCount) => SpotCount;
  onChange: (row: SpotCount, gender: 'male' | 'female', text: string) => void;
}) {
  return (
    <div className="vol-table-wrap">
      <TableScroll>
        <table className="vol-table spots-table">
          <thead>
            <tr>
              <th scope="col">Discipline</th>
              <th scope="col">Division</th>
              <th scope="col">Male places</th>
              <th scope="col">Female places</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const s = shown(row);
              const name = names.get(row.DisciplineId) ?? `Discipline ${row.DisciplineId}`;
              return (
                <tr key={key(row)}>
                  <td>{name}</td>
                  <td>{row.division}</td>
                  {(['male', 'female'] as const).map((g) => (
                    <td key={g}>
                      <input
                        type="number"
                        min={0}
                        inputMode="numeric"
                        aria-label={`${g === 'male' ? 'Male' : 'Female'} places, ${name} division ${row.division}`}
                        value={s[g]}
                        onChange={(e) => onChange(row, g, e.target.value)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export default function SpotsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const { engine } = useServices();
  const { online } = useSyncStatus();
  const eventId = user?.EventId ?? null;
  const data = useLiveQuery(async () => {
    if (!eventId) return null;
    const [races, spots, names] = await Promise.all([
      db.eventDisciplines.where('EventId').equals(eventId).toArray(),
      db.volunteerSpots.where('EventId').equals(eventId).toArray(),
      db.disciplines.toArray(),
    ]);
    return {
      races: races.filter((r) => r.active).sort((a, b) => a.DisciplineId - b.DisciplineId),
      spots,
      names: new Map(names.map((d) => [d.id, d.name])),
    };
  }, [db, eventId]);
  const [edits, setEdits] = useState<Map<string, SpotCount>>(new Map());
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });

  // Every division each discipline races, with its stored places (0 where none are stored).
  const table = useMemo(() => {
    if (!data) return null;
    const { spots, outOfSync } = reconcileSpots(data.spots, data.races);
    const stored = new Map(spots.map((s) => [key(s), s]));
    const rows = data.races.flatMap((race) =>
      divisionChoices(race).map(
        (division) =>
          stored.get(key({ DisciplineId: race.DisciplineId, division })) ?? {
            DisciplineId: race.DisciplineId,
            division,
            male: 0,
            female: 0,
          },
      ),
    );
    return { rows, outOfSync };
  }, [data]);

  if (!user || !eventId)
    return (
      <PageMain className="page">
        <h1>Volunteer places</h1>
        <p>Choose an event first.</p>
      </PageMain>
    );
  if (!data || !table)
    return (
      <PageMain className="page">
        <h1>Volunteer places</h1>
        <p>Loading…</p>
      </PageMain>
    );

  const shown = (row: SpotCount) => edits.get(key(row)) ?? row;
  const setCount = (row: SpotCount, gender: 'male' | 'female', text: string) => {
    const value = Math.max(0, Math.floor(Number(text) || 0));
    setState({ busy: false, message: null, error: false });
    setEdits(new Map(edits).set(key(row), { ...shown(row), [gender]: value }));
  };

  async function save() {
    setState({ busy: true, message: null, error: false });
    const spots = table!.rows.map((r) => {
      const s = shown(r);
      return { DisciplineId: s.DisciplineId, division: s.division, male: s.male, female: s.female };
    });
    const answer = await callRoute(volunteersApi.saveSpots, {
      body: { spots },
      headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
    });
    if (answer?.status === 200) {
      await engine.pull().catch(() => undefined);
      setEdits(new Map());
      setState({ busy: false, message: SPOTS_SAVED, error: false });
    } else {
      setState({ busy: false, message: answer ? MESSAGES.volunteerSpotsSaveError : OFFLINE_MESSAGE, error: true });
    }
  }

  return (
    <PageMain className="page volunteers-page">
      <h1>Volunteer places</h1>
      <p>
        The places still open to schools at {user.eventName || 'this event'}, per discipline, division and gender. A
        school takes one when a volunteer preference locks.
      </p>
      {table.outOfSync && (
        <p className="vol-notice" role="status">
          {OUT_OF_SYNC}
        </p>
      )}
      {state.message && (
        <p className={state.error ? 'vol-error' : 'vol-notice'} role={state.error ? 'alert' : 'status'}>
          {state.message}
        </p>
      )}
      <SpotsTable rows={table.rows} names={data.names} shown={shown} onChange={setCount} />
      <div className="vol-actions">
        <button
          type="button"
          className="button button-save"
          disabled={!online || state.busy || (edits.size === 0 && !table.outOfSync)}
          onClick={() => void save()}
        >
          {state.busy ? 'Saving…' : 'Save'}
        </button>
        {!online && <span className="vol-notice">{OFFLINE_MESSAGE}</span>}
      </div>
    </PageMain>
  );
}
