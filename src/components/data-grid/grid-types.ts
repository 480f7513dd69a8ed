// The shared grid's column, action and change shapes. Pure types: the page describes its grid with
// these, the lazy Handsontable chunk (hot-grid.tsx) turns them into Handsontable settings.

/** A grid row: a plain object of display values (dates already dd/mm/yyyy). */
export type GridRow = Record<string, unknown>;

/** 'checkbox' holds the spec's '0'/'1' string flags (season pass). */
type GridColumnType = 'text' | 'dropdown' | 'date' | 'email' | 'numeric' | 'checkbox';

export interface GridColumn<Row extends GridRow = GridRow> {
  key: keyof Row & string;
  title: string;
  type?: GridColumnType;
  /** Choices of a dropdown column. */
  source?: readonly string[];
  /** Choices of a dropdown cell that depend on its row (a team's divisions follow its discipline). */
  sourceFor?: (row: Row) => readonly string[];
  /** The dropdown takes only one of its choices: anything else typed is refused in the editor. */
  strict?: boolean;
  readOnly?: boolean;
  /** Read-only on some rows only (a row marked deleted). */
  readOnlyFor?: (row: Row) => boolean;
  width?: number;
  /** Stays in view while the grid scrolls sideways (the names on a phone, where two columns show). */
  frozen?: boolean;
  /** The cell's message when its value is invalid, or null. Empty values reach it too. */
  validate?: (value: unknown, row: Row) => string | null;
}

/** A button column (race entries, remove...). Enter or Space on the selected cell presses it. */
export interface GridAction<Row extends GridRow = GridRow> {
  key: string;
  title: string;
  label: string | ((row: Row) => string);
  /** Hide the button on this row (e.g. remove once the invoice is paid). */
  hidden?: (row: Row) => boolean;
  onClick: (row: Row, rowIndex: number) => void;
}

/** One edited cell, in the order the user made them. */
export interface GridChange<Row extends GridRow = GridRow> {
  rowIndex: number;
  row: Row;
  key: keyof Row & string;
  oldValue: unknown;
  newValue: unknown;
}

export interface InvalidCell {
  rowIndex: number;
  key: string;
  title: string;
  value: unknown;
  message: string;
}

/** Extra class names for a cell (the highlighting hook): 'cell-warning', 'cell-error', 'cell-muted'
 *  are styled by the grid (data-grid.css). */
export type CellClassName<Row extends GridRow = GridRow> = (
  row: Row,
  key: string,
  rowIndex: number,
) => string | undefined;
