// The Handsontable side of DataGrid. Only this module (loaded with React.lazy) imports
// Handsontable and its CSS, so the first load of the app stays free of it.
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import './data-grid.css';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerEditor } from 'handsontable/editors/registry';
import { registerAllModules } from 'handsontable/registry';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { renderActionCell } from './action-cell';
import { CHOICE_LIST_EDITOR, ChoiceListEditor } from './choice-list-editor';
import type { DataGridProps } from './data-grid-props';
import { applyGridAria } from './grid-aria';
import {
  ariaOptions,
  frozenClass,
  useCommitOnFocusLeave,
  useFrozenColumns,
  useGridAria,
  useRevealRow,
} from './hot-grid-effects';
import { gridHeight, validateCell } from './grid-logic';
import type { GridAction, GridChange, GridColumn, GridRow } from './grid-types';
import { editCellsOnTap } from './tap-to-edit';
import { useGridRowHeight } from './use-coarse-pointer';

registerAllModules();
registerEditor(CHOICE_LIST_EDITOR, ChoiceListEditor);

/**
 * Set at build time (VITE_HANDSONTABLE_LICENSE_KEY); without one the grid runs on the
 * non-commercial evaluation key, and an association that charges fees needs a commercial licence.
 */
const LICENSE_KEY = import.meta.env.VITE_HANDSONTABLE_LICENSE_KEY || 'non-commercial-and-evaluation';
const ACTION_PREFIX = '__action:';

function columnSettings<Row extends GridRow>(column: GridColumn<Row>): Handsontable.ColumnSettings {
  const base: Handsontable.ColumnSettings = { data: column.key, readOnly: column.readOnly ?? false };
  if (column.width) base.width = column.width;
  if (column.type === 'dropdown') {
    return {
      ...base,
      type: 'dropdown',
      source: [...(column.source ?? [])],
      allowInvalid: !column.strict,
      strict: column.strict ?? false,
      // The list over the page, as wide as its longest choice (choice-list-editor.ts).
      editor: CHOICE_LIST_EDITOR,
      trimDropdown: false,
      // The editor's list is a Handsontable of its own, made from the cell's settings: without this
      // it injects the core CSS as a <style> element, which the CSP (style-src 'self') refuses.
      handsontable: { injectCoreCss: false },
    };
  }
  if (column.type === 'numeric') return { ...base, type: 'numeric' };
  if (column.type === 'checkbox')
    return { ...base, type: 'checkbox', checkedTemplate: '1', uncheckedTemplate: '0', className: 'htCenter' };
  return { ...base, type: 'text' };
}

