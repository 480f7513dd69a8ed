// The participants module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { registryUnavailable } from './registry-check';
export { requireSchool } from './service';
export { toParticipant, toTeamEntry } from './shape';
export type { TeamEntryRow } from './shape';
