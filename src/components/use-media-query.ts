// Whether a CSS media query matches, following changes (a tablet turned, a window resized). Where
// the browser has no matchMedia (test DOMs) the `fallback` answers.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}

/** Laptops and larger: the navigation is a side rail; below, a menu button opens it as a drawer. */
export const WIDE_SCREEN = '(min-width: 1024px)';
