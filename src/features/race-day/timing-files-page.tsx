// /files/nsw-system, /files/vic-system and /files/live-heats: the racers of one discipline, one or
// more divisions and a gender as the timing system reads them (its columns, or the event's own,
// and its start order: docs/timing-files.md), previewed and downloaded as CSV or Excel. Built on
// this device from the race-day mirror by the domain's timingRows, so the timing operator at the
// hut can export with no network (docs/decisions.md 'Race day'). An admin changes the columns
// under the preview.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SelectField } from '../../components/fields';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import { DEFAULT_FILE_SELECTION, FILE_SYSTEMS, type FileSystem } from '../../domain/constants/race-day';
import { NUMERIC_TIMING_FIELDS, type TimingColumn } from '../../domain/constants/timing-files';
import { isAdmin } from '../../domain/rules/access';
import { fileDisciplines, fileSystemFromPath, fileSystemPath } from '../../domain/rules/file-system';
import { timingColumnsFor } from '../../domain/rules/timing-columns';
import { timingFileName, timingRows } from '../../domain/rules/timing-file';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import type { ChoiceOptions } from './race-choice';
import { saveFile } from '../../components/save-file';
import { TableScroll } from '../../components/table-scroll';
import { TimingColumnsPanel } from './timing-columns-editor';
import { XLSX_TYPE, timingCsvBlob, timingXlsxBuffer } from './timing-download';

const PREVIEW_ROWS = 50;

function systemName(system: FileSystem): string {
  return system === 'Live heats' ? system : `${system} system`;
}

export default function TimingFilesPage({ db }: { db: InterschoolsDb }) {
  const { user } = useSession();
  const editor = user && isAdmin(user.type) ? user.username : null;
  const location = useLocation();
  const navigate = useNavigate();
  const system = fileSystemFromPath(location.pathname);
  // One screen for the three systems: switching keeps the race chosen where the system offers it.
  const controls = (
    <SelectField
      label="Timing system"
      value={system}
      options={FILE_SYSTEMS.map((s) => ({ value: s, label: systemName(s) }))}
      onChange={(next) =>
        navigate({ pathname: fileSystemPath(next as FileSystem), search: location.search }, { replace: true })
      }
    />
  );
  const options = useMemo<ChoiceOptions>(
    () => ({
      multipleDivisions: true,
      defaults: { ...DEFAULT_FILE_SELECTION },
      disciplines: (all) => fileDisciplines(system, all),
    }),
    [system],
  );
  return (
    // The frame reads its options once; moving between systems must start it afresh so Live
    // heats never keeps a discipline it does not offer.
    <RaceDayFrame
      key={system}
      db={db}
      title={`Timing files: ${systemName(system)}`}
      options={options}
      controls={controls}
      actions={(view) => <Downloads key={fileNameOf(system, view)} view={view} system={system} />}
    >
      {(view) => (
        <>
          <Preview view={view} system={system} />
          <TimingColumnsPanel
            db={db}
            event={view.choice.event}
            system={system}
            systemName={systemName(system)}
            editor={editor}
          />
        </>
      )}
    </RaceDayFrame>
  );
}

/** The file's columns at this event: its own for the system, else the system's standard ones. */
function columnsOf(view: RaceView, system: FileSystem): readonly TimingColumn[] {
  return timingColumnsFor(system, view.choice.event.timingColumns);
}

function useTimingTable(view: RaceView, system: FileSystem): string[][] {
  return useMemo(() => {
    const { choice, data } = view;
    const names = new Map(choice.event.disciplines.map((d) => [d.DisciplineId, d.name]));
    return timingRows(
      data,
      {
        EventId: choice.event.id,
        DisciplineId: choice.discipline.DisciplineId,
        divisions: choice.divisions,
        gender: choice.gender,
      },
      { system, columns: columnsOf(view, system), disciplineName: (id) => names.get(id) ?? '' },
    );
  }, [view, system]);
}

function fileNameOf(system: FileSystem, { choice }: RaceView): string {
  return timingFileName(system, choice.discipline.name, choice.divisions, choice.gender);
}

function Preview({ view, system }: { view: RaceView; system: FileSystem }) {
  const table = useTimingTable(view, system);
  const numeric = columnsOf(view, system).map((column) =>
    NUMERIC_TIMING_FIELDS.has(column.field) ? 'num' : undefined,
  );
  const [header = [], ...racers] = table;
  if (!racers.length) return <p className="race-empty">No racers are entered in these races.</p>;
  const shown = racers.slice(0, PREVIEW_ROWS);
  return (
    <>
      <p className="race-notice" role="status">
        {racers.length === 1 ? '1 racer' : `${racers.length} racers`}
        {racers.length > shown.length && ` · showing the first ${shown.length}; the files hold them all`}
      </p>
      <TableScroll label="File preview">
        <table className="race-table">
          <thead>
            <tr>
              {header.map((column, index) => (
                <th key={index} scope="col" className={numeric[index]}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              // The rows carry no id; each preview is rebuilt whole from the table, so place is identity.
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column} className={numeric[column]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function Downloads({ view, system }: { view: RaceView; system: FileSystem }) {
  const table = useTimingTable(view, system);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const empty = table.length <= 1;
  const csvName = fileNameOf(system, view);
  const xlsxName = timingFileName(
    system,
    view.choice.discipline.name,
    view.choice.divisions,
    view.choice.gender,
    'xlsx',
  );

  const downloadXlsx = async () => {
    setState({ busy: true, error: null });
    try {
      const buffer = await timingXlsxBuffer(table, systemName(system));
      saveFile(new Blob([buffer], { type: XLSX_TYPE }), xlsxName);
      setState({ busy: false, error: null });
    } catch {
      setState({
        busy: false,
        error: 'The Excel file could not be made on this device. Try again, or download the CSV.',
      });
    }
  };

  return (
    <>
      <button type="button" className="button" disabled={empty} onClick={() => saveFile(timingCsvBlob(table), csvName)}>
        Download CSV
      </button>
      <button
        type="button"
        className="button"
        disabled={empty || state.busy}
        aria-busy={state.busy}
        onClick={() => void downloadXlsx()}
      >
        {state.busy ? 'Preparing…' : 'Download Excel (.xlsx)'}
      </button>
      {state.error && (
        <span className="race-error" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}
