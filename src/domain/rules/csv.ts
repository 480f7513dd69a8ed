// CSV as the app's exports write it (timing files, registry export, reports; docs/decisions.md
// 'Race day'): UTF-8 with a byte order mark (so Excel reads names right), RFC 4180 quoting, CRLF
// line ends, and formula-looking text defused (OWASP CSV injection). Serialised here, not with a
// library, because the domain imports only zod and date-fns and the format is this small.

/** A cell: text, or a number (written as is: a number is never read as a formula). */
export type CsvCell = string | number;

/** OWASP CSV injection: a cell a spreadsheet would read as a formula gets a leading apostrophe. */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF, doubling its quotes. */
function quoteField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvField(cell: CsvCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return quoteField(escapeCell(cell));
}

/** The table as CSV: a UTF-8 byte order mark, escaped and quoted cells, every line ending CRLF. */
export function csvText(table: readonly (readonly CsvCell[])[]): string {
  return '\uFEFF' + table.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}
