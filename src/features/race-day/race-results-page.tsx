// /race-results (administrators and race officials): a race's results as the device holds them,
// computed here from the race-day mirror with the domain's rules (docs/decisions.md, 'Results
// from the timing system'): the racers ranked by the discipline's measure, equal results sharing a
// place, racers without a place after with why; the teams by their team score, incomplete teams
// after with why. Printed per race or for a whole day; an administrator imports the race's file;
// race-day staff type or correct a racer's result, offline too (result-editor.tsx).
import { format } from 'date-fns/format';
import { Fragment, useEffect, useMemo, useState, type ReactNode } from 'react';
import { saveFile } from '../../components/save-file';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb, RaceResultMirrorRow } from '../../db/database';
import { FILE_SYSTEMS } from '../../domain/constants/race-day';
import { isAdmin } from '../../domain/rules/access';
import { measureOf, raceStandings } from '../../domain/rules/race-results';
import { raceKey } from '../../domain/rules/race-sequence';
import { raceRacers, recordedResults, resultsStanding, type ResultRecord } from '../../domain/rules/recorded-results';
import { resultsRulesOf } from '../../domain/rules/results-rules';
import { individualResultsTable, resultsTemplate, teamResultsTable } from '../../domain/rules/results-sheets';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf, raceTitle } from './race-choice';
import { XLSX_TYPE, sheetsXlsxBuffer, timingCsvBlob } from './timing-download';
import { QualifiersSection } from './qualifiers-section';
import { ResultEditor } from './result-editor';
import { saveTypedResult } from './result-writes';
import { ResultsImportPanel } from './results-import-panel';

export default function RaceResultsPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const admin = Boolean(user && isAdmin(user.type));
  return (
    <RaceDayFrame db={db} title="Race results" wholeDay>
      {(view) => (
        <RaceResults
          db={db}
          view={view}
          canImport={admin && !view.wholeRace}
          editor={view.wholeRace ? null : (user?.username ?? null)}
        />
      )}
    </RaceDayFrame>
  );
}

function RaceResults({
  db,
  view,
  canImport,
  editor,
}: {
  db: InterschoolsDb;
  view: RaceView;
  canImport: boolean;
  /** Who may type results here (race-day staff, not in print); null where none may. */
  editor: string | null;
}) {
  const race = raceOf(view.choice);
  const rules = resultsRulesOf(view.choice.event.resultsRules);
  const measure = measureOf(race.DisciplineId, rules.measures);
  const [editing, setEditing] = useState<string | null>(null);
  const computed = useMemo(() => {
    if (!measure) return null;
    const racers = raceRacers(race, view.data);
    const entries = new Set(racers.map((r) => r.teamEntryId));
    const records = view.data.results.filter((r) => entries.has(r.teamEntryId));
    const standings = raceStandings(recordedResults(racers, records, measure), measure);
    const entryOf = new Map(racers.map((r) => [r.participantId, r.teamEntryId]));
    return {
      racers,
      records,
      standings,
      // Each individual row's team entry, in the table's order.
      rowEntries: standings.racers.map((s) => entryOf.get(s.racer.participantId)!),
      individuals: individualResultsTable(standings.racers, measure),
      teams: teamResultsTable(standings.teams, measure),
    };
    // The race is the view's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, measure]);
  if (!measure || !computed) return <p className="race-empty">This discipline has no measure set for results.</p>;
  const { records, standings, rowEntries, individuals, teams } = computed;
  const recordOf = (teamEntryId: string): ResultRecord =>
    records.find((r) => r.teamEntryId === teamEntryId) ?? {
      teamEntryId,
      run1: null,
      run2: null,
      score: null,
      status: null,
    };
  const save = async (record: ResultRecord) => {
    await saveTypedResult(db, race.EventId, record, editor);
    setEditing(null);
  };
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
          mappedSystems={FILE_SYSTEMS.filter((system) => Object.values(rules.columns[system] ?? {}).some(Boolean))}
          template={{
            name: `${raceTitle(view.choice)} results template.csv`,
            table: resultsTemplate(computed.racers, measure),
          }}
        />
      )}
      {standings.racers.length === 0 ? (
        <p className="race-empty">No racers are entered in this race.</p>
      ) : (
        <>
          {records.length === 0 && <p className="race-empty">No results for this race yet.</p>}
          <StandingNote recordedAt={records.map((r) => r.recordedAt)} protestMinutes={rules.protestMinutes} />
          {records.length > 0 && !view.wholeRace && (
            <Downloads name={raceTitle(view.choice)} individuals={individuals} teams={teams} />
          )}
          <ResultsTable
            id={`individual-${raceKey(race)}`}
            title="Individual results"
            table={individuals}
            action={
              editor === null
                ? undefined
                : (i) => (
                    <button
                      type="button"
                      className="button button-quiet"
                      aria-label={`Correct: ${standings.racers[i]!.racer.name}`}
                      onClick={() => setEditing(rowEntries[i]!)}
                    >
                      Correct
                    </button>
                  )
            }
            below={(i) =>
              editing === rowEntries[i] ? (
                <ResultEditor
                  name={standings.racers[i]!.racer.name}
                  measure={measure}
                  record={recordOf(rowEntries[i]!)}
                  onSave={(record) => void save(record)}
                  onCancel={() => setEditing(null)}
                />
              ) : null
            }
          />
          <TabletRecords records={records} racers={computed.racers} />
          {records.length > 0 && <ResultsTable id={`team-${raceKey(race)}`} title="Team results" table={teams} />}
          {records.length > 0 && view.choice.event.level && (
            <QualifiersSection
              id={`qualifiers-${raceKey(race)}`}
              standings={standings}
              level={view.choice.event.level}
              settings={rules.qualifiers}
              confirm={
                canImport
                  ? {
                      db,
                      race: {
                        EventId: race.EventId,
                        DisciplineId: race.DisciplineId,
                        division: race.division,
                        gender: race.gender,
                      },
                    }
                  : null
              }
            />
          )}
        </>
      )}
    </>
  );
}

