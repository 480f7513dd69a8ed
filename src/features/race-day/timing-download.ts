// The timing files as the device builds them, with no network: the CSV of the domain's
// timingCsv as a file and the same table as an Excel workbook (src/components/save-file hands
// either to the browser). exceljs is about a megabyte, so it loads only when a workbook is asked.
import { CSV_TYPE } from '../../components/save-file';
import { fillTimingSheet, timingCsv } from '../../domain/rules/timing-file';

export function timingCsvBlob(table: readonly (readonly string[])[]): Blob {
  return new Blob([timingCsv(table)], { type: CSV_TYPE });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The table as an .xlsx workbook of one sheet: whole numbers as number cells, other cells as
 *  their text exactly (a text cell is never a formula, so '=1+1' stays a name, not guarded with an
 *  apostrophe that would become part of it), the header bold. */
export async function timingXlsxBuffer(table: readonly (readonly string[])[], sheetName: string): Promise<ArrayBuffer> {
  return sheetsXlsxBuffer([{ name: sheetName, table }]);
}

/** Several tables as the sheets of one workbook, each filled as a timing file's sheet. */
export async function sheetsXlsxBuffer(
  sheets: readonly { name: string; table: readonly (readonly string[])[] }[],
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Filled as the server fills its workbook (server/modules/race-day/timing-workbook.ts).
  for (const sheet of sheets) fillTimingSheet(workbook.addWorksheet(sheet.name), sheet.table);
  // In Node and in the browser exceljs answers a Buffer: a view that may share a larger pool.
  const written: unknown = await workbook.xlsx.writeBuffer();
  if (written instanceof ArrayBuffer) return written;
  const view = written as ArrayBufferView;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice().buffer;
}
