// An .xlsx file's first worksheet as a table of text cells, read as a stream of XML events into a
// BoundedTable, which refuses the file the moment it passes a limit. Cells read as exceljs used to
// read them: shared and inline strings (rich text joined), formula results, numbers as typed,
// numbers styled as dates as ISO dates (the 1904 date system too), TRUE/FALSE as 'true'/'false',
// errors as blanks. The parts are found the way Excel finds them: the package's relationships
// name the workbook, the workbook's name its sheets (first one first), shared strings and styles.
import path from 'node:path';
import { MAX_IMPORT_CELL_LENGTH, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../src/domain/constants/limits';
import { BoundedTable, MAX_SHEET_ROW, cellTooLong, tooManyColumns } from './bounded-table';
import { tooMuch, unreadable } from './refusals';
import { EnoughRead, readXml } from './xml-events';
import { readZipParts, unpackPart, type ZipPart } from './zip-parts';

/** More distinct texts than a sheet within the limits can show is not a student list. */
const MAX_SHARED_STRINGS = (MAX_IMPORT_ROWS + 1) * MAX_IMPORT_COLUMNS;
/** A shared string longer than a cell may be; refused only when a cell shows it. */
const TOO_LONG = null;

type Relationship = { type: string; target: string };

function partReader(zip: Buffer) {
  const byName = new Map<string, ZipPart>();
  for (const part of readZipParts(zip)) byName.set(part.name.replace(/^\//, '').toLowerCase(), part);
  return (name: string): Buffer | null => {
    const part = byName.get(name.toLowerCase());
    return part ? unpackPart(zip, part) : null;
  };
}

function relationships(bytes: Buffer | null, base: string): Map<string, Relationship> {
  const found = new Map<string, Relationship>();
  if (!bytes) return found;
  readXml(bytes, {
    open: (name, a) => {
      if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
      const target = a.Target.startsWith('/') ? a.Target.slice(1) : path.posix.join(base, a.Target);
      found.set(a.Id, { type: a.Type ?? '', target });
    },
  });
  return found;
}

const relationshipsOf = (read: ReturnType<typeof partReader>, partName: string) =>
  relationships(read(path.posix.join(path.posix.dirname(partName), '_rels', `${path.posix.basename(partName)}.rels`)), path.posix.dirname(partName));

const ofType = (rels: Map<string, Relationship>, type: string) => [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

/** The workbook's first sheet's relationship id, and whether its dates count from 1904. */
function readWorkbook(bytes: Buffer): { firstSheet: string | undefined; date1904: boolean } {
  let firstSheet: string | undefined;
  let date1904 = false;
  readXml(bytes, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && firstSheet === undefined) firstSheet = a.id;
    },
    close: (name) => {
      if (name === 'sheets') throw new EnoughRead();
    },
  });
  return { firstSheet, date1904 };
}

function readSharedStrings(bytes: Buffer | null): (string | typeof TOO_LONG)[] {
  const strings: (string | typeof TOO_LONG)[] = [];
  if (!bytes) return strings;
  let current: string | typeof TOO_LONG = '';
  let inText = false;
  let inPhonetic = false;
  readXml(bytes, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    text: (text) => {
      if (!inText || inPhonetic || current === TOO_LONG) return;
      current += text;
      if (current.length > MAX_IMPORT_CELL_LENGTH) current = TOO_LONG;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        if (strings.length >= MAX_SHARED_STRINGS) throw tooMuch();
        strings.push(current);
      }
    },
  });
  return strings;
}

/** Excel's built-in number formats that show a date or time. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A number format showing a date: day, month, year or time letters outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell styles (by index) whose numbers are dates. */
function readDateStyles(bytes: Buffer | null): Set<number> {
  const dates = new Set<number>();
  if (!bytes) return dates;
  const customDates = new Set<number>();
  let inCellFormats = false;
  let index = 0;
  readXml(bytes, {
    open: (name, a) => {
      if (name === 'numFmt' && a.formatCode !== undefined && isDateFormat(a.formatCode)) customDates.add(Number(a.numFmtId));
      else if (name === 'cellXfs') inCellFormats = true;
      else if (name === 'xf' && inCellFormats) {
        const format = Number(a.numFmtId ?? 0);
        if (BUILT_IN_DATE_FORMATS.has(format) || customDates.has(format)) dates.add(index);
        index++;
      }
    },
    close: (name) => {
      if (name === 'cellXfs') throw new EnoughRead();
    },
  });
  return dates;
}

