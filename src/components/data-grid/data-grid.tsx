// The one grid of the app. Handsontable (and its CSS) load in a lazy chunk, only when a grid is
// shown. Invalid cells are highlighted in the grid and listed under it with their message (a row
// added and not touched yet keeps quiet until Save is tried); the page blocks Save while
// findInvalidCells(...) is not empty.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import type { DataGridProps } from './data-grid-props';
import { findInvalidCells, gridHeight } from './grid-logic';
import type { GridRow } from './grid-types';
import { useGridRowHeight } from './use-coarse-pointer';

const HotGrid = lazy(() => import('./hot-grid')) as unknown as ComponentType<DataGridProps<GridRow>>;

export function DataGrid<Row extends GridRow>(props: DataGridProps<Row>) {
  const { columns, rows, rowLabel, label, quietRow } = props;
  const invalid = useMemo(() => findInvalidCells(columns, rows, quietRow), [columns, rows, quietRow]);
  const Grid = HotGrid as unknown as ComponentType<DataGridProps<Row>>;
  const rowHeight = useGridRowHeight();
  return (
    <div className="data-grid">
      <Suspense
        fallback={
          <p role="status" style={{ minHeight: gridHeight(rows.length, rowHeight) }}>
            Loading the grid…
          </p>
        }
      >
        <Grid {...props} />
      </Suspense>
      {invalid.length > 0 && (
        <ul className="data-grid-errors" aria-label={`Invalid cells in ${label}`}>
          {invalid.map((cell) => {
            const row = rows[cell.rowIndex];
            const name = row && rowLabel ? rowLabel(row, cell.rowIndex) : `Row ${cell.rowIndex + 1}`;
            return (
              <li key={`${cell.rowIndex}:${cell.key}`}>
                {name}, {cell.title}: {cell.message}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
