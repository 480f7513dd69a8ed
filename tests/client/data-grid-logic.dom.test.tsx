import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import {
  DataGrid,
  choiceCellValidator,
  dateCellValidator,
  emailCellValidator,
  findInvalidCells,
  gridHeight,
  type GridColumn,
} from '../../src/components/data-grid';

afterEach(cleanup);

const DATE_MESSAGE = 'Invalid date format, please use dd/mm/yyyy';
const EMAIL_MESSAGE = 'Invalid email address.';

describe('grid date validator', () => {
  const validate = dateCellValidator(2025);

  it('accepts dd/mm/yyyy dates and empty cells', () => {
    expect(validate('01/02/2010')).toBeNull();
    expect(validate('1/2/2010')).toBeNull();
    expect(validate('31/12/1900')).toBeNull();
    expect(validate('')).toBeNull();
    expect(validate(null)).toBeNull();
  });

  it("rejects other formats and impossible dates with the spec's message", () => {
    for (const bad of ['2010-02-01', '32/01/2010', '01/13/2010', '31/02/2010', '01/01/1899', '01/01/2026', 'abc']) {
      expect(validate(bad), bad).toBe(DATE_MESSAGE);
    }
  });
});

describe('grid email validator', () => {
  it('accepts a standard address and an empty cell', () => {
    expect(emailCellValidator('coach@school.edu.au')).toBeNull();
    expect(emailCellValidator('')).toBeNull();
    expect(emailCellValidator(undefined)).toBeNull();
  });

  it("rejects a malformed address with 'Invalid email address.'", () => {
    expect(emailCellValidator('coach@')).toBe(EMAIL_MESSAGE);
    expect(emailCellValidator('not an email')).toBe(EMAIL_MESSAGE);
  });
});

describe('choice validator', () => {
  it('accepts a listed choice or empty, rejects anything else', () => {
    const validate = choiceCellValidator(['K', '1'], 'Choose one');
    expect(validate('K')).toBeNull();
    expect(validate('')).toBeNull();
    expect(validate('13')).toBe('Choose one');
  });
});

type Row = { id: string; name: string; dob: string; email: string };
const columns: GridColumn<Row>[] = [
  { key: 'name', title: 'Name' },
  { key: 'dob', title: 'Date of birth', type: 'date' },
  { key: 'email', title: 'Email', type: 'email' },
];

describe('findInvalidCells', () => {
  it('lists every invalid cell with its message (Save is blocked while any)', () => {
    const rows: Row[] = [
      { id: 'a', name: 'Ada', dob: '01/02/2010', email: 'ada@example.com' },
      { id: 'b', name: 'Bo', dob: '2010-02-01', email: 'bo@' },
    ];
    expect(findInvalidCells(columns, rows)).toEqual([
      { rowIndex: 1, key: 'dob', title: 'Date of birth', value: '2010-02-01', message: DATE_MESSAGE },
      { rowIndex: 1, key: 'email', title: 'Email', value: 'bo@', message: EMAIL_MESSAGE },
    ]);
    expect(findInvalidCells(columns, rows.slice(0, 1))).toEqual([]);
  });
});

describe('gridHeight', () => {
  it('flexes with the row count between 120 and 650 px', () => {
    expect(gridHeight(0)).toBe(120);
    expect(gridHeight(1)).toBe(120);
    expect(gridHeight(10)).toBe(33 + 310 + 2);
    expect(gridHeight(1000)).toBe(650);
  });
});

describe('DataGrid', () => {
  it('loads Handsontable lazily, highlights invalid cells and lists their messages', async () => {
    const rows: Row[] = [{ id: 'b', name: 'Bo', dob: '2010-02-01', email: 'bo@example.com' }];
    const { container } = render(
      <DataGrid
        label="People"
        columns={columns}
        rows={rows}
        cellClassName={(_row, key) => (key === 'name' ? 'cell-warning' : undefined)}
      />,
    );
    expect(screen.getByText('Row 1, Date of birth: ' + DATE_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2010-02-01', { selector: 'td' }).className).toContain('htInvalid'));
    expect(screen.getByText('Bo', { selector: 'td' }).className).toContain('cell-warning');
    expect(container.querySelector('.ht-theme-main, [class*="ht-theme-main"]')).toBeTruthy();
  });
});
