import { FILE_SYSTEMS, type FileSystem } from '../constants/race-day';
import { FILE_SYSTEM_SLUGS, type FileSystemSlug } from '../constants/timing-files';
import { isLiveHeatsDiscipline } from './discipline-groups';

/** The timing system of a files page from its path: 'nsw' -> NSW, 'vic' -> VIC, else Live heats. */
export function fileSystemFromPath(path: string): FileSystem {
  const lower = path.toLowerCase();
  if (lower.includes('nsw')) return 'NSW';
  if (lower.includes('vic')) return 'VIC';
  return 'Live heats';
}

/** The system an address names ('nsw-system', 'vic-system', 'live-heats'). */
export function fileSystemFromSlug(slug: FileSystemSlug): FileSystem {
  return FILE_SYSTEMS.find((system) => FILE_SYSTEM_SLUGS[system] === slug)!;
}

/** The files page of a timing system (spec section 2's paths). */
export function fileSystemPath(system: FileSystem): string {
  return `/files/${FILE_SYSTEM_SLUGS[system]}`;
}

/** Disciplines a files page offers: Live heats shows only 2, 10 and 11. */
export function fileDisciplines<D extends { DisciplineId: number }>(
  system: FileSystem,
  disciplines: readonly D[],
): D[] {
  return system === 'Live heats' ? disciplines.filter((d) => isLiveHeatsDiscipline(d.DisciplineId)) : [...disciplines];
}
