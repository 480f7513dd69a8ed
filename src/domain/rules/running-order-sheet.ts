// The running order as a spreadsheet (docs/decisions.md, 'The running order'): an administrator
// may download the order as it stands (the template too: its columns and one line per race) and
// read one back, written in a spreadsheet or sent by the organising committee. Each line names a
// race day, the race's number in that day, the race (discipline by name or number, division,
// gender) and optionally a planned start. Lines that cannot be read are listed with why and left
// out; the rest become the order, each day numbered 1, 2, 3... in the sheet's order.
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { CO_ED_TEAM, type TeamGender } from '../constants/choices';
import type { CsvCell } from './csv';
import { raceKey, type SequencedRace } from './race-sequence';
import { racesOfDay, raceDayWords, type RunningOrderEntry } from './running-order';

const RUNNING_ORDER_COLUMNS = ['Day', 'Order', 'Discipline', 'Division', 'Gender', 'Planned start'] as const;
type Column = (typeof RUNNING_ORDER_COLUMNS)[number];

/** Headings people write for each column, compared without case, spaces, dots or underscores. */
const HEADINGS: Record<Column, readonly string[]> = {
  Day: ['day', 'raceday', 'date'],
  Order: ['order', 'position', 'place', 'race', 'racenumber', 'no', 'number', '#'],
  Discipline: ['discipline', 'event', 'racename'],
  Division: ['division', 'div'],
  Gender: ['gender', 'sex'],
  'Planned start': ['plannedstart', 'start', 'starttime', 'time'],
};
const REQUIRED: readonly Column[] = ['Day', 'Order', 'Discipline', 'Division', 'Gender'];

const squash = (text: string) => text.toLowerCase().replace(/[\s._-]/g, '');

const GENDER_WORDS: Record<string, TeamGender> = {
  male: 'Male',
  m: 'Male',
  boys: 'Male',
  female: 'Female',
  f: 'Female',
  girls: 'Female',
  coed: CO_ED_TEAM,
  mixed: CO_ED_TEAM,
};

export interface SheetDiscipline {
  DisciplineId: number;
  name: string;
}

export interface SheetProblem {
  /** The sheet's row, as the spreadsheet numbers it (the headings are row 1). */
  row: number;
  message: string;
}

export interface RunningOrderSheet {
  order: RunningOrderEntry[];
  problems: SheetProblem[];
}

/** The order as a sheet: the headings, then each day's races in order, then nothing else. */
export function runningOrderTable(
  order: readonly RunningOrderEntry[],
  disciplines: readonly SheetDiscipline[],
): CsvCell[][] {
  const nameOf = (id: number) => disciplines.find((d) => d.DisciplineId === id)?.name ?? String(id);
  const days = [...new Set(order.map((e) => e.day))].sort();
  return [
    [...RUNNING_ORDER_COLUMNS],
    ...days.flatMap((day) =>
      racesOfDay(order, day).map((e) => [
        e.day,
        e.position,
        nameOf(e.DisciplineId),
        e.division,
        e.gender,
        e.plannedStart ?? '',
      ]),
    ),
  ];
}

function readDay(text: string): string | null {
  for (const pattern of ['yyyy-MM-dd', 'd/M/yyyy', 'd/M/yy', 'd MMMM yyyy', 'EEEE d MMMM yyyy']) {
    const at = parse(text, pattern, new Date(2000, 0, 1));
    if (isValid(at)) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    }
  }
  return null;
}

function readStart(text: string): string | null | undefined {
  if (!text) return null;
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(text);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return undefined;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/** Reads a sheet (its first row the headings) against the races the event runs. */
export function readRunningOrderSheet(
  table: readonly (readonly string[])[],
  races: readonly SequencedRace[],
  disciplines: readonly SheetDiscipline[],
): RunningOrderSheet {
  const [headings = [], ...lines] = table;
  const at = new Map<Column, number>();
  for (const column of RUNNING_ORDER_COLUMNS) {
    const index = headings.findIndex((h) => HEADINGS[column].includes(squash(h ?? '')));
    if (index >= 0) at.set(column, index);
  }
  const missing = REQUIRED.filter((c) => !at.has(c));
  if (missing.length) {
    return {
      order: [],
      problems: [
        {
          row: 1,
          message: `The sheet has no ${missing.join(', ')} column. Its first row names the columns: ${RUNNING_ORDER_COLUMNS.join(', ')}.`,
        },
      ],
    };
  }
  const offered = new Set(races.map(raceKey));
  const problems: SheetProblem[] = [];
  const read: (RunningOrderEntry & { row: number })[] = [];
  lines.forEach((cells, i) => {
    const row = i + 2;
    const cell = (column: Column) => String(cells[at.get(column) ?? -1] ?? '').trim();
    if (RUNNING_ORDER_COLUMNS.every((c) => !cell(c))) return;
    const fail = (message: string) => problems.push({ row, message: `Row ${row}: ${message}` });
    const day = readDay(cell('Day'));
    if (!day) return fail(`'${cell('Day')}' is not a day. Write it as 18/08/2027.`);
    const position = Number(cell('Order'));
    if (!Number.isInteger(position) || position < 1) return fail(`'${cell('Order')}' is not a race number.`);
    const named = squash(cell('Discipline'));
    const discipline = disciplines.find((d) => squash(d.name) === named || String(d.DisciplineId) === named);
    if (!discipline) return fail(`'${cell('Discipline')}' is not a discipline of this event.`);
    const division = Number(cell('Division').replace(/^div(ision)?\s*/i, ''));
    const gender = GENDER_WORDS[squash(cell('Gender'))];
    if (!gender) return fail(`'${cell('Gender')}' is not a gender. Write Male, Female or Co-ed.`);
    const race = { DisciplineId: discipline.DisciplineId, division, gender };
    const name = `${discipline.name}, Division ${cell('Division')}, ${gender}`;
    if (!offered.has(raceKey(race))) return fail(`${name} is not a race of this event.`);
    if (read.some((e) => raceKey(e) === raceKey(race))) return fail(`${name} is in the sheet twice.`);
    if (read.some((e) => e.day === day && e.position === position))
      return fail(`${raceDayWords(day)} already has a race number ${position}.`);
    const plannedStart = readStart(cell('Planned start'));
    if (plannedStart === undefined) return fail(`'${cell('Planned start')}' is not a time. Write it as 09:30.`);
    read.push({ ...race, day, position, plannedStart, row });
  });
  const days = [...new Set(read.map((e) => e.day))].sort();
  const order = days.flatMap((day) =>
    read
      .filter((e) => e.day === day)
      .sort((a, b) => a.position - b.position)
      .map(({ row: _row, ...e }, i) => ({ ...e, position: i + 1 })),
  );
  return { order, problems };
}
