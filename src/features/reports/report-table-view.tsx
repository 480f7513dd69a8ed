// One report table: typed text filters the rows across every column, a click (or Enter, or Space)
// on a column header sorts by it (aria-sort says how), the count says how many rows are shown, and
// the rows shown export as CSV or as an Excel workbook (exceljs loaded on that click). An optional
// chart sits above the table; the table is its text alternative.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { TextField } from '../../components/fields';
import { TableScroll } from '../../components/table-scroll';
import { saveReportCsv, saveReportXlsx } from './report-export';
import {
  cellValue,
  displayCell,
  filterRows,
  nextSort,
  rowCountText,
  sortRows,
  type ReportColumn,
  type SortState,
} from './report-table';

export type ReportTableProps<R> = {
  /** Names the table (its caption) and the exported files. */
  title: string;
  rows: readonly R[];
  columns: readonly ReportColumn<R>[];
  /** Shows the caption as a heading above the table (pages with several tables). */
  heading?: boolean;
  /** The chart of the rows, e.g. a lazily loaded ReportBarChart. */
  chart?: ReactNode;
  empty?: string;
  rowKey?: (row: R, index: number) => string;
};

const isNumeric = (column: ReportColumn<unknown>) => column.kind === 'number' || column.kind === 'money';

export function ReportTable<R>({
  title,
  rows,
  columns,
  heading,
  chart,
  empty = 'No rows.',
  rowKey,
}: ReportTableProps<R>) {
  const [typed, setTyped] = useState('');
  const [sort, setSort] = useState<SortState>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captionId = useId();
  const shown = useMemo(() => sortRows(filterRows(rows, columns, typed), columns, sort), [rows, columns, typed, sort]);

  const exportCsv = () => setMessage(`Saved ${saveReportCsv(title, shown, columns)}.`);
  const exportXlsx = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(`Saved ${await saveReportXlsx(title, shown, columns)}.`);
    } catch {
      setMessage('The Excel file could not be made.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report-section" aria-labelledby={captionId}>
      {heading && <h2>{title}</h2>}
      {chart}
      <div className="report-controls no-print">
        <TextField label={heading ? `Filter ${title}` : 'Filter'} value={typed} onChange={setTyped} />
        <div className="report-actions">
          <button
            type="button"
            className="button"
            aria-label={heading ? `Export CSV: ${title}` : undefined}
            disabled={shown.length === 0}
            onClick={exportCsv}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="button"
            aria-label={heading ? `Export Excel: ${title}` : undefined}
            disabled={shown.length === 0 || busy}
            onClick={() => void exportXlsx()}
          >
            {busy ? 'Making Excel file…' : 'Export Excel'}
          </button>
        </div>
      </div>
      {message && (
        <p className="report-count no-print" role="status">
          {message}
        </p>
      )}
      <p className="report-count" aria-live="polite">
        {rowCountText(shown.length, rows.length)}
      </p>
      <div className="admin-list-table-wrap">
        <TableScroll>
          <table className="admin-list-table report-table">
            <caption id={captionId} className="visually-hidden">
              {title}
            </caption>
            <thead>
              <tr>
                {columns.map((c) => {
                  const direction = sort?.key === c.key ? sort.direction : undefined;
                  return (
                    <th key={c.key} scope="col" aria-sort={direction ?? 'none'}>
                      <button
                        type="button"
                        className={`report-sort${isNumeric(c as ReportColumn<unknown>) ? ' num' : ''}`}
                        onClick={() => setSort((now) => nextSort(now, c.key))}
                      >
                        {c.label}
                        <span className="report-sort-mark" aria-hidden="true">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {shown.map((row, index) => (
                <tr key={rowKey ? rowKey(row, index) : index}>
                  {columns.map((c) => (
                    <td key={c.key} className={isNumeric(c as ReportColumn<unknown>) ? 'num' : undefined}>
                      {displayCell(cellValue(row, c), c.kind)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
      {shown.length === 0 && <p>{rows.length === 0 ? empty : 'No rows match the filter.'}</p>}
    </section>
  );
}
