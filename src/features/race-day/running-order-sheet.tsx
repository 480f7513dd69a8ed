// The running order to and from a spreadsheet: Download the order (the template too) as CSV, and
// read one back on this device. What is read replaces the order on screen, to be checked and
// saved like a change made by hand; lines that cannot be read are listed with why.
import { useState } from 'react';
import { SHEET_FILE_TYPES, readSheetFile } from '../../components/read-sheet-file';
import { CSV_TYPE, saveFile } from '../../components/save-file';
import { MAX_IMPORT_BYTES } from '../../domain/constants/limits';
import { csvText } from '../../domain/rules/csv';
import type { SequencedRace } from '../../domain/rules/race-sequence';
import type { RunningOrderEntry } from '../../domain/rules/running-order';
import {
  readRunningOrderSheet,
  runningOrderTable,
  type SheetDiscipline,
  type SheetProblem,
} from '../../domain/rules/running-order-sheet';

interface Props {
  eventName: string;
  order: readonly RunningOrderEntry[];
  races: readonly SequencedRace[];
  disciplines: readonly SheetDiscipline[];
  onRead(order: RunningOrderEntry[]): void;
}

export function RunningOrderSheet({ eventName, order, races, disciplines, onRead }: Props) {
  const [outcome, setOutcome] = useState<{ text: string; problems: SheetProblem[] } | null>(null);

  const download = () =>
    saveFile(
      new Blob([csvText(runningOrderTable(order, disciplines))], { type: CSV_TYPE }),
      `${eventName} running order.csv`,
    );

  async function read(file: File) {
    if (file.size > MAX_IMPORT_BYTES) {
      setOutcome({ text: `${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, problems: [] });
      return;
    }
    try {
      const sheet = readRunningOrderSheet(await readSheetFile(file), races, disciplines);
      if (sheet.order.length) onRead(sheet.order);
      const count = sheet.order.length === 1 ? '1 race' : `${sheet.order.length} races`;
      setOutcome({
        text: sheet.order.length
          ? `Read ${count} from ${file.name}. Check the order below, then Save.`
          : `Nothing was read from ${file.name}: the order below is unchanged.`,
        problems: sheet.problems,
      });
    } catch {
      setOutcome({ text: `${file.name} could not be read as a spreadsheet (.xlsx or .csv).`, problems: [] });
    }
  }

  return (
    <section className="running-order-sheet" aria-labelledby="running-order-sheet">
      <h2 id="running-order-sheet">From a spreadsheet</h2>
      <p>
        The columns are Day, Order, Discipline, Division, Gender and Planned start. Download the order as it stands to
        start from it.
      </p>
      <p className="running-order-sheet-actions">
        <button type="button" className="button" onClick={download}>
          Download the order
        </button>
        <label className="button">
          Read an order from a spreadsheet
          <input
            type="file"
            className="visually-hidden"
            accept={SHEET_FILE_TYPES}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void read(file);
            }}
          />
        </label>
      </p>
      {outcome && (
        <div role={outcome.problems.length ? 'alert' : 'status'}>
          <p>{outcome.text}</p>
          {outcome.problems.length > 0 && (
            <>
              <p>These lines were not read:</p>
              <ul>
                {outcome.problems.map((p) => (
                  <li key={p.row}>{p.message}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
