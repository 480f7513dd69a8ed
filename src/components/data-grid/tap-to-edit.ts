// One tap edits a cell on a touch screen. Handsontable opens an editor on a double click, and pairs
// two taps into one, so every cell took two taps. A mouse keeps that: a click selects, a double
// click or typing edits.
//
// Handsontable already tells a tap from a swipe: it selects a cell on touchend only when the finger
// did not move (Walkontable's onTouchEnd), and only then runs afterOnCellMouseUp, with the touchend
// event. So a swipe scrolls the grid and never reaches this; a tap opens the editor the selection
// has just prepared, the way Handsontable's double click does (enableFullEditMode, beginEditing:
// BaseEditor's documented methods). Read-only cells and button cells have no editor.
import type Handsontable from 'handsontable/base';
import type { CellCoords } from 'handsontable/base';

function editOnTap(
  hot: Handsontable.Core,
  event: MouseEvent | TouchEvent,
  coords: CellCoords,
  td: HTMLTableCellElement,
) {
  if (event.type !== 'touchend' || !coords.isCell()) return;
  const editor = hot.getActiveEditor();
  if (!editor || editor.isOpened() || editor.row !== coords.row || editor.col !== coords.col) return;
  if (editor.cellProperties.type === 'checkbox') {
    // The checkbox itself takes its tap; a tap beside it in the cell toggles it too, as
    // Handsontable's double click on the cell does, so the whole cell is the target.
    if (event.target === td) td.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
    return;
  }
  editor.enableFullEditMode();
  editor.beginEditing(undefined, event);
}

/** Starts editing a cell on one tap; returns the function that stops it. */
export function editCellsOnTap(hot: Handsontable.Core): () => void {
  const onCellMouseUp = (event: MouseEvent, coords: CellCoords, td: HTMLTableCellElement) =>
    editOnTap(hot, event, coords, td);
  hot.addHook('afterOnCellMouseUp', onCellMouseUp);
  return () => {
    if (!hot.isDestroyed) hot.removeHook('afterOnCellMouseUp', onCellMouseUp);
  };
}
