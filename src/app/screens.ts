// Every screen of the app, as the features declare them (each feature's `screens.ts`). Found by
// the folder convention, so the shell never lists a feature's screens itself.
import type { Screen } from '../components/screen';

const declared = import.meta.glob<Screen[]>('../features/*/screens.{ts,tsx}', { eager: true, import: 'screens' });

export const SCREENS: readonly Screen[] = Object.values(declared).flat();

/** The feature folders that declare screens (for the test that every feature is reachable). */
export const SCREEN_SOURCES: readonly string[] = Object.keys(declared);
