// One table of the results screen (results-page.tsx): its own columns, then the published file
// (only a safe stored address opens), the placings folded away, and the admin's Edit and Remove.
import type { ReactNode } from 'react';
import { StoredLink } from '../../components/stored-link';
import { TableScroll } from '../../components/table-scroll';
import type { Placing } from '../../domain/schemas/entities/result';
import { placingLine } from './placings-editor';

function FileLink({ url, label }: { url: string; label: string }) {
  if (!url) return <>Not published yet</>;
  // Only a web address or one of our files opens (a javascript: or data: address stored before the
  // server checked them is shown as text, never followed). The visible words start the accessible
  // name (WCAG 2.5.3), the row's description follows.
  return (
    <StoredLink url={url} fallback={url} aria-label={`Open result: ${label}`}>
      Open result
    </StoredLink>
  );
}

function Placings({ placings }: { placings: readonly Placing[] | null | undefined }) {
  if (!placings?.length) return <>None entered</>;
  return (
    <details>
      <summary>{placings.length === 1 ? '1 placing' : `${placings.length} placings`}</summary>
      {/* The place is part of each line: ties share a number, so the list does not count. */}
      <ul className="admin-list-lines">
        {placings.map((p, i) => (
          <li key={`${p.place}-${i}`}>{placingLine(p)}</li>
        ))}
      </ul>
    </details>
  );
}

export type Column<T> = { header: string; cell(row: T): ReactNode };
type Row = { id: string; fileUrl: string; placings: Placing[] | null; _pending?: boolean };

/** One results table: its columns, then the file, the placings and the admin's Edit and Remove. */
export function ResultTable<T extends Row>({
  id,
  title,
  rows,
  columns,
  label,
  admin,
  busy,
  pendingNote,
  empty,
  onEdit,
  onRemove,
}: {
  id: string;
  title: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  label(row: T): string;
  admin: boolean;
  busy: boolean;
  pendingNote: string;
  empty: string;
  onEdit(row: T): void;
  onRemove(row: T): void;
}) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      {rows === undefined ? (
        <p role="status">Loading…</p>
      ) : (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table" aria-labelledby={id}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">Result file</th>
                  <th scope="col">Placings</th>
                  {admin && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    {columns.map((c) => (
                      <td key={c.header}>{c.cell(r)}</td>
                    ))}
                    <td>
                      <FileLink url={r.fileUrl} label={label(r)} />
                      {r._pending && <span className="admin-list-pending">{pendingNote}</span>}
                    </td>
                    <td>
                      <Placings placings={r.placings} />
                    </td>
                    {admin && (
                      <td className="admin-list-row-actions">
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          aria-label={`Edit ${label(r)}`}
                          onClick={() => onEdit(r)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button"
                          disabled={busy}
                          aria-label={`Remove ${label(r)}`}
                          onClick={() => onRemove(r)}
                        >
                          Remove
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {rows.length === 0 && <p>{empty}</p>}
        </div>
      )}
    </>
  );
}
