// The editor of dropdown cells: Handsontable's own (DropdownEditor, registered under a name of ours
// with registerEditor), with three changes made through its sizing and placing methods.
// - Its list shows its choices: as tall as all of them, laid over the page next to the cell
//   (list-placement.ts) instead of clipped by the grid's edge; it follows the cell when the page
//   or the grid scrolls.
// - Typed text picks the choice it means (choice-match.ts), not the first that contains it.
// - On a touch screen each choice is a 44 px row, and a list that shows whole in the window opens
//   without the on-screen keyboard, which would cover it (a long list keeps it for typing a name).
import { DropdownEditor } from 'handsontable/editors/dropdownEditor';
import type { CellProperties } from 'handsontable/settings';
import { bestChoiceIndex } from './choice-match';
import { WINDOW_MARGIN_PX, placeChoiceList, type Box } from './list-placement';
import { TOUCH_TARGET_PX } from './touch-sizes';
import { isCoarsePointer } from './use-coarse-pointer';

/** The part of the window the user sees, in the coordinates of getBoundingClientRect(). */
function visibleWindow(win: Window): Box {
  const visual = win.visualViewport;
  const root = win.document.documentElement;
  if (!visual) return { top: 0, left: 0, bottom: root.clientHeight, right: root.clientWidth };
  return {
    top: visual.offsetTop,
    left: visual.offsetLeft,
    bottom: visual.offsetTop + visual.height,
    right: visual.offsetLeft + visual.width,
  };
}

/** The name the dropdown columns use for it (registered in hot-grid.tsx). */
export const CHOICE_LIST_EDITOR = 'data-grid-choice-list';

export class ChoiceListEditor extends DropdownEditor {
  private readonly followCell = (event: Event) => {
    // The list scrolling its own choices moves nothing.
    if (event.target instanceof Node && this.htEditor.rootElement.contains(event.target)) return;
    this.placeList();
  };

  override prepare(
    row: number,
    col: number,
    prop: string | number,
    td: HTMLTableCellElement,
    value: unknown,
    cellProperties: CellProperties,
  ) {
    super.prepare(row, col, prop, td, value, cellProperties);
    const touch = isCoarsePointer();
    this.htOptions = { ...this.htOptions, rowHeights: touch ? TOUCH_TARGET_PX : undefined };
    const choices = Array.isArray(cellProperties.source) ? cellProperties.source.length : Infinity;
    const visible = visibleWindow(this.hot.rootWindow);
    const showsWhole = choices * TOUCH_TARGET_PX + 1 <= visible.bottom - visible.top - 2 * WINDOW_MARGIN_PX;
    if (touch && showsWhole) this.TEXTAREA.setAttribute('inputmode', 'none');
    else this.TEXTAREA.removeAttribute('inputmode');
  }

  override open() {
    super.open();
    // The open list paints above the page's sticky toolbar too (data-grid.css).
    this.hot.rootElement.closest('.data-grid-host')?.classList.add('choice-list-open');
    const win = this.hot.rootWindow;
    win.addEventListener('scroll', this.followCell, { capture: true, passive: true });
    win.addEventListener('resize', this.followCell);
    win.visualViewport?.addEventListener('resize', this.followCell);
    win.visualViewport?.addEventListener('scroll', this.followCell);
  }

  override close() {
    const win = this.hot.rootWindow;
    win.removeEventListener('scroll', this.followCell, { capture: true });
    win.removeEventListener('resize', this.followCell);
    win.visualViewport?.removeEventListener('resize', this.followCell);
    win.visualViewport?.removeEventListener('scroll', this.followCell);
    this.hot.rootElement.closest('.data-grid-host')?.classList.remove('choice-list-open');
    super.close();
  }

  /** All the choices: the window, not a row count, limits the list (placeList). */
  override getTargetEditorHeight(): number {
    const rowHeight = this.htEditor.getRowHeight(0) ?? this.htEditor.stylesHandler.getDefaultRowHeight();
    // + 1: the first row's top border.
    return this.strippedChoices.length * rowHeight + 1;
  }

  override highlightBestMatchingChoice(): void {
    super.highlightBestMatchingChoice(bestChoiceIndex(this.strippedChoices, String(this.TEXTAREA.value)));
  }

  // Handsontable flips the list within the grid; placeList() places it within the window.
  override flipDropdownVerticallyIfNeeded() {
    const placed = this.placeList();
    return { isFlipped: placed?.above ?? false, spaceAbove: 0, spaceBelow: 0 };
  }

  override flipDropdownHorizontallyIfNeeded() {
    return { isFlipped: false, spaceInlineStart: 0, spaceInlineEnd: 0 };
  }

  private placeList() {
    const cell = this.getEditedCell();
    if (!this.htEditor || this.htEditor.isDestroyed || this.htEditor.countRows() === 0 || !cell) return undefined;
    const list = this.htEditor.rootElement;
    const wanted = { width: list.offsetWidth, height: this.getTargetEditorHeight() };
    const placed = placeChoiceList(cell.getBoundingClientRect(), wanted, visibleWindow(this.hot.rootWindow));
    if (placed.height !== this.htEditor.getSettings().height) this.setDropdownHeight(placed.height);
    if (placed.width < wanted.width) this.htEditor.updateSettings({ width: placed.width });
    // Fixed: out of the grid's root, which clips what passes its edge (overflow: clip).
    Object.assign(list.style, { position: 'fixed', top: `${placed.top}px`, left: `${placed.left}px`, right: 'auto' });
    this.isFlippedVertically = placed.above;
    return placed;
  }
}