/** Who typed or corrected which result on a tablet, and when: a file's results are the timing
 *  system's, a tablet's are someone's. */
function TabletRecords({
  records,
  racers,
}: {
  records: readonly RaceResultMirrorRow[];
  racers: readonly { teamEntryId: string; name: string }[];
}) {
  const typed = records.filter((r) => r.source === 'tablet').sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  if (!typed.length) return null;
  const nameOf = new Map(racers.map((r) => [r.teamEntryId, r.name]));
  return (
    <div className="results-corrections">
      <p>Typed or corrected on a tablet:</p>
      <ul>
        {typed.map((r) => (
          <li key={r.teamEntryId}>
            {nameOf.get(r.teamEntryId) ?? 'A racer'}: by {r.recordedBy || 'this device'},{' '}
            {format(new Date(r.recordedAt), 'd MMM HH:mm')}
            {r._pending ? ' (waiting to be sent)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether the race's results are still provisional (the protest period after the last result
 *  recorded) or official; the note turns official on screen at that moment. */
function StandingNote({ recordedAt, protestMinutes }: { recordedAt: readonly string[]; protestMinutes: number }) {
  const [now, setNow] = useState(() => new Date());
  const standing = resultsStanding(recordedAt, now, protestMinutes);
  const until = standing && !standing.official ? standing.provisionalUntil.getTime() : null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  if (!standing) return null;
  return standing.official ? (
    <p className="results-standing results-official">Official since {format(standing.since, 'HH:mm')}.</p>
  ) : (
    <p className="results-standing results-provisional">
      Provisional until {format(standing.provisionalUntil, 'HH:mm')}: the protest period is {protestMinutes} minutes
      after the last result recorded.
    </p>
  );
}

/** A table of text (its first row the headings) on screen, numbers on the right; each row may
 *  have an action, and a row below it (an editor) spanning the table. */
function ResultsTable({
  id,
  title,
  table,
  action,
  below,
}: {
  id: string;
  title: string;
  table: string[][];
  action?: (row: number) => ReactNode;
  below?: (row: number) => ReactNode;
}) {
  const [headings = [], ...rows] = table;
  const numeric = (heading: string) => heading === 'Place' || heading === 'Bib';
  const columns = headings.length + (action ? 1 : 0);
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
            {action && (
              <th scope="col" className="no-print">
                <span className="visually-hidden">Correct a result</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const extra = below?.(i);
            return (
              <Fragment key={i}>
                <tr>
                  {row.map((cell, j) => (
                    <td key={j} className={numeric(headings[j] ?? '') ? 'num' : undefined}>
                      {cell}
                    </td>
                  ))}
                  {action && <td className="no-print">{action(i)}</td>}
                </tr>
                {extra && (
                  <tr>
                    <td colSpan={columns}>{extra}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
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
