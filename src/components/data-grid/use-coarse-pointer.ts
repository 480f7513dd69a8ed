// Whether the device's main pointer is a finger (CSS `pointer: coarse`): touch screens get taller
// rows and larger controls, a mouse or trackpad keeps the dense grid. Follows a change (a tablet
// docked to a keyboard and trackpad).
import { GRID_ROW_HEIGHT_PX } from '../../domain/constants/ui';
import { useMediaQuery } from '../use-media-query';
import { TOUCH_ROW_HEIGHT_PX } from './touch-sizes';

const COARSE_POINTER = '(pointer: coarse)';

export function isCoarsePointer(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(COARSE_POINTER).matches
  );
}

/** The grid's row height here: rows a finger can hit on a touch screen, the spec's 31 px with a mouse. */
export function useGridRowHeight(): number {
  return useMediaQuery(COARSE_POINTER, false) ? TOUCH_ROW_HEIGHT_PX : GRID_ROW_HEIGHT_PX;
}
