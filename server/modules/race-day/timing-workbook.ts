// The Excel timing file: the table of src/domain/rules/timing-file.ts as a one-sheet workbook,
// whole numbers as number cells and other text as it is (a text cell is never a formula, so no
// guarding apostrophe becomes part of a name), the heading row bold. The device writes the same
// workbook offline (src/features/race-day/timing-download.ts).
import { fillTimingSheet } from '../../../src/domain/rules/timing-file';

export async function timingWorkbook(table: readonly (readonly string[])[], sheetName: string): Promise<Buffer> {
  // exceljs and what it brings (some 450 modules) load with the first timing file, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  fillTimingSheet(workbook.addWorksheet(sheetName), table);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
