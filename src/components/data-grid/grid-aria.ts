// The grid's ARIA structure, corrected after Handsontable 18 draws it (plain DOM, kept apart from
// Handsontable). tests/e2e/accessibility.test.ts checks the result in Chromium with axe.
//
// With `ariaTags` on, Handsontable gives its root element role="treegrid" and marks the wrappers
// down to the rows role="presentation". Two things break that structure:
// - the master scroll container (.ht_master > .wtHolder) also has tabindex="-1"; a focusable element
//   cannot be presentational (ARIA's conflict rule), so it stays in the tree as a group between the
//   grid and its rows (axe: critical aria-required-children);
// - Handsontable appends its cell editors (a <textarea>, a combobox for dropdown cells) and its
//   overlays to the same root element, so an open editor is a text box directly inside the grid
//   (aria-required-children again) and has no label (axe: critical label).
// So the grid role moves to the master <table> itself, which holds exactly the header and body
// rows (rowgroup > row > columnheader / gridcell, all set by Handsontable): the wrappers, the
// editors and the overlays are then outside the grid. The overlays (.ht_clone_*) are visual copies
// of parts of the master table (the sticky header row) and are hidden from assistive technology
// rather than read twice; the editors get a name.
//
// Keyboard: nothing changes here. Tab enters the grid through Handsontable's focus catchers onto a
// cell (every rendered cell is focusable, tabindex -1), and leaves it (tabNavigation off,
// hot-grid.tsx); the arrow keys move the selection and scroll the container, which is what makes
// the scrollable region keyboard-operable. An empty grid is not a Tab stop: Handsontable's focus
// scope only runs with rendered rows, so a screen shows 'Loading…' rather than an empty grid while
// its rows download (use-mirror-view.ts).

export interface GridAriaOptions {
  /** The grid's accessible name (DataGrid's label). */
  label: string;
  /** Data rows in the grid (all of them, not only the rendered ones). */
  rowCount: number;
  /** Columns in the grid (data and action columns). */
  colCount: number;
  /** Column header rows above the data (1 with colHeaders). */
  headerRows: number;
  readOnly: boolean;
}

/** Attributes Handsontable puts on its root element that belong to the grid (now the table). */
export const ROOT_GRID_ATTRIBUTES = ['role', 'aria-rowcount', 'aria-colcount', 'aria-multiselectable'] as const;

function set(element: Element, name: string, value: string | null): void {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

function childWithClass(parent: Element, className: string): Element | undefined {
  return Array.from(parent.children).find((child) => child.classList.contains(className));
}

// Walkontable's overlays: .ht_clone_top, .ht_clone_bottom, .ht_clone_inline_start and the corners.
// Not an editor on a cell's layer (an open editor's holder has the class ht_clone_master).
const OVERLAY = /^ht_clone_(top|bottom|inline_start)/;

function isOverlay(element: Element): boolean {
  return element.classList.contains('handsontable') && Array.from(element.classList).some((name) => OVERLAY.test(name));
}

/** The master table: the one that holds every rendered row. */
function masterTable(root: HTMLElement): HTMLTableElement | null {
  const master = childWithClass(root, 'ht_master');
  const holder = master && childWithClass(master, 'wtHolder');
  return holder?.querySelector<HTMLTableElement>('table.htCore') ?? null;
}

/** Idempotent and cheap (it runs after every Handsontable render, scrolling included). */
export function applyGridAria(
  root: HTMLElement,
  { label, rowCount, colCount, headerRows, readOnly }: GridAriaOptions,
): void {
  for (const name of ROOT_GRID_ATTRIBUTES) set(root, name, null);

  for (const child of Array.from(root.children)) {
    if (isOverlay(child)) set(child, 'aria-hidden', 'true');
  }

  const master = childWithClass(root, 'ht_master');
  const holder = master && childWithClass(master, 'wtHolder');
  // Handsontable keeps it out of the Tab order (tabindex -1); being focusable it cannot be
  // presentational, so it is left a plain element (outside the grid now).
  if (holder) set(holder, 'role', null);

  const table = masterTable(root);
  if (table) {
    // A flat list of rows: role="grid" (a treegrid promises expandable rows with levels).
    set(table, 'role', 'grid');
    set(table, 'aria-label', label);
    // Rows are virtualised: the real count (header included), each rendered row carries its
    // aria-rowindex.
    set(table, 'aria-rowcount', String(rowCount + headerRows));
    set(table, 'aria-colcount', String(colCount));
    set(table, 'aria-multiselectable', 'true');
    set(table, 'aria-readonly', readOnly ? 'true' : null);
  }

  // The editors Handsontable keeps ready (off screen while closed): a name until one is opened on
  // a cell, when labelOpenEditor() names it after the cell's column.
  for (const input of Array.from(root.querySelectorAll('[data-hot-input]'))) {
    if (!input.hasAttribute('aria-label')) set(input, 'aria-label', `${label}: cell editor`);
  }
}

/** Names the open editor after the column of the cell being edited. */
export function labelOpenEditor(root: HTMLElement, columnTitle: string, rowNumber: number): void {
  for (const input of Array.from(root.querySelectorAll('[data-hot-input]'))) {
    const holder = input.parentElement;
    if (holder && !holder.classList.contains('ht_editor_hidden'))
      set(input, 'aria-label', `${columnTitle}, row ${rowNumber}`);
  }
}
