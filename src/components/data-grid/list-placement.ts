// Where a dropdown cell's list goes in the window. Handsontable keeps the list inside the grid,
// whose edge clips it (its `visibleRows` documentation says so), which left 2 or 3 choices in a
// short grid and a 20 px sliver on a phone. Here the list is laid over the page: below the cell
// when it fits there, else above it, else wherever in the window it fits whole, over the cell if
// need be; only a list taller than the window scrolls.

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface ListPlacement {
  top: number;
  left: number;
  width: number;
  height: number;
  /** The list ends above the cell (the arrow keys then start from its last choice). */
  above: boolean;
}

/** Space kept between the list and the edges of the window. */
export const WINDOW_MARGIN_PX = 8;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/** `viewport` is the part of the window the user sees (an on-screen keyboard takes the rest). */
export function placeChoiceList(cell: Box, list: Size, viewport: Box, margin = WINDOW_MARGIN_PX): ListPlacement {
  const top = viewport.top + margin;
  const bottom = viewport.bottom - margin;
  const height = Math.min(list.height, bottom - top);
  const width = Math.min(list.width, viewport.right - viewport.left - 2 * margin);
  const left = clamp(cell.left, viewport.left + margin, viewport.right - margin - width);
  if (height <= bottom - cell.bottom) return { top: cell.bottom, left, width, height, above: false };
  if (height <= cell.top - top) return { top: cell.top - height, left, width, height, above: true };
  // Neither side holds it: start from the roomier side and slide it into the window.
  const preferred = bottom - cell.bottom >= cell.top - top ? cell.bottom : cell.top - height;
  const placedTop = clamp(preferred, top, bottom - height);
  return { top: placedTop, left, width, height, above: placedTop + height <= cell.top };
}
