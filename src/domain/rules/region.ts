import { NSW_REGIONS, REGION_STATE_ID, type Region } from '../constants/choices';

/** A region is selectable only for state id 3 (NSW). */
export function regionAllowed(stateId: number | null | undefined): boolean {
  return stateId === REGION_STATE_ID;
}

export function regionChoices(stateId: number | null | undefined): readonly Region[] {
  return regionAllowed(stateId) ? NSW_REGIONS : [];
}

/** The region to save: kept for state 3, emptied for any other state. */
export function normaliseRegion(stateId: number | null | undefined, region: string | null | undefined): string {
  return regionAllowed(stateId) ? (region ?? '') : '';
}

export function normaliseSchoolRegion<T extends { StateId: number | null; region?: string | null }>(school: T): T {
  return { ...school, region: normaliseRegion(school.StateId, school.region) };
}