export default function HotGrid<Row extends GridRow>(props: DataGridProps<Row>) {
  const { columns, rows, actions = [], readOnly = false } = props;
  const hotRef = useRef<HotTableRef>(null);
  // Touch screens get rows a finger can hit (44 px buttons 8 px apart); a mouse, the dense rows.
  const rowHeight = useGridRowHeight();
  // Handlers read the latest props through a ref: Handsontable keeps the functions it was given.
  // A layout effect updates it before HotTable's own effect hands the new settings over.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // Handsontable edits its data in place: give it a copy, rebuilt only when the rows change.
  const data = useMemo(() => rows.map((row) => ({ ...row })), [rows]);

  const hotColumns = useMemo<Handsontable.ColumnSettings[]>(
    () => [
      ...columns.map((column) => columnSettings(column)),
      ...actions.map((action) => ({
        data: `${ACTION_PREFIX}${action.key}`,
        readOnly: true,
        editor: false as const,
        renderer: (instance: Handsontable.Core, td: HTMLTableCellElement, visualRow: number) =>
          renderActionCell(action, (physicalRow) => latest.current.rows[physicalRow], instance, td, visualRow),
      })),
    ],
    [columns, actions],
  );

  const colHeaders = useMemo(
    () => [...columns.map((c) => c.title), ...actions.map((a) => a.title)],
    [columns, actions],
  );

  useGridAria(hotRef, latest);
  // One tap edits a cell on a touch screen (tap-to-edit.ts).
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    return hot && !hot.isDestroyed ? editCellsOnTap(hot) : undefined;
  }, []);
  useRevealRow(hotRef, props.revealRowId ?? null, props.rows);
  useCommitOnFocusLeave(hotRef);
  useFrozenColumns(hotRef, columns);
  // Save tried (or a row touched): quiet rows speak now, so the cells are painted again.
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (hot && !hot.isDestroyed) hot.render();
  }, [props.quietRow]);
  // A new label, row count or read-only state need not re-render the grid.
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (hot && !hot.isDestroyed) applyGridAria(hot.rootElement, ariaOptions(props));
  });

  function actionAt(col: number): GridAction<Row> | undefined {
    return col >= columns.length ? actions[col - columns.length] : undefined;
  }

  return (
    // The accessible name is on the grid itself (role="grid", grid-aria.ts), not on a landmark
    // around it: a region per grid would only repeat the page's heading.
    <div className="data-grid-host">
      <HotTable
        ref={hotRef}
        data={data}
        columns={hotColumns}
        colHeaders={colHeaders}
        rowHeaders={false}
        rowHeights={rowHeight}
        height={gridHeight(rows.length, rowHeight)}
        width="100%"
        stretchH="all"
        // A screen's grid has a handful of columns: render them all (screen readers see every
        // cell of a row; rows stay virtualised).
        renderAllColumns
        readOnly={readOnly}
        themeName="ht-theme-main"
        // Handsontable's ARIA roles (grid, row, columnheader, gridcell), corrected by grid-aria.ts.
        ariaTags
        // The core stylesheet comes from our CSS bundle (imported above): injected as a <style>
        // element it would break the Content-Security-Policy (style-src 'self').
        injectCoreCss={false}
        licenseKey={LICENSE_KEY}
        // The grid is one stop in the page's Tab order (the ARIA grid pattern): Tab enters it on
        // the cell last selected, the arrows move within it, Tab and Shift+Tab leave it (an open
        // editor is saved first). Handsontable's default keeps Tab inside, cell after cell, so a
        // keyboard user could not get past a grid of hundreds of rows.
        tabNavigation={false}
        // The arrows go on to the next row at a row's end; Enter or Down on the last row stays
        // there (wrapping to the next column's top jumped away from a row just added).
        autoWrapRow
        autoWrapCol={false}
        allowInsertRow={false}
        allowInsertColumn={false}
        allowRemoveRow={false}
        allowRemoveColumn={false}
        fillHandle={readOnly ? false : { autoInsertRow: false, direction: 'vertical' }}
        contextMenu={false}
        cells={(row: number, col: number) => {
          const meta: Partial<Handsontable.CellMeta> = {};
          const column = columns[col];
          const source = latest.current.rows[row];
          if (!column || !source) return meta;
          // Handsontable paints `valid: false` cells with its htInvalid class.
          meta.valid = Boolean(latest.current.quietRow?.(source)) || validateCell(column, source) === null;
          if (column.sourceFor) meta.source = [...column.sourceFor(source)];
          // Cell meta outlives a render: set the flag both ways, not only when it holds.
          if (column.readOnlyFor)
            meta.readOnly = latest.current.readOnly || column.readOnly || column.readOnlyFor(source);
          const className = [frozenClass(columns, col), latest.current.cellClassName?.(source, column.key, row)]
            .filter(Boolean)
            .join(' ');
          if (className) meta.className = className;
          return meta;
        }}
        beforeKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          const hot = hotRef.current?.hotInstance;
          const selected = hot?.getSelectedRangeLast()?.highlight;
          if (!hot || !selected || selected.row === null || selected.col === null || selected.row < 0) return;
          const action = actionAt(selected.col);
          if (!action) return;
          const physical = hot.toPhysicalRow(selected.row);
          const row = latest.current.rows[physical];
          event.preventDefault();
          event.stopImmediatePropagation();
          if (row && !action.hidden?.(row)) action.onClick(row, physical);
        }}
        afterChange={(changes: Handsontable.CellChange[] | null, source: Handsontable.ChangeSource) => {
          if (!changes || source === 'loadData' || source === 'updateData') return;
          const hot = hotRef.current?.hotInstance;
          const out: GridChange<Row>[] = [];
          for (const [visualRow, prop, oldValue, newValue] of changes) {
            const rowIndex = hot ? hot.toPhysicalRow(visualRow) : visualRow;
            const row = latest.current.rows[rowIndex];
            if (!row || typeof prop !== 'string' || prop.startsWith(ACTION_PREFIX)) continue;
            if ((oldValue ?? '') === (newValue ?? '')) continue;
            out.push({ rowIndex, row, key: prop as keyof Row & string, oldValue, newValue });
          }
          if (out.length > 0) latest.current.onChange?.(out);
        }}
      />
    </div>
  );
}
