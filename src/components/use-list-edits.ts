// The unsaved edits of a list saved in one batch (results, trophies): rows added, rows changed and
// rows removed on the screen, laid over the stored rows until Save queues them (queueListBatch)
// or the user leaves them.
import { useMemo, useState } from 'react';

type Edits<T> = { added: T[]; changed: Map<string, T>; removed: Set<string> };
const noEdits = <T>(): Edits<T> => ({ added: [], changed: new Map(), removed: new Set() });

/** What Save sends and how to take it back: as queueListBatch takes them. */
export type ListBatch<T> = { added: T[]; changed: { before: T; after: T }[]; removed: T[] };

export function useListEdits<T extends { id: string }>(
  stored: readonly T[] | undefined,
  order: (a: T, b: T) => number,
) {
  const [edits, setEdits] = useState<Edits<T>>(noEdits);
  const shown = useMemo(() => {
    const kept = (stored ?? []).filter((r) => !edits.removed.has(r.id)).map((r) => edits.changed.get(r.id) ?? r);
    // Between Save writing the mirror and the edits being cleared, an added row is in both.
    const ids = new Set(kept.map((r) => r.id));
    return [...kept, ...edits.added.filter((a) => !ids.has(a.id))].sort(order);
  }, [stored, edits, order]);

  const isAdded = (e: Edits<T>, id: string) => e.added.some((a) => a.id === id);
  return {
    shown,
    dirty: edits.added.length + edits.changed.size + edits.removed.size > 0,
    anyRemoved: edits.removed.size > 0,
    add: (row: T) => setEdits((e) => ({ ...e, added: [...e.added, row] })),
    /** A row edited on the screen: a new one stays new, a stored one is changed. */
    change: (row: T) =>
      setEdits((e) =>
        isAdded(e, row.id)
          ? { ...e, added: e.added.map((a) => (a.id === row.id ? row : a)) }
          : { ...e, changed: new Map(e.changed).set(row.id, row) },
      ),
    remove: (row: T) =>
      setEdits((e) => {
        if (isAdded(e, row.id)) return { ...e, added: e.added.filter((a) => a.id !== row.id) };
        const changed = new Map(e.changed);
        changed.delete(row.id);
        return { ...e, changed, removed: new Set(e.removed).add(row.id) };
      }),
    reset: () => setEdits(noEdits()),
    batch: (): ListBatch<T> => {
      const byId = new Map((stored ?? []).map((r) => [r.id, r]));
      return {
        added: edits.added,
        changed: [...edits.changed.values()].flatMap((after) => {
          const before = byId.get(after.id);
          return before ? [{ before, after }] : [];
        }),
        removed: [...edits.removed].flatMap((id) => byId.get(id) ?? []),
      };
    },
  };
}
