// /race-results (administrators and race officials): a race's results as the device holds them,
// computed here from the race-day mirror with the domain's rules (docs/decisions.md, 'Results
// from the timing system'): the racers ranked by the discipline's measure, equal results sharing a
// place, racers without a place after with why; the teams by their team score, incomplete teams
// after with why. Printed per race or for a whole day; an administrator imports the race's file.
import { useMemo } from 'react';
import { saveFile } from '../../components/save-file';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import { DEFAULT_DISCIPLINE_MEASURES } from '../../domain/constants/results';
import { isAdmin } from '../../domain/rules/access';
import { measureOf, raceStandings } from '../../domain/rules/race-results';
import { raceKey } from '../../domain/rules/race-sequence';
import { raceRacers, recordedResults } from '../../domain/rules/recorded-results';
import { individualResultsTable, teamResultsTable } from '../../domain/rules/results-sheets';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf, raceTitle } from './race-choice';
import { XLSX_TYPE, sheetsXlsxBuffer, timingCsvBlob } from './timing-download';
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
  const tables = standings && {
    individuals: individualResultsTable(standings.racers, measure!),
    teams: teamResultsTable(standings.teams, measure!),
  };
  if (!measure) return <p className="race-empty">This discipline has no measure set for results.</p>;
  return (
    <>
      {canImport && (
        <ResultsImportPanel
          race={{
            EventId: race.EventId,
            DisciplineId: race.DisciplineId,
            division: race.division,
            gender: race.gender,
          }}
          measure={measure}
        />
      )}
      {!standings ? (
        <p className="race-empty">No results for this race yet.</p>
      ) : (
        <>
          {!view.wholeRace && (
            <Downloads name={raceTitle(view.choice)} individuals={tables!.individuals} teams={tables!.teams} />
          )}
          <ResultsTable id={`individual-${raceKey(race)}`} title="Individual results" table={tables!.individuals} />
          <ResultsTable id={`team-${raceKey(race)}`} title="Team results" table={tables!.teams} />
        </>
      )}
    </>
  );
}

/** A table of text (its first row the headings) on screen, numbers on the right. */
function ResultsTable({ id, title, table }: { id: string; title: string; table: string[][] }) {
  const [headings = [], ...rows] = table;
  const numeric = (heading: string) => heading === 'Place' || heading === 'Bib';
  return (
    <section className="race-results" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <table className="race-table">
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className={numeric(h) ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className={numeric(headings[j] ?? '') ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The race's results as files, made on the device: each table as CSV, both in one workbook. */
function Downloads({ name, individuals, teams }: { name: string; individuals: string[][]; teams: string[][] }) {
  const file = (what: string, ext: string) => `${name} ${what}.${ext}`;
  const workbook = async () =>
    saveFile(
      new Blob(
        [
          await sheetsXlsxBuffer([
            { name: 'Individual results', table: individuals },
            { name: 'Team results', table: teams },
          ]),
        ],
        { type: XLSX_TYPE },
      ),
      file('results', 'xlsx'),
    );
  return (
    <p className="race-actions no-print">
      <button
        type="button"
        className="button"
        onClick={() => saveFile(timingCsvBlob(individuals), file('individual results', 'csv'))}
      >
        Individual results (CSV)
      </button>
      <button
        type="button"
        className="button"
        onClick={() => saveFile(timingCsvBlob(teams), file('team results', 'csv'))}
      >
        Team results (CSV)
      </button>
      <button type="button" className="button" onClick={() => void workbook()}>
        Both (Excel)
      </button>
    </p>
  );
}
