// Paging of the race-day lists (50 rows a page by default, as the spec's forms; 100 or all on
// request), kept in the address with the race so a reload or a shared link opens the same page.
import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../components/fields';
import { pageRows } from '../../domain/rules/start-order';

const ROWS_OPTIONS = ['50', '100', 'All'];

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    setParams(next, { replace: true });
  };
  const rows = ROWS_OPTIONS.includes(params.get('rows') ?? '') ? params.get('rows')! : ROWS_OPTIONS[0]!;
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { params, set, rows, page };
}

export type ListParams = ReturnType<typeof useListParams>;

/** The rows of the asked page (the last page when asked past it), with what the pager shows. */
export function pageOf<T>(all: readonly T[], list: Pick<ListParams, 'rows' | 'page'>) {
  const size = list.rows === 'All' ? Math.max(all.length, 1) : Number(list.rows);
  const pages = pageRows(all, size);
  const page = Math.min(list.page, Math.max(pages.length, 1));
  return {
    rows: pages[page - 1] ?? [],
    page,
    pages: Math.max(pages.length, 1),
    first: (page - 1) * size + 1,
    total: all.length,
  };
}

export function Pager({ list, at }: { list: ListParams; at: ReturnType<typeof pageOf> }) {
  return (
    <nav className="race-pager" aria-label="Pages">
      <span>
        Rows {at.total ? at.first : 0}–{at.first + at.rows.length - 1} of {at.total}
      </span>
      <button
        type="button"
        className="button"
        disabled={at.page <= 1}
        onClick={() => list.set({ page: String(at.page - 1) })}
      >
        Previous
      </button>
      <span>
        Page {at.page} of {at.pages}
      </span>
      <button
        type="button"
        className="button"
        disabled={at.page >= at.pages}
        onClick={() => list.set({ page: String(at.page + 1) })}
      >
        Next
      </button>
      <SelectField
        label="Rows per page"
        value={list.rows}
        options={ROWS_OPTIONS}
        onChange={(rows) => list.set({ rows, page: '1' })}
      />
    </nav>
  );
}
