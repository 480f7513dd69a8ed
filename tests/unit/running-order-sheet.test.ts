// The running order read from a spreadsheet and written to one: the headings as people write them,
// each line's race checked against the event's races, lines that cannot be read listed with why.
import { describe, expect, it } from 'vitest';
import { readRunningOrderSheet, runningOrderTable } from '../../src/domain/rules/running-order-sheet';

const DISCIPLINES = [
  { DisciplineId: 2, name: 'Moguls' },
  { DisciplineId: 1, name: 'Alpine' },
];
const RACES = [
  { DisciplineId: 2, division: 1, gender: 'Male' as const },
  { DisciplineId: 2, division: 1, gender: 'Female' as const },
  { DisciplineId: 1, division: 2, gender: 'Co-ed' as const },
];

describe('readRunningOrderSheet', () => {
  it("reads each day's races in the sheet's order, numbered from 1, whatever the headings' case and order", () => {
    const sheet = readRunningOrderSheet(
      [
        ['gender', 'Race Day', 'Discipline', 'Div', 'No.', 'Start time'],
        ['Female', '18/08/2027', 'moguls', '1', '5', '9.30'],
        ['M', '2027-08-18', 'Moguls', '1', '2', ''],
        ['', '', '', '', '', ''],
        ['coed', '19/8/2027', '1', '2', '1', '13:05'],
      ],
      RACES,
      DISCIPLINES,
    );
    expect(sheet.problems).toEqual([]);
    expect(sheet.order).toEqual([
      { DisciplineId: 2, division: 1, gender: 'Male', day: '2027-08-18', position: 1, plannedStart: null },
      { DisciplineId: 2, division: 1, gender: 'Female', day: '2027-08-18', position: 2, plannedStart: '09:30' },
      { DisciplineId: 1, division: 2, gender: 'Co-ed', day: '2027-08-19', position: 1, plannedStart: '13:05' },
    ]);
  });

  it('lists each line it cannot read, by row, and leaves it out', () => {
    const sheet = readRunningOrderSheet(
      [
        ['Day', 'Order', 'Discipline', 'Division', 'Gender', 'Planned start'],
        ['18/08/2027', '1', 'Moguls', '1', 'Male', ''],
        ['next Friday', '2', 'Moguls', '1', 'Female', ''],
        ['18/08/2027', '1', 'Moguls', '1', 'Female', ''],
        ['18/08/2027', '3', 'Moguls', '4', 'Female', ''],
        ['18/08/2027', '3', 'Snowboard Cross', '1', 'Female', ''],
        ['18/08/2027', '3', 'Moguls', '1', 'Male', ''],
        ['18/08/2027', 'first', 'Moguls', '1', 'Female', ''],
        ['18/08/2027', '3', 'Moguls', '1', 'Girl', ''],
        ['18/08/2027', '3', 'Moguls', '1', 'Female', '25:00'],
      ],
      RACES,
      DISCIPLINES,
    );
    expect(sheet.order).toHaveLength(1);
    expect(sheet.problems).toEqual([
      { row: 3, message: "Row 3: 'next Friday' is not a day. Write it as 18/08/2027." },
      { row: 4, message: 'Row 4: Wednesday 18 August 2027 already has a race number 1.' },
      { row: 5, message: 'Row 5: Moguls, Division 4, Female is not a race of this event.' },
      { row: 6, message: "Row 6: 'Snowboard Cross' is not a discipline of this event." },
      { row: 7, message: 'Row 7: Moguls, Division 1, Male is in the sheet twice.' },
      { row: 8, message: "Row 8: 'first' is not a race number." },
      { row: 9, message: "Row 9: 'Girl' is not a gender. Write Male, Female or Co-ed." },
      { row: 10, message: "Row 10: '25:00' is not a time. Write it as 09:30." },
    ]);
  });

  it('says which columns a sheet lacks', () => {
    expect(
      readRunningOrderSheet(
        [
          ['Day', 'Race'],
          ['18/08/2027', '1'],
        ],
        RACES,
        DISCIPLINES,
      ),
    ).toEqual({
      order: [],
      problems: [
        {
          row: 1,
          message:
            'The sheet has no Discipline, Division, Gender column. Its first row names the columns: Day, Order, Discipline, Division, Gender, Planned start.',
        },
      ],
    });
  });
});

describe('runningOrderTable', () => {
  it('writes the order day by day in order, by discipline name, and reads back the same', () => {
    const order = [
      { DisciplineId: 1, division: 2, gender: 'Co-ed' as const, day: '2027-08-19', position: 1, plannedStart: null },
      { DisciplineId: 2, division: 1, gender: 'Female' as const, day: '2027-08-18', position: 2, plannedStart: null },
      { DisciplineId: 2, division: 1, gender: 'Male' as const, day: '2027-08-18', position: 1, plannedStart: '09:00' },
    ];
    const table = runningOrderTable(order, DISCIPLINES);
    expect(table).toEqual([
      ['Day', 'Order', 'Discipline', 'Division', 'Gender', 'Planned start'],
      ['2027-08-18', 1, 'Moguls', 1, 'Male', '09:00'],
      ['2027-08-18', 2, 'Moguls', 1, 'Female', ''],
      ['2027-08-19', 1, 'Alpine', 2, 'Co-ed', ''],
    ]);
    const back = readRunningOrderSheet(
      table.map((row) => row.map(String)),
      RACES,
      DISCIPLINES,
    );
    expect(back).toEqual({ order: [order[2], order[1], order[0]], problems: [] });
  });
});
