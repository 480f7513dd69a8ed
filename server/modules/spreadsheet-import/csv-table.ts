// A CSV or text file as a table of text cells, read as the files schools make: the encoding found
// from a byte-order mark (UTF-8, or UTF-16 as Excel's 'Unicode text' writes it), else UTF-8 when
// the bytes are valid UTF-8, else Windows-1252 (Excel's 'CSV (Comma delimited)' on Windows); the
// delimiter (comma, semicolon, tab) found by papaparse. Rows are numbered as a spreadsheet shows
// them, blank lines included, and read into a BoundedTable, which stops the reading the moment the
// file passes a limit. A file with NUL bytes in 8-bit text is not a spreadsheet (an image, a PDF,
// an .xls).
import Papa from 'papaparse';
import { BoundedTable } from './bounded-table';
import { FILE_MESSAGES, SpreadsheetRefusal } from './refusals';

const notSpreadsheet = () => new SpreadsheetRefusal(415, FILE_MESSAGES.notSpreadsheet);

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The text encoding of a file's bytes (its byte-order mark, else what the bytes allow). */
function detectEncoding(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function decodeText(bytes: Buffer): string {
  const encoding = detectEncoding(bytes);
  if (encoding.startsWith('utf-16')) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      throw notSpreadsheet();
    }
  }
  // Text has no NUL byte in an 8-bit encoding: this is some other file.
  if (bytes.includes(0)) throw notSpreadsheet();
  return new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, '');
}

export function readCsvTable(bytes: Buffer): BoundedTable {
  const text = decodeText(bytes);
  const table = new BoundedTable();
  let rowNumber = 0;
  let refusal: unknown = null;
  Papa.parse<string[]>(text, {
    // Blank lines are rows of the sheet too: the numbers stay those a spreadsheet shows.
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
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
