// What HotGrid keeps right on its Handsontable instance for the instance's life, one hook each:
// the grid's ARIA structure, a row just added brought into view, a typed value committed when
// focus leaves the grid, and the frozen columns' places.
import type { HotTableRef } from '@handsontable/react-wrapper';
import { useEffect, useRef, type RefObject } from 'react';
import type { DataGridProps } from './data-grid-props';
import { ROOT_GRID_ATTRIBUTES, applyGridAria, labelOpenEditor, type GridAriaOptions } from './grid-aria';
import type { GridColumn, GridRow } from './grid-types';

type Hot = RefObject<HotTableRef | null>;

export function ariaOptions<Row extends GridRow>(props: DataGridProps<Row>): GridAriaOptions {
  return {
    label: props.label,
    rowCount: props.rows.length,
    colCount: props.columns.length + (props.actions?.length ?? 0),
    headerRows: 1,
    readOnly: props.readOnly ?? false,
  };
}

/** A frozen column's classes: sticky, at its own left offset (one of the first four columns:
 *  data-grid.css places them); '' for the others. */
export function frozenClass(columns: readonly GridColumn<never>[], col: number): string {
  return columns[col]?.frozen ? `data-grid-frozen data-grid-frozen-${col}` : '';
}

/** The grid's ARIA structure (grid-aria.ts): after each of Handsontable's renders, whenever it
 *  puts its grid attributes back on the root element (data updates) or appends an element there
 *  (editors are created lazily), and when an editor opens. */
export function useGridAria<Row extends GridRow>(hotRef: Hot, latest: RefObject<DataGridProps<Row>>): void {
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (!hot || hot.isDestroyed) return;
    const root = hot.rootElement;
    const apply = () => {
      if (!hot.isDestroyed) applyGridAria(root, ariaOptions(latest.current));
    };
    const labelEditor = (row: number, column: number) => {
      const title = hot.getColHeader(column);
      labelOpenEditor(root, typeof title === 'string' && title ? title : `Column ${column + 1}`, row + 1);
    };
    const observer = new MutationObserver(apply);
    observer.observe(root, { attributes: true, attributeFilter: [...ROOT_GRID_ATTRIBUTES], childList: true });
    hot.addHook('afterRender', apply);
    hot.addHook('afterBeginEditing', labelEditor);
    apply();
    return () => {
      observer.disconnect();
      if (hot.isDestroyed) return;
      hot.removeHook('afterRender', apply);
      hot.removeHook('afterBeginEditing', labelEditor);
    };
  }, [hotRef, latest]);
}

/** A row just added is brought into view and selected once it is in the grid's data. */
export function useRevealRow(hotRef: Hot, id: string | null, rows: readonly GridRow[]): void {
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (!hot || hot.isDestroyed || !id || revealed.current === id) return;
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) return;
    revealed.current = id;
    hot.selectCell(index, 0);
    hot.scrollViewportTo({ row: index, col: 0 });
    // The grid may reach below the window: the page follows to the row too.
    hot.getCell(index, 0)?.scrollIntoView?.({ block: 'nearest' });
  }, [hotRef, id, rows]);
}

/** A value typed and then left (a tap on Save, on the page, on another field) is the value meant:
 *  the open editor is committed when focus leaves the grid, so Save sees it. Handsontable commits
 *  only on Enter, Tab or a click on another cell; a phone user taps Save. Its own pop-ups (a
 *  dropdown's list) are part of the grid. */
export function useCommitOnFocusLeave(hotRef: Hot): void {
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (!hot || hot.isDestroyed) return;
    const root = hot.rootElement;
    const commit = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Element && (root.contains(next) || next.closest('.handsontable'))) return;
      const editor = hot.isDestroyed ? null : hot.getActiveEditor();
      if (editor?.isOpened()) editor.finishEditing();
    };
    root.addEventListener('focusout', commit);
    return () => root.removeEventListener('focusout', commit);
  }, [hotRef]);
}

/** Frozen columns (the names) stay in view while the grid scrolls sideways: each is sticky at the
 *  summed width of the frozen columns before it, measured after every render (data-grid.css). */
export function useFrozenColumns<Row extends GridRow>(hotRef: Hot, columns: readonly GridColumn<Row>[]): void {
  useEffect(() => {
    const hot = hotRef.current?.hotInstance;
    if (!hot || hot.isDestroyed || !columns.some((c) => c.frozen)) return;
    const root = hot.rootElement;
    const place = () => {
      const headers = root.querySelectorAll<HTMLElement>('.ht_master thead tr:last-child th');
      let left = 0;
      columns.forEach((column, col) => {
        if (!column.frozen) return;
        root.style.setProperty(`--frozen-left-${col}`, `${left}px`);
        left += headers[col]?.offsetWidth ?? 0;
      });
    };
    const markHeader = (col: number, th: HTMLTableCellElement) => {
      const frozen = frozenClass(columns as readonly GridColumn<never>[], col);
      th.classList.remove(...[...th.classList].filter((name) => name.startsWith('data-grid-frozen')));
      if (frozen) th.classList.add(...frozen.split(' '));
    };
    hot.addHook('afterRender', place);
    hot.addHook('afterGetColHeader', markHeader);
    hot.render();
    return () => {
      if (hot.isDestroyed) return;
      hot.removeHook('afterRender', place);
      hot.removeHook('afterGetColHeader', markHeader);
    };
  }, [hotRef, columns]);
}
