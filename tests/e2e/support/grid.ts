// The data grid (Handsontable) as a user works it: find a cell of the main table by its text, and
// type a new value into it.
import type { Page } from 'playwright-core';

export const masterCell = (page: Page, text: string) => page.locator('.ht_master td', { hasText: text }).first();

/** Double-clicks the cell showing `text`, replaces its value and confirms with Enter. */
export async function editCell(page: Page, text: string, value: string) {
  await masterCell(page, text).dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}