/** A serial day number as an ISO date (days since 1899-12-30, or 1904-01-01). */
function serialDate(serial: number, date1904: boolean): string | null {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}

/** Column number (1-based) of a cell reference such as 'AB12'; null without one. */
function columnOf(reference: string | undefined): number | null {
  const letters = reference ? /^([A-Z]{1,3})\d*$/i.exec(reference)?.[1] : undefined;
  if (!letters) return null;
  let column = 0;
  for (const ch of letters.toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return column;
}

type Context = { strings: (string | typeof TOO_LONG)[]; dateStyles: Set<number>; date1904: boolean };

function readSheet(bytes: Buffer, context: Context, table: BoundedTable): void {
  let rowNumber = 0;
  let cells: string[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let value = '';
  let reading: 'value' | 'text' | null = null;
  let inPhonetic = false;

  const cellText = (): string => {
    switch (type) {
      case 's': {
        if (value.trim() === '') return '';
        const shared = context.strings[Number(value)];
        if (shared === TOO_LONG) throw cellTooLong(rowNumber);
        return shared ?? '';
      }
      case 'inlineStr': case 'str': return value;
      case 'b': return value === '1' ? 'true' : value === '0' ? 'false' : value;
      case 'e': return '';
      case 'd': return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
      default: {
        if (value.trim() === '') return '';
        const number = Number(value);
        if (!Number.isFinite(number)) return value;
        return (context.dateStyles.has(style) ? serialDate(number, context.date1904) : null) ?? String(number);
      }
    }
  };

  readXml(bytes, {
    open: (name, a) => {
      if (name === 'row') {
        const r = a.r === undefined ? rowNumber + 1 : Number(a.r);
        if (!Number.isInteger(r) || r < 1 || r > MAX_SHEET_ROW) throw unreadable();
        rowNumber = r;
        cells = [];
        column = 0;
      } else if (name === 'c') {
        column = columnOf(a.r) ?? column + 1;
        type = a.t ?? 'n';
        style = Number(a.s ?? 0);
        value = '';
      } else if (name === 'v' && type !== 'inlineStr') reading = 'value';
      else if (name === 't' && type === 'inlineStr') reading = 'text';
      else if (name === 'rPh') inPhonetic = true;
    },
    text: (text) => {
      if (reading === null || inPhonetic) return;
      value += text;
      if (value.length > MAX_IMPORT_CELL_LENGTH) throw cellTooLong(rowNumber);
    },
    close: (name) => {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c') {
        const text = cellText();
        if (text === '') return;
        if (column > MAX_IMPORT_COLUMNS) throw tooManyColumns();
        cells[column - 1] = text;
      } else if (name === 'row') table.add(rowNumber, cells);
      else if (name === 'sheetData') throw new EnoughRead();
    },
  });
}

/** The first worksheet's rows, within the limits (or refused). */
export function readXlsxTable(zip: Buffer): BoundedTable {
  const read = partReader(zip);
  const workbookName = ofType(relationships(read('_rels/.rels'), ''), 'officeDocument') ?? 'xl/workbook.xml';
  const workbook = read(workbookName);
  if (!workbook) throw unreadable();
  const { firstSheet, date1904 } = readWorkbook(workbook);
  const rels = relationshipsOf(read, workbookName);
  const sheetName = firstSheet === undefined ? undefined : rels.get(firstSheet)?.target;
  const sheet = sheetName ? read(sheetName) : null;
  if (!sheet) throw unreadable();
  const stringsName = ofType(rels, 'sharedStrings');
  const stylesName = ofType(rels, 'styles');
  const context: Context = {
    strings: readSharedStrings(stringsName ? read(stringsName) : null),
    dateStyles: readDateStyles(stylesName ? read(stylesName) : null),
    date1904,
  };
  const table = new BoundedTable();
  readSheet(sheet, context, table);
  return table;
}
