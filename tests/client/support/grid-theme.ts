// The grid's theme stylesheet in a test document. The grid imports Handsontable's theme CSS
// (src/components/data-grid/hot-grid.tsx) and Vite puts it in the page; vitest leaves CSS imports
// out, so Handsontable found the theme enabled but its stylesheet missing and warned on every grid
// a test rendered. Handsontable injects its core styles itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const THEME_CSS = readFileSync(
  createRequire(import.meta.url).resolve('handsontable/styles/ht-theme-main.min.css'),
  'utf8',
);

/** Adds the theme's stylesheet to the document's head, as the page has it. */
export function addGridTheme(document: Document): void {
  const style = document.createElement('style');
  style.textContent = THEME_CSS;
  document.head.append(style);
}
