import type { CellClassName, GridAction, GridChange, GridColumn, GridRow } from './grid-types';

export interface DataGridProps<Row extends GridRow = GridRow> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly GridColumn<Row>[];
  rows: readonly Row[];
  actions?: readonly GridAction<Row>[];
  readOnly?: boolean;
  /** Called with the user's cell edits (never for data the grid was given). */
  onChange?: (changes: GridChange<Row>[]) => void;
  /** The highlighting hook: extra class names per cell. */
  cellClassName?: CellClassName<Row>;
  /** Rows whose problems are not shown yet: added and not touched (use-quiet-rows.ts). */
  quietRow?: (row: Row) => boolean;
  /** Names a row in the list of invalid cells under the grid (default 'Row n'). */
  rowLabel?: (row: Row, rowIndex: number) => string;
  /** A row just added (Add team): the grid scrolls it into view and selects its first cell, so it
   *  is not made out of sight below the grid's fold. */
  revealRowId?: string | null;
}
