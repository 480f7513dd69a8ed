// /startMarshall: a race's racers in run order (the Second run reversed, or only its first N as the
// event sets), 50 rows a page by default. The Start Marshall sheet has bib, name, school, team and
// position and the start hut's marks (Started / DNS), made on the tablet offline like any edit;
// the Assistant Start Marshall sheet is the call-up list, bib and name in large type, in blocks of
// ten. Computed from the race-day mirror as the server answers GET /api/startMarshall.
import { useMemo } from 'react';
import { SelectField } from '../../components/fields';
import type { InterschoolsDb } from '../../db/database';
import { RUNS, START_MARSHALL_TYPES } from '../../domain/constants/race-day';
import { buildStartlist } from '../../domain/rules/start-list';
import { assistantBlocks, startMarshallRows, type StartMarshallSheetRow } from '../../domain/rules/start-marshall';
import { MarshallTable } from './marshall-table';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf } from './race-choice';
import { Pager, pageOf, useListParams } from './race-pager';

// Shown in the race picker's one line without their labels: each value says what it is.
const SHEET_OPTIONS = START_MARSHALL_TYPES.map((t) => ({
  value: t,
  label: t === 'Start Marshall' ? 'Marshall' : 'Assistant',
}));
const RUN_OPTIONS = RUNS.map((r, i) => ({ value: r, label: `Run ${i + 1}` }));

function useSheetParams() {
  const list = useListParams();
  const type = START_MARSHALL_TYPES.find((t) => t === list.params.get('type')) ?? START_MARSHALL_TYPES[0];
  const run = RUNS.find((r) => r === list.params.get('run')) ?? RUNS[0];
  return { ...list, type, run };
}

export default function StartMarshallPage({ db }: { db: InterschoolsDb }) {
  const sheet = useSheetParams();
  const controls = (
    <>
      <SelectField
        label="Sheet"
        value={sheet.type}
        options={SHEET_OPTIONS}
        onChange={(type) => sheet.set({ type, page: '1' })}
      />
      <SelectField
        label="Run"
        value={sheet.run}
        options={RUN_OPTIONS}
        onChange={(run) => sheet.set({ run, page: '1' })}
      />
    </>
  );
  return (
    <RaceDayFrame db={db} title={sheet.type} controls={controls} wholeDay>
      {(view) => <Sheet db={db} view={view} sheet={sheet} />}
    </RaceDayFrame>
  );
}

function Sheet({ db, view, sheet }: { db: InterschoolsDb; view: RaceView; sheet: ReturnType<typeof useSheetParams> }) {
  const all = useMemo(
    () =>
      startMarshallRows(
        buildStartlist(raceOf(view.choice), view.data),
        sheet.run,
        view.choice.event.secondRunReverseCount,
        view.data.marks,
      ),
    [view, sheet.run],
  );
  const pending = useMemo(
    () => new Set(view.data.marks.filter((m) => (m as { _pending?: boolean })._pending).map((m) => m.teamEntryId)),
    [view],
  );
  if (!all.length) return <p className="race-empty">No racers are entered in this race.</p>;
  // A whole day printed: every racer of each race, no pages.
  const at = pageOf(all, view.wholeRace ? { ...sheet, rows: 'All', page: 1 } : sheet);
  return (
    <>
      <p className="race-run">
        {sheet.run} run{sheet.run === 'Second' ? reversalNote(view.choice.event.secondRunReverseCount, all.length) : ''}
      </p>
      {sheet.type === 'Start Marshall' ? (
        <MarshallTable db={db} view={view} rows={at.rows} run={sheet.run} pending={pending} />
      ) : (
        <CallUp rows={at.rows} />
      )}
      {!view.wholeRace && <Pager list={sheet} at={at} />}
    </>
  );
}

function reversalNote(reverseFirst: number | null, count: number): string {
  return reverseFirst && reverseFirst < count
    ? ` (the first ${reverseFirst} of the First run in reverse order, then the rest)`
    : ' (the First run in reverse order)';
}

function CallUp({ rows }: { rows: StartMarshallSheetRow[] }) {
  return (
    <div className="call-up">
      {assistantBlocks(rows).map((block) => (
        <section
          key={block[0]!.teamEntryId}
          className="call-block"
          aria-label={`Racers ${block[0]!.order} to ${block[block.length - 1]!.order}`}
        >
          <ol>
            {block.map((row) => (
              <li key={row.teamEntryId} className={row.mark === 'DNS' ? 'dns' : undefined}>
                <span className="bib">{row.bib ?? '—'}</span>
                <span>
                  {row.firstname} {row.lastname}
                  {row.mark === 'DNS' ? ' (DNS)' : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
