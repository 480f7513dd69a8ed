// /race-results (administrators and race officials): a race's results as the device holds them,
// computed here from the race-day mirror with the domain's rules (docs/decisions.md, 'Results
// from the timing system'): the racers ranked by the discipline's measure, equal results sharing a
// place, racers without a place after with why; the teams by their team score, incomplete teams
// after with why. Printed per race or for a whole day; an administrator imports the race's file.
import { useMemo } from 'react';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import { DEFAULT_DISCIPLINE_MEASURES, type DisciplineMeasure } from '../../domain/constants/results';
import { isAdmin } from '../../domain/rules/access';
import { measureOf, raceStandings, type RacerStanding, type TeamStanding } from '../../domain/rules/race-results';
import { raceRacers, recordedResults } from '../../domain/rules/recorded-results';
import { formatResult } from '../../domain/rules/result-times';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf } from './race-choice';
import { ResultsImportPanel } from './results-import-panel';

export default function RaceResultsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const admin = Boolean(user && isAdmin(user.type));
  return (
    <RaceDayFrame db={db} title="Race results" wholeDay>
      {(view) => <RaceResults view={view} canImport={admin && !view.wholeRace} />}
    </RaceDayFrame>
  );
}

function RaceResults({ view, canImport }: { view: RaceView; canImport: boolean }) {
  const race = raceOf(view.choice);
  const measure = measureOf(race.DisciplineId, DEFAULT_DISCIPLINE_MEASURES);
  const standings = useMemo(() => {
    if (!measure) return null;
    const racers = raceRacers(race, view.data);
    const entries = new Set(racers.map((r) => r.teamEntryId));
    const records = view.data.results.filter((r) => entries.has(r.teamEntryId));
    return records.length ? raceStandings(recordedResults(racers, records, measure), measure) : null;
    // The race is the view's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, measure]);
  if (!measure) return <p className="race-empty">This discipline has no measure set for results.</p>;
  return (
    <>
      {canImport && (
        <ResultsImportPanel
          race={{ EventId: race.EventId, DisciplineId: race.DisciplineId, division: race.division, gender: race.gender }}
          measure={measure}
        />
      )}
      {!standings ? (
        <p className="race-empty">No results for this race yet.</p>
      ) : (
        <>
          <Individuals standings={standings.racers} measure={measure} />
          <Teams standings={standings.teams} measure={measure} />
        </>
      )}
    </>
  );
}

/** A value of the measure as printed: a time, or a score (kept in hundredths of a point). */
const shown = (value: number | null, measure: DisciplineMeasure) =>
  value === null ? '' : formatResult(value, measure);

function Individuals({ standings, measure }: { standings: RacerStanding[]; measure: DisciplineMeasure }) {
  const runs = measure.kind === 'time' && measure.runs > 1;
  return (
    <section className="race-results" aria-labelledby="individual-results">
      <h3 id="individual-results">Individual results</h3>
      <table className="race-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              Place
            </th>
            <th scope="col" className="num">
              Bib
            </th>
            <th scope="col">Name</th>
            <th scope="col">School</th>
            {runs && <th scope="col">Run 1</th>}
            {runs && <th scope="col">Run 2</th>}
            <th scope="col">{measure.kind === 'score' ? 'Score' : 'Time'}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.racer.participantId}>
              <td className="num">{s.place ?? ''}</td>
              <td className="num bib">{s.racer.bib ?? ''}</td>
              <td>{s.racer.name}</td>
              <td>{s.racer.schoolName}</td>
              {runs && <td>{shown(s.runs[0] ?? null, measure)}</td>}
              {runs && <td>{shown(s.runs[1] ?? null, measure)}</td>}
              <td>{s.place === null ? s.unplacedWhy : shown(s.result, measure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Teams({ standings, measure }: { standings: TeamStanding[]; measure: DisciplineMeasure }) {
  return (
    <section className="race-results" aria-labelledby="team-results">
      <h3 id="team-results">Team results</h3>
      <table className="race-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              Place
            </th>
            <th scope="col">Team</th>
            <th scope="col">{measure.kind === 'score' ? 'Team score' : 'Team time'}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((t) => (
            <tr key={t.teamId}>
              <td className="num">{t.place ?? ''}</td>
              <td>{t.teamName}</td>
              <td>{t.place === null ? `Incomplete: ${t.incompleteWhy}` : shown(t.score, measure)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
