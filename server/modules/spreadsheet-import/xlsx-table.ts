// An .xlsx file's first worksheet as a table of text cells, read by exceljs's streaming reader
// (WorkbookReader with shared strings and styles cached, worksheets emitted, hyperlinks ignored)
// into a BoundedTable, which refuses the file the moment it passes a limit; cell values become
// text in xlsx-cell-text.ts. A cell without its reference (r="B7", which Excel always writes)
// stops exceljs, so such a sheet is unreadable.
// The shim: exceljs's WorkbookReader unzips its input itself, from the first byte on, with no
// regard to the zip directory or the sizes it declares, and copies a sheet that comes before the
// shared strings (as Excel and exceljs write them) to a temporary file. So its own steps for each
// part are fed from yauzl (xlsx-parts.ts) instead: only the parts it needs, in the order it needs
// them (the workbook and its relationships, shared strings, styles, then the first sheet), each
// stopped at the size its directory entry declares, and nothing written to disk.
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { BoundedTable, MAX_SHEET_ROW } from './bounded-table';
import { unreadable } from './refusals';
import { cellText } from './xlsx-cell-text';
import { openXlsxParts, type XlsxParts } from './xlsx-parts';

const READER_OPTIONS = { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' } as const;

/** exceljs's fixed names for the workbook and its relationships (its reader knows no others). */
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const RELATIONSHIP_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

type Relationship = { Id: string; Type: string; Target: string };
type SheetReader = ExcelJS.stream.xlsx.WorksheetReader;

/** The parts of WorkbookReader this file uses that its type declarations leave out. */
type ReaderSteps = {
  workbookRels?: Relationship[];
  model?: { sheets?: { rId: string }[] };
  properties?: { model?: { date1904?: boolean } };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ eventType: string; value: SheetReader }>;
};

async function required(parts: XlsxParts, name: string): Promise<Readable> {
  const part = await parts.open(name);
  if (!part) throw unreadable();
  return part;
}

/** A relationship's target as a part name (relative to the workbook's folder unless it starts with '/'). */
const partName = (target: string) =>
  target.startsWith('/') ? target : path.posix.join(path.posix.dirname(WORKBOOK), target);

/** The workbook's first worksheet, ready to be read row by row, and whether its dates count from 1904. */
async function firstWorksheet(parts: XlsxParts): Promise<{ sheet: SheetReader; date1904: boolean }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), READER_OPTIONS) as unknown as ReaderSteps;
  await reader._parseRels(await required(parts, WORKBOOK_RELATIONSHIPS));
  await reader._parseWorkbook(await required(parts, WORKBOOK));
  const relationships = reader.workbookRels ?? [];
  const target = (type: string, id?: string) =>
    relationships.find((r) => r.Type === RELATIONSHIP_TYPES + type && (id === undefined || r.Id === id))?.Target;

  const sharedStrings = target('sharedStrings');
  const strings = sharedStrings ? await parts.open(partName(sharedStrings)) : null;
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const styles = target('styles');
  const stylesPart = styles ? await parts.open(partName(styles)) : null;
  if (stylesPart) await reader._parseStyles(stylesPart);

  // The first sheet of the workbook's list that is a worksheet (a chart sheet has no cells).
  const sheetTarget = (reader.model?.sheets ?? []).map((s) => target('worksheet', s.rId)).find(Boolean);
  if (!sheetTarget) throw unreadable();
  const [emitted] = reader._parseWorksheet(await required(parts, partName(sheetTarget)), '1');
  if (!emitted) throw unreadable();
  return { sheet: emitted.value, date1904: reader.properties?.model?.date1904 === true };
}

/** The first worksheet's rows, within the limits (or refused). */
export async function readXlsxTable(bytes: Buffer): Promise<BoundedTable> {
  const parts = await openXlsxParts(bytes);
  try {
    const { sheet, date1904 } = await firstWorksheet(parts);
    const table = new BoundedTable();
    let rowNumber = 0;
    for await (const row of sheet) {
      // A row without its number follows the one before it.
      rowNumber = Number.isInteger(row.number) && row.number > 0 ? row.number : rowNumber + 1;
      if (rowNumber > MAX_SHEET_ROW) throw unreadable();
      const cells: string[] = [];
      row.eachCell((cell, column) => {
        cells[column - 1] = cellText(cell, date1904);
      });
      table.add(rowNumber, cells);
    }
    return table;
  } finally {
    parts.close();
  }
}
