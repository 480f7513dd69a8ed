// A screen's draft (its unsaved edits) held in React state and written to the device after every
// change (src/db/drafts.ts), read back when the screen opens: a user who leaves the screen,
// reloads, or whose phone drops the page finds the edits again, with a note saying so.
import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import type { InterschoolsDb } from '../db/database';
import { deleteDraft, getDraft, putDraft } from '../db/drafts';

type State<T> = { key: string | null; draft: T; restored: boolean; loaded: boolean };

export interface PersistedDraft<T> {
  draft: T;
  setDraft(next: SetStateAction<T>): void;
  /** The draft was found on the device when the screen opened and still holds edits. */
  restored: boolean;
}

/** `key`: draftKey(...) of the screen, or null while there is no user, school or event. `count`:
 *  the edits a draft holds (0 = nothing unsaved: the stored draft is removed), or null while the
 *  screen cannot tell yet (its saved rows still loading): the stored draft is then left as it is. */
export function usePersistedDraft<T>(
  db: InterschoolsDb,
  key: string | null,
  empty: T,
  count: (draft: T) => number | null,
): PersistedDraft<T> {
  const [stored, setState] = useState<State<T>>({ key, draft: empty, restored: false, loaded: key === null });
  // Another screen, school or event: start from nothing until its own draft is read.
  let state = stored;
  if (stored.key !== key) {
    state = { key, draft: empty, restored: false, loaded: key === null };
    setState(state);
  }

  // The stored draft of this key, once; edits wait for it (it is a few milliseconds away).
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    void getDraft<T>(db, key).then((found) => {
      if (!live) return;
      // An edit made while it was being read (a quick first click) is not thrown away.
      setState((current) => {
        if (current.key !== key) return current;
        const kept = found !== undefined && found.count > 0 && current.draft === empty;
        return { key, draft: kept ? found.value : current.draft, restored: kept, loaded: true };
      });
    });
    return () => {
      live = false;
    };
    // `empty` is the screen's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key]);

  const n = count(state.draft);
  useEffect(() => {
    if (!state.loaded || state.key === null || n === null) return;
    void (n > 0 ? putDraft(db, state.key, state.draft, n) : deleteDraft(db, state.key));
  }, [db, state.key, state.loaded, state.draft, n]);

  const setDraft = useCallback((next: SetStateAction<T>) => {
    setState((current) => ({
      ...current,
      draft: typeof next === 'function' ? (next as (draft: T) => T)(current.draft) : next,
    }));
  }, []);

  return { draft: state.draft, setDraft, restored: state.restored && (n ?? 0) > 0 };
}
