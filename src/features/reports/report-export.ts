// A report's rows as files the device makes with no network: CSV (report-table's reportCsv) and an
// Excel workbook. exceljs is about a megabyte, so it is loaded only when a workbook is asked for.
import { CSV_TYPE, saveFile } from '../../components/save-file';
import { cellValue, reportCsv, reportFileName, type ReportColumn } from './report-table';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function saveReportCsv<R>(title: string, rows: readonly R[], columns: readonly ReportColumn<R>[]): string {
  const name = reportFileName(title, 'csv');
  saveFile(new Blob([reportCsv(rows, columns)], { type: CSV_TYPE }), name);
  return name;
}

/** The rows as an .xlsx workbook of one sheet: numbers and money as numbers (money shown in
 *  dollars), dates as dates (dd/mm/yyyy), text escaped as in the CSV; header bold and repeated
 *  on every printed page. */
export async function reportXlsxBuffer<R>(
  sheetName: string,
  rows: readonly R[],
  columns: readonly ReportColumn<R>[],
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Excel refuses sheet names over 31 characters or holding any of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Report');
  sheet.addRow(columns.map((c) => c.label));
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const value = cellValue(row, c);
        if (value === null || value === undefined) return null;
        if (typeof value === 'boolean') return value ? 'Yes' : 'No';
        if (typeof value === 'number') return value;
        if (c.kind === 'date' && /^\d{4}-\d{2}-\d{2}/.test(value)) return new Date(`${value.slice(0, 10)}T00:00:00Z`);
        // A text cell of a workbook is never a formula: the text goes in as it is (an apostrophe
        // guard, right for CSV, would become part of the name).
        return value;
      }),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.pageSetup.printTitlesRow = '1:1';
  sheet.pageSetup.paperSize = 9; // A4
  columns.forEach((c, index) => {
    const column = sheet.getColumn(index + 1);
    if (c.kind === 'money') column.numFmt = '$#,##0.00';
    if (c.kind === 'date') column.numFmt = 'dd/mm/yyyy';
    const widest = Math.max(c.label.length, ...rows.slice(0, 500).map((r) => String(cellValue(r, c) ?? '').length));
    column.width = Math.min(Math.max(widest + 2, 8), 40);
  });
  // In Node and in the browser exceljs answers a Buffer: a view that may share a larger pool.
  const written: unknown = await workbook.xlsx.writeBuffer();
  if (written instanceof ArrayBuffer) return written;
  const view = written as ArrayBufferView;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice().buffer;
}

export async function saveReportXlsx<R>(
  title: string,
  rows: readonly R[],
  columns: readonly ReportColumn<R>[],
): Promise<string> {
  const name = reportFileName(title, 'xlsx');
  saveFile(new Blob([await reportXlsxBuffer(title, rows, columns)], { type: XLSX_TYPE }), name);
  return name;
}
