// /pointscores (administrators and race officials): the schools' pointscores of an event, from the
// team places of every race with results on this device (src/domain/rules/event-results.ts), so
// they follow each imported race and read offline: Skiing, Snowboard, Cross Country or Overall,
// Primary or Secondary, Male, Female or Co-Ed, each school's points with equal points sharing a
// place. Each downloads as CSV or Excel and prints on A4.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { SelectField } from '../../components/fields';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb, RaceEventMirrorRow } from '../../db/database';
import {
  POINTSCORES,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  type Pointscore,
  type ResultGender,
  type ResultSchoolType,
} from '../../domain/constants/choices';
import { eventPointscores, eventRaceStandings } from '../../domain/rules/event-results';
import { resultsRulesOf } from '../../domain/rules/results-rules';
import { raceSequence } from '../../domain/rules/race-sequence';
import { pointscoreTable } from '../../domain/rules/results-sheets';
import { saveFile } from '../../components/save-file';
import { offeredDisciplines } from './race-choice';
import { RaceEventScreen } from './race-event-screen';
import { XLSX_TYPE, sheetsXlsxBuffer, timingCsvBlob } from './timing-download';
import { readRaceDayRows } from './use-race-day';

export default function PointscoresPage({ db }: { db: InterschoolsDb }) {
  return (
    <RaceEventScreen
      db={db}
      title="Pointscores"
      className="pointscores"
      none="No event's start lists are shown yet, so no results are on this device."
    >
      {(event) => <EventPointscores db={db} event={event} />}
    </RaceEventScreen>
  );
}

function EventPointscores({ db, event }: { db: InterschoolsDb; event: RaceEventMirrorRow }) {
  const rows = useLiveQuery(() => readRaceDayRows(db, event.id), [db, event.id]);
  const [pointscore, setPointscore] = useState<Pointscore>('Overall Pointscore');
  const [schoolType, setSchoolType] = useState<ResultSchoolType>('Secondary');
  const [gender, setGender] = useState<ResultGender>('Co-Ed');
  const races = useMemo(
    () =>
      rows &&
      eventRaceStandings(
        event.id,
        raceSequence(offeredDisciplines(event)),
        rows,
        rows.results,
        resultsRulesOf(event.resultsRules).measures,
      ),
    [rows, event],
  );
  const tables = useMemo(
    () => races && eventPointscores(races, resultsRulesOf(event.resultsRules).pointscore),
    [races, event],
  );
  if (!races || !tables) return <p role="status">Loading…</p>;
  if (!races.length) return <p>No race of this event has results yet.</p>;
  const table = tables.find((t) => t.pointscore === pointscore && t.schoolType === schoolType && t.gender === gender)!;
  const fileName = `${event.name} ${pointscore} ${schoolType} ${gender}`;
  const workbook = async () =>
    saveFile(
      new Blob([await sheetsXlsxBuffer([{ name: 'Pointscore', table: pointscoreTable(table) }])], { type: XLSX_TYPE }),
      `${fileName}.xlsx`,
    );
  return (
    <>
      <p>From {races.length === 1 ? '1 race' : `${races.length} races`} with results.</p>
      <div className="pointscores-choice no-print">
        <SelectField
          label="Pointscore"
          value={pointscore}
          options={[...POINTSCORES]}
          onChange={(v) => setPointscore(v as Pointscore)}
        />
        <SelectField
          label="Schools"
          value={schoolType}
          options={[...RESULT_SCHOOL_TYPES]}
          onChange={(v) => setSchoolType(v as ResultSchoolType)}
        />
        <SelectField
          label="Gender"
          value={gender}
          options={[...RESULT_GENDERS]}
          onChange={(v) => setGender(v as ResultGender)}
        />
      </div>
      {table.schools.length > 0 && (
        <p className="race-actions no-print">
          <button
            type="button"
            className="button"
            onClick={() => saveFile(timingCsvBlob(pointscoreTable(table)), `${fileName}.csv`)}
          >
            Download (CSV)
          </button>
          <button type="button" className="button" onClick={() => void workbook()}>
            Download (Excel)
          </button>
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
        </p>
      )}
      {table.schools.length === 0 ? (
        <p>No school has points in this pointscore yet.</p>
      ) : (
        <TableScroll>
          <table className="admin-list-table">
            <caption>
              {pointscore}, {schoolType}, {gender}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Place
                </th>
                <th scope="col">School</th>
                <th scope="col" className="num">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {table.schools.map((s) => (
                <tr key={s.schoolId}>
                  <td className="num">{s.place}</td>
                  <td>{s.schoolName}</td>
                  <td className="num">{s.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
