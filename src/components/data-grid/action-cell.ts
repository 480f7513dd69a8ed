// A button column's cell (race entries, remove...): one button per row, pressed by a click, a tap,
// or Enter or Space on the selected cell (hot-grid.tsx).
import type Handsontable from 'handsontable/base';
import type { GridAction, GridRow } from './grid-types';

// Handsontable cancels a tap's default on a cell that was not selected yet (so a link in a cell
// does not fire as the cell is selected), which swallowed the button's click: a button took two
// taps. With a mouse, selecting the cell on mousedown paints the row again, so the button pressed
// was gone by mouseup and no click came. The button keeps its presses to itself; the browser then
// clicks it on the first tap or click.
const PRESS_EVENTS = ['mousedown', 'mouseup', 'touchstart', 'touchmove', 'touchend', 'touchcancel'] as const;
const keepTouch = (event: Event) => event.stopPropagation();

export function renderActionCell<Row extends GridRow>(
  action: GridAction<Row>,
  rowAt: (physicalRow: number) => Row | undefined,
  instance: Handsontable.Core,
  td: HTMLTableCellElement,
  visualRow: number,
): HTMLTableCellElement {
  td.replaceChildren();
  td.className = 'htCenter htMiddle data-grid-action';
  const row = rowAt(instance.toPhysicalRow(visualRow));
  if (!row || action.hidden?.(row)) return td;
  const button = document.createElement('button');
  button.type = 'button';
  button.tabIndex = -1; // the grid's own keyboard navigation reaches it; Enter presses it
  button.className = 'data-grid-button';
  button.textContent = typeof action.label === 'function' ? action.label(row) : action.label;
  for (const type of PRESS_EVENTS) button.addEventListener(type, keepTouch, { passive: true });
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    const physical = instance.toPhysicalRow(visualRow);
    const current = rowAt(physical);
    if (current) action.onClick(current, physical);
  });
  td.appendChild(button);
  return td;
}
