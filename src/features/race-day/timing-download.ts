// The timing files as the device builds them, with no network: the CSV of the domain's
// timingCsv as a file and the same table as an Excel workbook (src/components/save-file hands
// either to the browser). exceljs is about a megabyte, so it loads only when a workbook is asked.
import { CSV_TYPE } from '../../components/save-file';
import { escapeCell, timingCsv } from '../../domain/rules/timing-file';

export function timingCsvBlob(table: readonly (readonly string[])[]): Blob {
  return new Blob([timingCsv(table)], { type: CSV_TYPE });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The table as an .xlsx workbook of one sheet: every cell text (as in the CSV, so a bib or a
 *  year level keeps its exact spelling and a formula-looking name stays inert), the header bold. */
export async function timingXlsxBuffer(table: readonly (readonly string[])[], sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of table) sheet.addRow(row.map(escapeCell));
  sheet.getRow(1).font = { bold: true };
  const columns = table[0]?.length ?? 0;
  for (let column = 1; column <= columns; column += 1) {
    const widest = Math.max(...table.map((row) => (row[column - 1] ?? '').length));
    sheet.getColumn(column).width = Math.min(Math.max(widest + 2, 8), 40);
  }
  // In Node and in the browser exceljs answers a Buffer: a view that may share a larger pool.
  const written: unknown = await workbook.xlsx.writeBuffer();
  if (written instanceof ArrayBuffer) return written;
  const view = written as ArrayBufferView;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice().buffer;
}
