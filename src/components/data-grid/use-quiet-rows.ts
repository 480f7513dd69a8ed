// A row just added ('Add team') is blank: every required cell is empty. Painting it red with 'Fix
// the invalid cells before saving' before the user has typed anything tells them they did something
// wrong by following the screen. So a row the user has not touched yet keeps its problems quiet
// until Save is tried; a row they have typed in shows them at once.
import { useCallback, useState } from 'react';
import type { GridRow } from './grid-types';

export function useQuietRows(untouched: ReadonlySet<string>) {
  const [tried, setTried] = useState(false);
  const quietRow = useCallback((row: GridRow) => !tried && untouched.has(String(row.id)), [tried, untouched]);
  return {
    quietRow,
    /** Save was pressed with problems: show every row's. */
    showAll: useCallback(() => setTried(true), []),
    /** Saved: the next row added is quiet again. */
    reset: useCallback(() => setTried(false), []),
  };
}
