// A spreadsheet a user chooses, read on the device into rows of text cells (its first sheet): CSV
// or text by papaparse, .xlsx by exceljs, loaded only when a workbook is chosen (it is about a
// megabyte). A date cell becomes YYYY-MM-DD and a time-of-day cell HH:mm, as people typed them.
import Papa from 'papaparse';

export const SHEET_FILE_TYPES =
  '.xlsx,.csv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel keeps a time of day as a date on 30 December 1899 (its day 0), in UTC as exceljs reads it. */
function dateCellText(at: Date): string {
  if (at.getUTCFullYear() < 1900) return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCellText(value);
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if (cell.richText) return cell.richText.map((r) => r.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
  }
  return String(value as string | number | boolean);
}

export async function readSheetFile(file: File): Promise<string[][]> {
  if (/\.xlsx$/i.test(file.name)) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row, number) => {
      const values = row.values as unknown[];
      rows[number - 1] = values.slice(1).map(cellText);
    });
    return Array.from(rows, (row) => row ?? []);
  }
  const parsed = Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data;
}
