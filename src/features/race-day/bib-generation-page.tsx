// /bib-generation (admin): bibs for one discipline, one or more divisions and a gender, numbered
// consecutively from a start number in start-list order (POST /api/bibs/generate). Bibs are unique
// in the event and discipline; bibs typed by hand are kept and reported. It needs the network and
// says so; the racers and their current bibs are shown from the race-day mirror meanwhile.
import { useMemo, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/call';
import { generateBibs, type GeneratedBibs } from '../../api/race-day';
import { TextField } from '../../components/fields';
import { useServices } from '../../components/services-context';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { buildStartlist } from '../../domain/rules/start-list';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf } from './race-choice';

const BIBS_GENERATED = 'Bibs successfully generated';
const START_MESSAGE = 'The start number is a whole number from 1.';

export default function BibGenerationPage({ db }: { db: InterschoolsDb }) {
  return (
    <RaceDayFrame db={db} title="Bib generation" options={{ multipleDivisions: true }}>
      {(view) => <Generation key={view.choice.event.id + view.choice.discipline.DisciplineId} view={view} />}
    </RaceDayFrame>
  );
}

function Generation({ view }: { view: RaceView }) {
  const { engine } = useServices();
  const { online } = useSyncStatus();
  const discipline = view.choice.discipline.DisciplineId;
  // The first number free in the discipline: generating division after division just carries on.
  const nextFree = useMemo(
    () => Math.max(0, ...view.data.entries.filter((e) => e.DisciplineId === discipline).map((e) => e.bib ?? 0)) + 1,
    [view, discipline],
  );
  const [start, setStart] = useState<string | null>(null);
  const [state, setState] = useState<{ busy: boolean; result: GeneratedBibs | null; error: string | null }>({
    busy: false,
    result: null,
    error: null,
  });
  const startText = start ?? String(nextFree);
  const startNumber = /^\d+$/.test(startText.trim()) && Number(startText) >= 1 ? Number(startText) : null;

  const racers = useMemo(
    () =>
      view.choice.divisions.flatMap((division) =>
        buildStartlist(raceOf(view.choice, division), view.data).flatMap((team) =>
          team.members.filter((m) => m.ParticipantId !== null).map((m) => ({ ...m, team, division })),
        ),
      ),
    [view],
  );

  const generate = async () => {
    if (startNumber === null) return;
    setState({ busy: true, result: null, error: null });
    const result = await generateBibs({
      EventId: view.choice.event.id,
      DisciplineId: discipline,
      divisions: view.choice.divisions,
      gender: view.choice.gender,
      startNumber,
    });
    if (result.ok) {
      await engine.pull().catch(() => undefined);
      setStart(null);
    }
    setState({ busy: false, result: result.ok ? result.data : null, error: result.ok ? null : result.message });
  };

  const names = new Map(racers.map((r) => [r.teamEntryId, `${r.firstname} ${r.lastname}`]));
  return (
    <>
      <div className="race-controls no-print">
        <TextField
          label="Start number"
          inputMode="numeric"
          value={startText}
          onChange={setStart}
          error={startNumber === null ? START_MESSAGE : null}
        />
        <button
          type="button"
          className="button button-primary"
          disabled={!online || state.busy || startNumber === null || racers.length === 0}
          onClick={() => void generate()}
        >
          {state.busy ? 'Generating…' : 'Generate bibs'}
        </button>
        {!online && <span className="race-notice">{OFFLINE_MESSAGE}</span>}
      </div>
      {state.error && (
        <p className="race-error" role="alert">
          {state.error}
        </p>
      )}
      {state.result && (
        <div className="race-notice" role="status">
          <p>
            <strong>{BIBS_GENERATED}</strong>
          </p>
          <p>
            {state.result.assigned.length} bibs given
            {state.result.assigned.length > 0 &&
              ` (${Math.min(...state.result.assigned.map((a) => a.bib))} to ${Math.max(...state.result.assigned.map((a) => a.bib))})`}
            ; the next free number is {state.result.nextNumber}.
          </p>
          {state.result.keptManual.length > 0 && (
            <p>
              Bibs typed by hand were kept:{' '}
              {state.result.keptManual
                .map((k) => `${k.bib} (${names.get(k.teamEntryId) ?? 'another racer'})`)
                .join(', ')}
              .
            </p>
          )}
        </div>
      )}
      {racers.length === 0 ? (
        <p className="race-empty">No racers are entered in these races.</p>
      ) : (
        <table className="race-table">
          <thead>
            <tr>
              <th scope="col" className="num">
                Division
              </th>
              <th scope="col" className="num">
                Start
              </th>
              <th scope="col">Name</th>
              <th scope="col">School</th>
              <th scope="col">Team</th>
              <th scope="col" className="num">
                Position
              </th>
              <th scope="col" className="num">
                Bib
              </th>
            </tr>
          </thead>
          <tbody>
            {racers.map((r) => (
              <tr key={r.teamEntryId}>
                <td className="num">{r.division}</td>
                <td className="num">{r.team.startOrder}</td>
                <td>
                  {r.lastname}, {r.firstname}
                </td>
                <td>{r.team.schoolName}</td>
                <td>{r.team.teamRank}</td>
                <td className="num">{r.position}</td>
                <td className="num bib">{r.bib ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
