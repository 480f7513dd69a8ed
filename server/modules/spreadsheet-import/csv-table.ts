// A CSV file as a table of text cells: UTF-8 text (a leading BOM dropped) read row by row with
// papaparse into a BoundedTable, which stops the reading the moment the file passes a limit.
// Blank lines are skipped, as they always were, so row numbers count the lines with something on
// them. A file with NUL bytes or that is not UTF-8 is not a spreadsheet (an image, a PDF, an .xls).
import Papa from 'papaparse';
import { BoundedTable } from './bounded-table';
import { FILE_MESSAGES, SpreadsheetRefusal } from './refusals';

const notSpreadsheet = () => new SpreadsheetRefusal(415, FILE_MESSAGES.notSpreadsheet);

export function readCsvTable(bytes: Buffer): BoundedTable {
  if (bytes.includes(0)) throw notSpreadsheet();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notSpreadsheet();
  }
  const table = new BoundedTable();
  let rowNumber = 0;
  let refusal: unknown = null;
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    step: (row, parser) => {
      try {
        table.add(++rowNumber, row.data);
      } catch (err) {
        refusal = err;
        parser.abort();
      }
    },
  });
  if (refusal) throw refusal;
  return table;
}
